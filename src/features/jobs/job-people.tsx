import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useApi } from "@/api/api-context";
import { jobErrorText } from "@/api/job-error-text";
import { jobPeopleQuery, JOBS_PAGE_SIZE } from "@/api/jobs/job-queries";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import { PersonName } from "@/components/person-name";
import { useChannelPeople } from "@/components/use-channel-people";
import { type JobPersonState, jobPersonStates } from "@/contract/jobs";
import { personStateWords } from "./job-words";
import "@/components/data-table.css";

/** The people of a job, each with where their write stands, filtered by that and paged. */
export function JobPeople({ jobId, running }: { jobId: number; running: boolean }) {
  const { t, i18n } = useLingui();
  const { gateway } = useApi();
  const filterId = useId();
  const [state, setState] = useState<JobPersonState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const people = useQuery(jobPeopleQuery(jobId, state, page, gateway, running));
  const items = people.data?.items ?? [];
  const names = useChannelPeople(items.map((person) => person.user_id));
  const pages = Math.ceil((people.data?.count ?? 0) / JOBS_PAGE_SIZE);

  return (
    <section className="job-people" aria-labelledby={`${filterId}-title`}>
      <h2 id={`${filterId}-title`}>
        <Trans>People</Trans>
      </h2>
      <p className="job-people-filter">
        <label htmlFor={filterId}>
          <Trans>Show</Trans>
        </label>{" "}
        <select
          id={filterId}
          value={state ?? ""}
          onChange={(event) => {
            const value = event.target.value;
            setState(jobPersonStates.find((one) => one === value));
            setPage(1);
          }}
        >
          <option value="">{t`Everyone`}</option>
          {jobPersonStates.map((one) => (
            <option key={one} value={one}>
              {i18n._(personStateWords[one])}
            </option>
          ))}
        </select>
      </p>
      {people.isError && !people.data ? (
        <ErrorState
          title={t`Could not load the job’s people`}
          error={people.error}
          onRetry={() => void people.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="data-table-status">
          {people.data ? <Trans>Nobody here.</Trans> : <Trans>Loading…</Trans>}
        </p>
      ) : (
        <div className="data-table-scroll" tabIndex={0} role="group" aria-label={t`People`}>
          <table className="data-table" aria-busy={people.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Person</Trans>
                </th>
                <th scope="col">
                  <Trans>Result</Trans>
                </th>
                <th scope="col">
                  <Trans>Service’s answer</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((person) => (
                <tr key={person.record_id}>
                  <td>
                    <PersonName
                      groupId={names.groupId}
                      userId={person.user_id}
                      enabled={names.enabled}
                      known={names.people.get(person.user_id) ?? null}
                      label={<code>{String(person.user_id)}</code>}
                    />
                  </td>
                  <td>
                    <span className={`job-person job-person-${person.state}`}>
                      {i18n._(personStateWords[person.state])}
                    </span>
                  </td>
                  <td>{person.error === null ? "" : jobErrorText(person.error, i18n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <ListPager
          label={t`Pages of the job’s people`}
          page={page}
          pageCount={pages}
          canGoBack={page > 1}
          canGoForward={page < pages}
          onFirst={() => {
            setPage(1);
          }}
          onPrevious={() => {
            setPage((current) => Math.max(1, current - 1));
          }}
          onNext={() => {
            setPage((current) => current + 1);
          }}
          loading={people.isPlaceholderData}
        />
      )}
    </section>
  );
}

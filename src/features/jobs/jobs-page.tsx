import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { jobListQuery, JOBS_PAGE_SIZE } from "@/api/jobs/job-queries";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { JobProgressBar } from "@/components/jobs/job-progress-bar";
import { useJobActionText } from "@/components/jobs/use-job-action-text";
import { ListPager } from "@/components/list-pager";
import { useDocumentTitle } from "@/components/use-document-title";
import { useFormat } from "@/i18n/use-format";
import { channelPath } from "@/lib/channel-path";
import { jobStateWords } from "./job-words";
import "@/components/data-table.css";
import "./jobs.css";

/** `/c/:g/jobs`: the jobs on segments of the channel, newest first, with their progress. */
export function JobsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Jobs`);
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  const { gateway } = useApi();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const jobs = useQuery(jobListQuery(groupId, page, gateway));
  const actionText = useJobActionText(groupId);
  const pages = Math.ceil((jobs.data?.count ?? 0) / JOBS_PAGE_SIZE);

  return (
    <>
      <h1>
        <Trans>Jobs</Trans>
      </h1>
      <p className="jobs-intro">
        <Trans>
          Work on a whole segment runs here, in the background: it goes on when you close the tab
          and resumes after a restart. Start one from the Subscribers page.
        </Trans>
      </p>
      {jobs.isError && !jobs.data ? (
        <ErrorState
          title={t`Could not load the jobs`}
          error={jobs.error}
          onRetry={() => void jobs.refetch()}
          retrying={jobs.isFetching}
        />
      ) : jobs.data === undefined ? (
        <p className="data-table-status" role="status">
          <Trans>Loading the jobs…</Trans>
        </p>
      ) : jobs.data.items.length === 0 ? (
        <p className="card jobs-empty">
          <Trans>No jobs yet.</Trans>
        </p>
      ) : (
        <>
          <div className="data-table-scroll" tabIndex={0} role="group" aria-label={t`Jobs`}>
            <table className="data-table jobs-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Job</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Progress</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Started by</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Started</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.items.map((job) => {
                  const what = actionText(job.action);
                  return (
                    <tr key={job.job_id}>
                      <th scope="row">
                        <Link to={channelPath(groupId, `jobs/${String(job.job_id)}`)}>{what}</Link>
                      </th>
                      <td>
                        <span className={`job-state job-state-${job.state}`}>
                          {i18n._(jobStateWords[job.state])}
                        </span>
                      </td>
                      <td>
                        <JobProgressBar job={job} label={t`Progress of “${what}”`} />
                      </td>
                      <td>{job.owner}</td>
                      <td className="numeric">
                        {format.dateTime(job.created_at, channel.time_zone)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <ListPager
              label={t`Pages of jobs`}
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
              loading={jobs.isPlaceholderData}
            />
          )}
        </>
      )}
    </>
  );
}

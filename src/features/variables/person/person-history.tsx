import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import type { DirectoryPerson } from "@/contract/directory";
import { useFormat } from "@/i18n/use-format";
import { actionLabel, sourceLabel } from "@/lib/subscription-events";
import { personEventsOptions, type PersonActivity } from "./person-activity-queries";
import { PersonSection, PersonTable } from "./person-section";

interface Row {
  key: string;
  date: string;
  action: string;
  subscription: string;
  source: string;
}

interface Props {
  person: DirectoryPerson;
  activity: PersonActivity;
  /** The role may call subscribers/statSubscribe: the API's own events, else the hooks'. */
  fromApi: boolean;
  names: ReadonlyMap<number, string>;
  zoneLabel: string;
}

/** Subscribe and unsubscribe events of the person, newest first. */
export function PersonHistory({ person, activity, fromApi, names, zoneLabel }: Props) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { call } = useApi();
  const query = useQuery({ ...personEventsOptions(activity, call), enabled: fromApi });
  const title = t`Subscribe and unsubscribe history`;
  const nameOf = (id: number) => (id === 0 ? "—" : (names.get(id) ?? `#${String(id)}`));

  let rows: Row[] | undefined;
  if (!fromApi) {
    rows = person.history.map((event) => ({
      key: String(event.event_id),
      date: f.apiDateTime(event.date, activity.timeZone),
      action: actionLabel(event.type === "subscribe" ? 1 : 2, i18n),
      subscription: nameOf(event.subscription_id),
      source: sourceLabel(event.source, i18n),
    }));
  } else if (query.data) {
    rows = query.data.items.map((event, index) => ({
      key: `${event.date}-${String(index)}`,
      date: f.apiDateTime(event.date, activity.timeZone),
      action: actionLabel(event.action, i18n),
      subscription: nameOf(event.subscription_id),
      source: sourceLabel(event.source, i18n),
    }));
  }

  return (
    <PersonSection id="person-history" title={title}>
      {!fromApi && (
        <p className="muted person-note">
          <Trans>
            Events the service reported to Channel Desk since its directory began; your role cannot
            read the full statistics.
          </Trans>
        </p>
      )}
      {fromApi && query.isPending ? (
        <p role="status" className="muted">
          <Trans>Loading the history…</Trans>
        </p>
      ) : fromApi && query.isError ? (
        <ErrorState
          title={t`Could not load the history.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : rows === undefined || rows.length === 0 ? (
        <p className="muted">
          <Trans>No subscribe or unsubscribe events.</Trans>
        </p>
      ) : (
        <PersonTable
          label={title}
          columns={[
            t`When, ${zoneLabel}`,
            t`Event`,
            t`Subscription`,
            t({ message: "Source", context: "how the person subscribed" }),
          ]}
          rows={rows.map((row) => ({
            key: row.key,
            cells: [row.date, row.action, row.subscription, row.source],
          }))}
        />
      )}
      {fromApi && query.data?.truncated && (
        <p className="muted">
          <Trans>Only the newest events are shown.</Trans>
        </p>
      )}
    </PersonSection>
  );
}

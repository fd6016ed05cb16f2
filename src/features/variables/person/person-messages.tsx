import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { botsQuery, deliveriesQuery, namesById } from "@/api/lookup-queries";
import { ErrorState } from "@/components/error-state";
import { useFormat } from "@/i18n/use-format";
import { deliverySource, deliverySourceText, deliveryStatus } from "@/lib/delivery-format";
import { personDeliveriesOptions, type PersonActivity } from "./person-activity-queries";
import { PersonSection, PersonTable } from "./person-section";

/** Shown at once; the rest stays a click away. */
const SHOWN = 50;

interface Props {
  activity: PersonActivity;
  /** The role may call deliveries/stat. */
  allowed: boolean;
  zoneLabel: string;
}

/** The messages sent to the person (mass deliveries and bot steps), newest first. */
export function PersonMessages({ activity, allowed, zoneLabel }: Props) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { call } = useApi();
  const query = useQuery({ ...personDeliveriesOptions(activity, call), enabled: allowed });
  const deliveries = useQuery({ ...deliveriesQuery(activity.groupId, call), enabled: allowed });
  const bots = useQuery({ ...botsQuery(activity.groupId, call), enabled: allowed });
  const names = {
    deliveries: namesById(
      deliveries.data,
      (item) => item.delivery_id,
      (item) => item.name,
    ),
    bots: namesById(
      bots.data,
      (item) => item.bot_id,
      (item) => item.title,
    ),
  };
  const title = t`Messages sent`;
  const items = query.data?.items ?? [];
  const more = items.length - SHOWN;

  return (
    <PersonSection id="person-messages" title={title}>
      {!allowed ? (
        <p className="muted">
          <Trans>Your role cannot see the messages sent to subscribers.</Trans>
        </p>
      ) : query.isPending ? (
        <p role="status" className="muted">
          <Trans>Loading the messages…</Trans>
        </p>
      ) : query.isError ? (
        <ErrorState
          title={t`Could not load the messages.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="muted">
          <Trans>No messages were sent to this person.</Trans>
        </p>
      ) : (
        <>
          <PersonTable
            label={title}
            columns={[t`When, ${zoneLabel}`, t`What`, t`Outcome`, t`Read`]}
            rows={items.slice(0, SHOWN).map((record, index) => {
              const status = deliveryStatus(record, i18n);
              return {
                key: `${record.date}-${String(index)}`,
                cells: [
                  f.apiDateTime(record.date, activity.timeZone),
                  deliverySourceText(deliverySource(record, names, i18n), i18n),
                  <span key="status" title={status.description}>
                    {status.label}
                  </span>,
                  record.is_read === 1 ? t`Read` : t`Not read`,
                ],
              };
            })}
          />
          {(more > 0 || query.data.truncated) && (
            <p className="muted">
              <Trans>Only the newest {SHOWN} messages are shown.</Trans>
            </p>
          )}
        </>
      )}
    </PersonSection>
  );
}

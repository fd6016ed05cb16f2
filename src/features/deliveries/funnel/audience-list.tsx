import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { CsvExportButton } from "@/components/csv-export/csv-export-button";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import type { Subscriber } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
import { currentCursor, pageNumber, popCursor, pushCursor } from "@/lib/cursor-stack";
import { formatTimeZone } from "@/lib/format";
import { personName, statusLabel, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import type { Audience } from "../deliveries-search";
import { withCatalogs } from "@/i18n/with-catalogs";

const PAGE_SIZE = 50;
const NO_PEOPLE: Subscriber[] = [];

/** The filter of subscribers/get that lists an audience of one delivery. */
export function audienceFilter(audience: Audience, deliveryId: number) {
  return audience === "unread"
    ? { ignore_read_delivery_id: [deliveryId] }
    : { ignore_away_delivery_id: [deliveryId] };
}

interface AudienceListProps {
  groupId: number;
  deliveryId: number;
  deliveryName: string;
  audience: Audience;
  /** About how many to expect (from the delivery's counters), for the export's progress. */
  expected: number;
  stack: string[];
  onMove: (stack: string[]) => void;
  userIdField: UserIdField | undefined;
  timeZone: string;
  zoneLabel: string;
}

/**
 * The people who received a delivery and did not read it (or clicked no link), from
 * subscribers/get with `ignore_read_delivery_id` / `ignore_away_delivery_id`, paged by
 * `offset_id`, with the streamed CSV export of the same list.
 */
export function AudienceList({
  groupId,
  deliveryId,
  deliveryName,
  audience,
  expected,
  stack,
  onMove,
  userIdField,
  timeZone,
  zoneLabel,
}: AudienceListProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const filters = audienceFilter(audience, deliveryId);
  const cursor = currentCursor(stack);
  const query = useQuery({
    ...apiQuery(
      groupId,
      "subscribers/get",
      { ...filters, count: PAGE_SIZE, ...(cursor === undefined ? {} : { offset_id: cursor }) },
      call,
    ),
    placeholderData: keepPreviousData,
  });
  const people = query.data?.items ?? NO_PEOPLE;
  const loading = query.isPlaceholderData;
  const next =
    query.data && !loading
      ? pushCursor(stack, query.data.offset_id, query.data.items.length, PAGE_SIZE)
      : undefined;
  const title =
    audience === "unread"
      ? t`Who did not read “${deliveryName}”`
      : t`Who clicked no link in “${deliveryName}”`;
  const fileName = `delivery-${String(deliveryId)}-${audience}-${String(groupId)}.csv`;

  return (
    <section className="funnel-audience" aria-labelledby="funnel-audience-title">
      <div className="funnel-audience-head">
        <h3 id="funnel-audience-title">{title}</h3>
        <CsvExportButton
          total={expected}
          failureTitle={t`Could not export the list.`}
          fileName={() => fileName}
          run={async ({ sink, format: csvFormat, signal, onRows }) => {
            const { exportSubscribers } = await withCatalogs(
              "csv",
              () => import("@/api/export-subscribers"),
            );
            const result = await exportSubscribers({
              call,
              groupId,
              sink,
              format: csvFormat,
              signal,
              filters,
              userIdField,
              zone: formatTimeZone(timeZone, Date.now(), csvFormat.i18n.locale).label,
              onProgress: ({ rows }) => {
                onRows(rows);
              },
            });
            return { rows: result.rows };
          }}
        />
      </div>
      {query.isError ? (
        <ErrorState
          title={t`Could not load the list.`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : people.length === 0 && stack.length === 0 ? (
        <p className="muted">
          <Trans>Nobody: everyone who received it did.</Trans>
        </p>
      ) : (
        <>
          <div className="data-table-scroll" tabIndex={0} role="group" aria-label={title}>
            <table className={`data-table${loading ? " data-table-stale" : ""}`}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>User id</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Subscribed ({zoneLabel})</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => {
                  const userId = userIdOf(person, userIdField);
                  return (
                    <tr key={person.id}>
                      <td>{personName(person, i18n)}</td>
                      <td className="numeric">{userId === undefined ? "" : String(userId)}</td>
                      <td>{statusLabel(person.status, i18n)}</td>
                      <td>{format.apiDateTime(person.date, timeZone)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ListPager
            label={t`Pages of the list`}
            page={pageNumber(stack)}
            canGoBack={stack.length > 0}
            canGoForward={next !== undefined}
            onFirst={() => {
              onMove([]);
            }}
            onPrevious={() => {
              onMove(popCursor(stack));
            }}
            onNext={() => {
              if (next) onMove(next);
            }}
            loading={loading}
          />
        </>
      )}
    </section>
  );
}

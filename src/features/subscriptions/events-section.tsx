import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { memo, useMemo, useRef, useState } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { CsvExportButton } from "@/components/csv-export/csv-export-button";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import type { SubscriptionEvent, SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { formatNumber, formatTimeZone } from "@/lib/format";
import {
  EVENT_PAGE_SIZE,
  EVENT_PAGES_MAX,
  eventPageRequest,
  type PeriodRequest,
} from "@/lib/chart-strategy";
import type { ResolvedPeriod } from "@/lib/period";
import { userIdField } from "@/lib/subscriber-format";
import { EventsTable } from "./events-table";
import { endsApiPage, eventsPageAt, eventsPageCount, eventsPageRows } from "./subscriptions-search";
import { withCatalogs } from "@/i18n/with-catalogs";

interface EventsSectionProps {
  groupId: number;
  channelKind: string;
  period: ResolvedPeriod;
  /** The same request the chart pages, so a page the chart read is not asked again. */
  request: PeriodRequest;
  /** Events the period's statCount counted; sizes the pager and the export's progress. */
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
  /** The names the rows show; undefined until they come. */
  subscriptions: readonly SubscriptionInfo[] | undefined;
  utms: readonly UtmInfo[] | undefined;
}

/**
 * The period's events, 25 a page (a quarter of one of the API's pages of 100 by offset), with
 * a CSV of all of them. Memoized: its props are
 * kept stable by the page, so the chart's answers do not draw the table again.
 */
export const EventsSection = memo(function EventsSection({
  groupId,
  channelKind,
  period,
  request,
  total,
  page,
  onPage,
  subscriptions,
  utms,
}: EventsSectionProps) {
  const { t } = useLingui();
  const { call } = useApi();
  const { apiPage } = eventsPageAt(page);
  const query = useQuery({
    ...apiQuery(groupId, "subscribers/statSubscribe", eventPageRequest(request, apiPage), call),
    placeholderData: keepPreviousData,
  });
  const apiRows = query.isPlaceholderData ? undefined : query.data?.items;
  // At the end of a full page of the API, the next one says whether a table page follows (the
  // period's count may not: see eventsPageRows); it is the page Next shows, read ahead.
  const nextApiPage = useQuery({
    ...apiQuery(groupId, "subscribers/statSubscribe", eventPageRequest(request, apiPage + 1), call),
    enabled: endsApiPage(page) && apiRows?.length === EVENT_PAGE_SIZE,
  });
  // Kept while their lists are, so the table's rows (memoised) are not drawn again for nothing.
  const subscriptionNames = useMemo(
    () => new Map((subscriptions ?? []).map((item) => [item.subscription_id, item.name])),
    [subscriptions],
  );
  const utmNames = useMemo(
    () => new Map((utms ?? []).map((item) => [item.utm_id, item.name])),
    [utms],
  );
  const idField = userIdField(channelKind);
  const nextApiPageRows = nextApiPage.data?.items.length;
  const shown = useMemo(
    () =>
      apiRows === undefined ? undefined : eventsPageRows(page, apiRows, { total, nextApiPageRows }),
    [apiRows, page, total, nextApiPageRows],
  );
  // While another page of the API comes, the rows last shown stay (dimmed), not a cut of the
  // previous page of the API at the new page's place.
  const [lastRows, setLastRows] = useState<readonly SubscriptionEvent[] | undefined>(shown?.rows);
  if (shown !== undefined && shown.rows !== lastRows) setLastRows(shown.rows);
  const rows = shown?.rows ?? (query.isPlaceholderData ? lastRows : undefined);
  const pages = total === undefined ? undefined : Math.max(eventsPageCount(total), page);
  const canGoForward = shown?.more === true;
  // The pager is under the table: a new page is read from its top, which the person had
  // scrolled past (on a phone, 2,000 px above the pager); the focus goes there with it.
  const section = useRef<HTMLElement>(null);
  const turnTo = (next: number) => {
    onPage(next);
    const element = section.current;
    if (element && element.getBoundingClientRect().top < 0) {
      element.scrollIntoView({ block: "start" });
      element
        .querySelector<HTMLElement>(".subscriptions-table-wrap")
        ?.focus({ preventScroll: true });
    }
  };
  const empty = shown?.rows.length === 0;

  return (
    <section
      ref={section}
      className="subscriptions-events"
      aria-labelledby="subscriptions-events-title"
    >
      <div className="subscriptions-events-head">
        <h2 id="subscriptions-events-title">
          <Trans>Events</Trans>
        </h2>
        <CsvExportButton
          failureTitle={t`Could not export the subscription events.`}
          fileName={() =>
            `subscription-events-${String(groupId)}-${period.firstDay}-${period.lastDay}.csv`
          }
          total={total}
          run={async ({ sink, format, signal, onRows }) => {
            const { exportEvents } = await withCatalogs("csv", () => import("./export-events"));
            const result = await exportEvents({
              call,
              groupId,
              period: request,
              sink,
              signal,
              onRows,
              context: {
                format,
                subscriptionNames,
                utmNames,
                userIdField: idField,
                zone: formatTimeZone(period.timeZone, period.from, format.i18n.locale).label,
              },
            });
            // The furthest the API's offset reaches: the last page it can start, read whole.
            const limit = formatNumber(EVENT_PAGES_MAX * EVENT_PAGE_SIZE, format.i18n.locale);
            return {
              rows: result.rows,
              note: result.truncated
                ? format.i18n._(
                    msg`The API reads no further than ${limit} events: choose a shorter period for the rest.`,
                  )
                : undefined,
            };
          }}
        />
      </div>
      {query.isError && !query.data ? (
        <ErrorState
          title={t`Could not load the events.`}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : empty && page === 1 ? (
        <p className="subscriptions-empty">
          <Trans>No one subscribed or unsubscribed in this period.</Trans>
        </p>
      ) : (
        <>
          {query.isError && (
            <ErrorState
              title={t`Could not load this page of events.`}
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
          {empty ? (
            <p className="subscriptions-empty">
              <Trans>No events on this page.</Trans>
            </p>
          ) : (
            <EventsTable
              items={rows}
              fetching={query.isFetching}
              stale={query.isPlaceholderData}
              caption={t`Subscription events, page ${page}`}
              timeZone={period.timeZone}
              zoneAt={period.from}
              userIdField={idField}
              subscriptionNames={subscriptionNames}
              utmNames={utmNames}
            />
          )}
          <ListPager
            label={t`Pages of events`}
            page={page}
            pageCount={pages}
            loading={query.isPlaceholderData}
            canGoBack={page > 1}
            canGoForward={canGoForward}
            onFirst={() => {
              turnTo(1);
            }}
            onPrevious={() => {
              turnTo(page - 1);
            }}
            onNext={() => {
              turnTo(page + 1);
            }}
          />
        </>
      )}
    </section>
  );
});

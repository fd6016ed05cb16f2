import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useApi } from "@/api/api-context";
import { useComparedSeries } from "@/api/compared-series";
import { apiQuery } from "@/api/queries";
import { useSubscriptionSeries } from "@/api/subscription-series";
import { CompareControl, compareSearch } from "@/components/chart/compare-control";
import { SubscriptionChart } from "@/components/chart/subscription-chart";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { PeriodPicker, usePeriodSearch } from "@/components/period-picker";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { Later } from "@/components/later";
import { useInView } from "@/components/use-in-view";
import { mayCall } from "@/contract/roles";
import { bucketUnitFor } from "@/lib/buckets";
import { channelPath } from "@/lib/channel-path";
import { countsOf, periodRequest } from "@/lib/chart-strategy";
import { previousPeriod } from "@/lib/compare-periods";
import { formatPeriodDays } from "@/lib/period";
import { EventsSection } from "./events-section";
import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { SubscriptionTotals } from "./subscription-totals";
import { SubscriptionsFilters } from "./subscriptions-filters";
import { seriesFilters, subscriptionsSearch } from "./subscriptions-search";
import "./subscriptions.css";

/**
 * Subscriptions for a period: totals, the chart of subscribed, unsubscribed and net per
 * bucket, and the events themselves, filtered by subscription and UTM tag; all in the URL.
 */
export function SubscriptionsPage() {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const groupId = channel.group_id;
  const timeZone = channel.time_zone;
  const pageTitle = t({
    message: "Subscriptions",
    context: "page of subscribe and unsubscribe events",
  });
  useDocumentTitle(pageTitle);
  const { call } = useApi();
  const { choice, period, now, setChoice } = usePeriodSearch();
  const [search, setSearch] = useSearchState(subscriptionsSearch);
  const filters = useMemo(() => seriesFilters(search), [search]);
  const unit = bucketUnitFor(period);
  // The chart's pages of events (or counts per bucket: up to thirty for 30 days) are read once
  // it is scrolled to: on a phone it sits below the filters, and its answers would hold up the
  // first screen. The totals above it come from the series' first call, asked at once (and
  // asked again as the pages start, if it has gone stale by then).
  const [chartPlace, chartInView] = useInView<HTMLDivElement>();

  const series = useSubscriptionSeries({
    groupId,
    timeZone,
    from: period.from,
    to: period.to,
    filters,
    unit,
    canPage: mayCall(role, "subscribers/statSubscribe"),
    readBuckets: chartInView,
  });
  const [{ compare }, setCompare] = useSearchState(compareSearch);
  const compared = useComparedSeries({
    groupId,
    period,
    mode: compare,
    unit,
    filters,
    canPage: mayCall(role, "subscribers/statSubscribe"),
    readBuckets: chartInView,
  });
  // The totals' period before: one statCount, the same query as the compared chart's first
  // call when the chart compares with the previous period.
  const before = previousPeriod(period);
  const previousTotals = useQuery({
    ...apiQuery(
      groupId,
      "subscribers/statCount",
      { date_from: before.dateFrom, date_to: before.dateTo, ...filters },
      call,
    ),
    select: (answer) => countsOf(answer.count_subscribe, answer.count_unsubscribe),
  });
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  const periodText = formatPeriodDays(period, i18n.locale);
  const previousText = formatPeriodDays(before, i18n.locale);
  const totalEvents = series.totals
    ? series.totals.subscribed + series.totals.unsubscribed
    : undefined;
  // The events' section is drawn again only when what it shows changes, not at each of the
  // chart's answers (a 30-day period is 30 of them, each a render of the page).
  const eventsRequest = useMemo(
    () => periodRequest(series.buckets, filters),
    [series.buckets, filters],
  );
  const onEventsPage = useCallback(
    (page: number) => {
      setSearch({ page }, { push: true });
    },
    [setSearch],
  );

  return (
    <>
      <h1>{pageTitle}</h1>
      {mayCall(role, "subscriptions/add") && (
        <p className="subscriptions-manage">
          {/* The groups themselves (create, edit, delete) have a page of their own. */}
          <Trans>
            To create, change or delete a group, open{" "}
            <Link to={channelPath(groupId, "groups")}>Groups</Link>.
          </Trans>
        </p>
      )}
      <div className="subscriptions-controls card">
        <PeriodPicker
          choice={choice}
          period={period}
          now={now}
          onChange={(next) => {
            setChoice(next, { reset: ["page"] });
          }}
        />
        <SubscriptionsFilters
          search={search}
          onChange={(patch) => {
            setSearch({ ...patch, page: 1 });
          }}
          subscriptions={subscriptions}
          utms={utms}
        />
      </div>
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <SubscriptionTotals
          data={series}
          previous={previousTotals}
          periodText={periodText}
          previousText={previousText}
        />
        <Later>
          <div ref={chartPlace}>
            <SubscriptionChart
              title={t`Subscribed and unsubscribed`}
              data={series}
              timeZone={timeZone}
              unit={unit}
              withNet
              compared={
                compared && compare !== "none"
                  ? {
                      mode: compare,
                      data: compared.data,
                      periodText: formatPeriodDays(compared.period, i18n.locale),
                    }
                  : undefined
              }
              controls={
                <CompareControl
                  value={compare}
                  onChange={(mode) => {
                    setCompare({ compare: mode });
                  }}
                />
              }
            />
          </div>
          <Later>
            <EventsSection
              groupId={groupId}
              channelKind={channel.type_name}
              period={period}
              request={eventsRequest}
              total={totalEvents}
              page={search.page}
              onPage={onEventsPage}
              subscriptions={subscriptions.data}
              utms={utms.data}
            />
          </Later>
        </Later>
      </Later>
    </>
  );
}

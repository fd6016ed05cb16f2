import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { useApi } from "@/api/api-context";
import { botsQuery, deliveriesQuery, namesById } from "@/api/lookup-queries";
import { apiQuery } from "@/api/queries";
import { CompareControl, compareSearch } from "@/components/chart/compare-control";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { useCurrentChannel } from "@/components/current-channel";
import { PeriodPicker, usePeriodSearch } from "@/components/period-picker";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { Later } from "@/components/later";
import { useInView } from "@/components/use-in-view";
import { bucketUnitFor } from "@/lib/buckets";
import { comparedPeriod, previousPeriod, type CompareMode } from "@/lib/compare-periods";
import type { ResolvedPeriod } from "@/lib/period";
import type { DeliveryNames } from "@/lib/delivery-format";
import { useFormat } from "@/i18n/use-format";
import { userIdField, type UserIdField } from "@/lib/subscriber-format";
import { DeliveryChart } from "./delivery-chart";
import { DeliveryCount } from "./delivery-count";
import { deliveryParams, type DeliveryParams } from "./delivery-params";
import { deliveriesSearch, RECORD_PAGE_SIZES } from "./deliveries-search";
import { ExportButton } from "./export-button";
import { FunnelSection } from "./funnel/funnel-section";
import { RecordsView } from "./records-view";
import { useDeliverySeries } from "./use-delivery-series";
import "@/components/data-table.css";
import "./deliveries.css";
import { withCatalogs } from "@/i18n/with-catalogs";

// Under the funnel: the filters' form (react-hook-form, about 15 kB gzip) is fetched once the
// page is drawn, not as part of its first load (issue 15).
const DeliveryFilters = lazy(() =>
  withCatalogs("forms", () => import("./delivery-filters")).then((module) => ({
    default: module.DeliveryFilters,
  })),
);

/**
 * The funnel of the mass deliveries of a period (src/features/deliveries/funnel), then the
 * delivery records of the period: how many (deliveries/statCount), sent against failed per
 * bucket, and the records themselves, of both shapes, paged by cursor, filterable by recipient
 * and mass delivery, exportable as CSV.
 */
/** The recipient filter's kind of id, by the channel's user-id field. */
const USER_ID_LABELS = {
  tg_user_id: msg`Telegram user id`,
  vk_user_id: msg`VK user id`,
} as const satisfies Record<UserIdField, unknown>;

export function DeliveriesPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  useDocumentTitle(t`Deliveries`);
  const { call } = useApi();
  const { choice, period, now, setChoice } = usePeriodSearch();
  const [search, setSearch] = useSearchState(deliveriesSearch);
  const [{ compare }, setCompare] = useSearchState(compareSearch);
  const field = userIdField(channel.type_name);
  // The zone as people say it, at the period's end (summer and winter differ); IANA in a title.
  const zone = format.zone(channel.time_zone, period.to);

  const deliveries = useQuery(deliveriesQuery(channel.group_id, call));
  const bots = useQuery(botsQuery(channel.group_id, call));
  const names = useMemo<DeliveryNames>(
    () => ({
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
    }),
    [deliveries.data, bots.data],
  );

  const params = useMemo(
    () => deliveryParams(period, { user: search.user, delivery: search.delivery }, field),
    [period, search.user, search.delivery, field],
  );
  const paramsKey = JSON.stringify(params);
  const count = useQuery(apiQuery(channel.group_id, "deliveries/statCount", params, call));
  // The same count for the period of the same length before: one more statCount.
  const before = useMemo(() => previousPeriod(period), [period]);
  const previousParams = useMemo(
    () => deliveryParams(before, { user: search.user, delivery: search.delivery }, field),
    [before, search.user, search.delivery, field],
  );
  const previousCount = useQuery(
    apiQuery(channel.group_id, "deliveries/statCount", previousParams, call),
  );

  // The chart's overlay: the period before (its count is `previousCount`'s query) or a year before.
  const compared = useMemo(() => comparedPeriod(period, compare), [period, compare]);
  const comparedParams = useMemo(
    () =>
      compared
        ? deliveryParams(compared, { user: search.user, delivery: search.delivery }, field)
        : undefined,
    [compared, search.user, search.delivery, field],
  );

  const fileName = `deliveries-${String(channel.group_id)}-${period.firstDay}-${period.lastDay}.csv`;

  return (
    <>
      <h1>
        <Trans>Deliveries</Trans>
      </h1>
      <PeriodPicker
        choice={choice}
        period={period}
        now={now}
        onChange={(next) => {
          // Another period holds other records: the cursors of this one lead nowhere there.
          setChoice(next, { reset: ["after"] });
        }}
      />
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <FunnelSection
          groupId={channel.group_id}
          timeZone={channel.time_zone}
          zoneLabel={zone.label}
          period={period}
          previousPeriod={before}
          previousText={format.period(before.from, before.to, channel.time_zone)}
          search={search}
          onSearch={setSearch}
          userIdField={field}
        />
        <Later>
          <h2 className="deliveries-records-heading">
            <Trans>Messages sent</Trans>
          </h2>
          <ChunkBoundary what={t`This form could not be loaded.`}>
            <Suspense fallback={<FiltersPlaceholder withRecipient={field !== undefined} />}>
              <DeliveryFilters
                user={search.user}
                delivery={search.delivery[0] === undefined ? "" : String(search.delivery[0])}
                userIdLabel={field ? i18n._(USER_ID_LABELS[field]) : undefined}
                deliveries={deliveries.data ?? []}
                deliveriesFailed={deliveries.isError}
                onApply={(values) => {
                  setSearch({
                    user: values.user,
                    delivery: values.delivery === "" ? [] : [Number(values.delivery)],
                    after: [],
                  });
                }}
              />
            </Suspense>
          </ChunkBoundary>
          <DeliveryCount
            query={count}
            previous={previousCount}
            previousText={format.period(before.from, before.to, channel.time_zone)}
            filtered={search.user !== "" || search.delivery.length > 0}
          />
          <Later>
            <SeriesSection
              key={`${paramsKey}-${compare}`}
              groupId={channel.group_id}
              timeZone={channel.time_zone}
              zoneLabel={zone.label}
              from={period.from}
              to={period.to}
              now={now}
              params={params}
              compare={compare}
              compared={
                compared && comparedParams
                  ? {
                      period: compared,
                      params: comparedParams,
                      text: format.period(compared.from, compared.to, channel.time_zone),
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
            <Later>
              <section className="deliveries-records" aria-labelledby="deliveries-records-title">
                <div className="deliveries-records-head">
                  <h2 id="deliveries-records-title">
                    <Trans>Records</Trans>
                  </h2>
                  <div className="deliveries-size">
                    <label htmlFor="deliveries-size">
                      <Trans>Records a page</Trans>
                    </label>
                    <select
                      id="deliveries-size"
                      value={search.size}
                      onChange={(event) => {
                        const size = event.currentTarget.value;
                        const known = RECORD_PAGE_SIZES.find((option) => option === size);
                        if (known) setSearch({ size: known, after: [] });
                      }}
                    >
                      {RECORD_PAGE_SIZES.map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </select>
                  </div>
                  <ExportButton
                    key={paramsKey}
                    groupId={channel.group_id}
                    params={params}
                    total={count.data?.count}
                    names={names}
                    userIdField={field}
                    zoneLabel={zone.label}
                    fileName={fileName}
                  />
                </div>
                <RecordsView
                  groupId={channel.group_id}
                  params={params}
                  pageSize={Number(search.size)}
                  stack={search.after}
                  onMove={(after) => {
                    setSearch({ after }, { push: true });
                  }}
                  names={names}
                  userIdField={field}
                  timeZone={channel.time_zone}
                  zone={zone}
                />
              </section>
            </Later>
          </Later>
        </Later>
      </Later>
    </>
  );
}

/**
 * The chart, remade for each period, filter and comparison, so that "read more" starts over
 * with them. A compared period's records are read as the chart's own, in the same unit.
 */
function SeriesSection({
  zoneLabel,
  compare,
  compared,
  controls,
  ...props
}: Parameters<typeof useDeliverySeries>[0] & {
  zoneLabel: string;
  compare: CompareMode;
  compared: { period: ResolvedPeriod; params: DeliveryParams; text: string } | undefined;
  controls: ReactNode;
}) {
  // Its records (up to fifty pages) are read once the chart is scrolled to: it sits below the
  // funnel and the filters (on a phone and at 1350 × 940 alike), and its answers would hold up
  // the first screen. Its total is the page's own count, asked at once.
  const [place, inView] = useInView<HTMLDivElement>();
  const data = useDeliverySeries({ ...props, readPages: inView });
  const comparedData = useDeliverySeries({
    ...props,
    // Any period while none is compared: disabled, so it is never asked for.
    from: compared?.period.from ?? props.from,
    to: compared?.period.to ?? props.to,
    params: compared?.params ?? props.params,
    unit: bucketUnitFor({ from: props.from, to: props.to }),
    enabled: compared !== undefined,
    readPages: inView,
  });
  return (
    <div ref={place}>
      <DeliveryChart
        data={data}
        compared={
          compared && compare !== "none"
            ? { mode: compare, data: comparedData, periodText: compared.text }
            : undefined
        }
        controls={controls}
        zoneLabel={zoneLabel}
        timeZone={props.timeZone}
        from={props.from}
        to={props.to}
      />
    </div>
  );
}

/**
 * The filters' place while their form's code comes: the same fields and button, as boxes, in
 * the form's own layout, so it wraps where the form wraps and nothing moves when it comes.
 */
function FiltersPlaceholder({ withRecipient }: { withRecipient: boolean }) {
  const field = (box: "input" | "select") => (
    <div className="field">
      <span className="skeleton skeleton-text deliveries-filter-label-placeholder">&nbsp;</span>
      <span className={`skeleton deliveries-filter-${box}-placeholder`} />
    </div>
  );
  return (
    <div className="deliveries-filters" aria-hidden="true">
      {withRecipient && field("input")}
      {field("select")}
      <div className="deliveries-filter-actions">
        <span className="button button-primary deliveries-filter-button-placeholder">
          <Trans>Apply filters</Trans>
        </span>
      </div>
    </div>
  );
}

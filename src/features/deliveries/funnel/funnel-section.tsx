import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import { useSignedInSession } from "@/components/current-channel";
import { deliveryStatuses, deliveryTypes } from "@/contract/delivery-constants";
import { mayCallWith } from "@/contract/roles";
import { datedDelivery, deliveriesInPeriod, sumFunnels } from "@/lib/delivery-funnel";
import type { UserIdField } from "@/lib/subscriber-format";
import type { Audience, DeliveriesSearch } from "../deliveries-search";
import { AudienceList } from "./audience-list";
import { DeliveryDetail } from "./delivery-detail";
import { FunnelFigures } from "./funnel-figures";
import { funnelDeliveriesQuery } from "./funnel-query";
import { FunnelTable } from "./funnel-table";
import { STATUS_LABELS, TYPE_LABELS } from "./funnel-words";
import { ReadRateChart } from "./read-rate-chart";
import "./funnel.css";

type FunnelSearch = Pick<DeliveriesSearch, "type" | "status" | "funnel" | "audience" | "people">;

interface FunnelSectionProps {
  groupId: number;
  timeZone: string;
  zoneLabel: string;
  period: { from: number; to: number };
  /** The period of the same length before, for each total's change. */
  previousPeriod: { from: number; to: number };
  /** "2–31 October 2026". */
  previousText: string;
  search: FunnelSearch;
  onSearch: (patch: Partial<FunnelSearch>, options?: { push?: boolean }) => void;
  userIdField: UserIdField | undefined;
}

/**
 * The funnel of the mass deliveries dated in the period (deliveries/get counters, filtered by
 * type and status): the sum of their stages, the read rate of each over time, a table newest
 * first, and one delivery's funnel with the lists of who did not read or click it.
 */
export function FunnelSection({
  groupId,
  timeZone,
  zoneLabel,
  period,
  previousPeriod,
  previousText,
  search,
  onSearch,
  userIdField,
}: FunnelSectionProps) {
  const { t, i18n } = useLingui();
  const { call } = useApi();
  const { role } = useSignedInSession();
  const id = useId();
  const query = useQuery(
    funnelDeliveriesQuery(groupId, call, { type: search.type, status: search.status }),
  );
  const deliveries = useMemo(
    () => deliveriesInPeriod(query.data ?? [], period, timeZone),
    [query.data, period, timeZone],
  );
  const total = useMemo(() => sumFunnels(deliveries.map((entry) => entry.funnel)), [deliveries]);
  // The period before from the same answer: the comparison costs no call.
  const previousTotal = useMemo(
    () =>
      sumFunnels(
        deliveriesInPeriod(query.data ?? [], previousPeriod, timeZone).map((entry) => entry.funnel),
      ),
    [query.data, previousPeriod, timeZone],
  );
  const openId = search.funnel[0];
  // A delivery opened by a link may be of another period: it opens all the same.
  const openItem = query.data?.find((item) => item.delivery_id === openId);
  const open = openItem === undefined ? undefined : datedDelivery(openItem, timeZone);
  const canList = mayCallWith(role, "subscribers/get", { ignore_read_delivery_id: [1] });
  const count = deliveries.length;

  return (
    <section className="funnel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Funnel of mass deliveries</Trans>
      </h2>
      <p className="muted funnel-note">
        <Trans>
          Deliveries started in the period; each one's counters cover its whole life so far.
        </Trans>
      </p>
      <div className="funnel-filters">
        <span className="funnel-filter">
          <label htmlFor={`${id}-type`}>
            <Trans>Type</Trans>
          </label>
          <select
            id={`${id}-type`}
            className="deliveries-select"
            value={search.type}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const type = deliveryTypes.find((known) => known === value) ?? "";
              onSearch({ type, funnel: [], audience: "", people: [] });
            }}
          >
            <option value="">{t`All types`}</option>
            {deliveryTypes.map((type) => (
              <option key={type} value={type}>
                {i18n._(TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </span>
        <span className="funnel-filter">
          <label htmlFor={`${id}-status`}>
            <Trans>Status</Trans>
          </label>
          <select
            id={`${id}-status`}
            className="deliveries-select"
            value={search.status}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const status = deliveryStatuses.find((known) => known === value) ?? "";
              onSearch({ status, funnel: [], audience: "", people: [] });
            }}
          >
            <option value="">{t`All statuses`}</option>
            {deliveryStatuses.map((status) => (
              <option key={status} value={status}>
                {i18n._(STATUS_LABELS[status])}
              </option>
            ))}
          </select>
        </span>
      </div>
      {query.isError ? (
        <ErrorState
          title={t`Could not load the deliveries.`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <h3 className="funnel-total-title">
            {t`${plural(count, { one: "Total of # delivery", other: "Total of # deliveries" })}`}
          </h3>
          <FunnelFigures funnel={total} previous={previousTotal} label={t`Funnel of the period`} />
          <p className="muted funnel-compare-note">{t`Changes against ${previousText}.`}</p>
          <ReadRateChart deliveries={deliveries} timeZone={timeZone} zoneLabel={zoneLabel} />
          {count === 0 ? (
            <p className="muted">
              <Trans>No mass delivery started in this period.</Trans>
            </p>
          ) : (
            <FunnelTable
              deliveries={deliveries}
              timeZone={timeZone}
              zoneLabel={zoneLabel}
              openId={openId}
              onOpen={(deliveryId) => {
                onSearch({ funnel: [deliveryId], audience: "", people: [] }, { push: true });
              }}
            />
          )}
          {open && (
            <DeliveryDetail
              key={open.item.delivery_id}
              delivery={open}
              timeZone={timeZone}
              canList={canList}
              audience={search.audience}
              onAudience={(audience: Audience | "") => {
                onSearch({ audience, people: [] }, { push: true });
              }}
              onClose={() => {
                onSearch({ funnel: [], audience: "", people: [] }, { push: true });
              }}
            />
          )}
          {open && canList && search.audience !== "" && (
            <AudienceList
              key={`${String(open.item.delivery_id)}-${search.audience}`}
              groupId={groupId}
              deliveryId={open.item.delivery_id}
              deliveryName={open.item.name}
              audience={search.audience}
              expected={Math.max(
                0,
                open.funnel.sent -
                  (search.audience === "unread" ? open.funnel.read : open.funnel.clicked),
              )}
              stack={search.people}
              onMove={(people) => {
                onSearch({ people }, { push: true });
              }}
              userIdField={userIdField}
              timeZone={timeZone}
              zoneLabel={zoneLabel}
            />
          )}
        </>
      )}
    </section>
  );
}

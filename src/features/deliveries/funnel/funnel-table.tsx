import { Trans, useLingui } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import { dateHeader } from "@/lib/zone-words";
import { stageRate, type DatedDelivery, type FunnelStage } from "@/lib/delivery-funnel";
import { statusText, typeText } from "./funnel-words";

interface FunnelTableProps {
  /** Newest first. */
  deliveries: readonly DatedDelivery[];
  timeZone: string;
  zoneLabel: string;
  openId: number | undefined;
  onOpen: (deliveryId: number) => void;
}

const COUNTED = ["recipients", "sent", "read", "clicked", "unsubscribed", "errors"] as const;

/** One row per delivery of the period with its stages and rates; a name opens its funnel. */
export function FunnelTable({ deliveries, timeZone, zoneLabel, openId, onOpen }: FunnelTableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const caption = t`Deliveries of the period, newest first`;
  const heads: Record<(typeof COUNTED)[number], string> = {
    recipients: t`Recipients`,
    sent: t({ message: "Sent", context: "funnel stage: messages delivered" }),
    read: t({ message: "Read", context: "funnel stage" }),
    clicked: t`Clicked a link`,
    unsubscribed: t({ message: "Unsubscribed", context: "funnel stage" }),
    errors: t({ message: "Errors", context: "funnel: messages not delivered" }),
  };
  const cell = (entry: DatedDelivery, stage: FunnelStage | "errors") => {
    const rate = stageRate(entry.funnel, stage);
    return (
      <td key={stage} className="numeric">
        {format.number(entry.funnel[stage])}
        {rate !== undefined && stage !== "sent" && (
          <span className="funnel-rate">{format.percent(rate)}</span>
        )}
      </td>
    );
  };
  return (
    <div className="data-table-scroll" tabIndex={0} role="group" aria-label={caption}>
      <table className="data-table funnel-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Delivery</Trans>
            </th>
            <th scope="col">{dateHeader(zoneLabel, i18n)}</th>
            {COUNTED.map((stage) => (
              <th scope="col" key={stage} className="numeric">
                {heads[stage]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {deliveries.map((entry) => {
            const id = entry.item.delivery_id;
            const open = id === openId;
            return (
              <tr key={id} className={open ? "funnel-row-open" : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="funnel-name-button"
                    aria-pressed={open}
                    onClick={() => {
                      onOpen(id);
                    }}
                  >
                    {entry.item.name}
                  </button>
                  <span className="muted deliveries-sub">
                    {typeText(entry.item, i18n)} · {statusText(entry.item, i18n)}
                  </span>
                </th>
                <td>{entry.at === null ? entry.item.date : format.dateTime(entry.at, timeZone)}</td>
                {COUNTED.map((stage) => cell(entry, stage))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useFormat } from "@/i18n/use-format";
import type { DatedDelivery } from "@/lib/delivery-funnel";
import type { Audience } from "../deliveries-search";
import { FunnelFigures } from "./funnel-figures";
import { statusText, typeText } from "./funnel-words";

interface DeliveryDetailProps {
  delivery: DatedDelivery;
  timeZone: string;
  /** Whether the person may list people (subscribers/get with these filters). */
  canList: boolean;
  audience: Audience | "";
  onAudience: (audience: Audience | "") => void;
  onClose: () => void;
}

/** One delivery's funnel, and one click to list who did not read it or did not click. */
export function DeliveryDetail({
  delivery,
  timeZone,
  canList,
  audience,
  onAudience,
  onClose,
}: DeliveryDetailProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { item, funnel } = delivery;
  const name = item.name;
  const unread = format.number(Math.max(0, funnel.sent - funnel.read));
  const unclicked = format.number(Math.max(0, funnel.sent - funnel.clicked));
  const when = delivery.at === null ? item.date : format.dateTime(delivery.at, timeZone);
  // Opened from the table below it, or from a link: the reader is taken to it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const choose = (next: Audience) => {
    onAudience(audience === next ? "" : next);
  };
  return (
    <section className="funnel-detail" aria-labelledby="funnel-detail-title">
      <div className="funnel-detail-head">
        <h3 id="funnel-detail-title" ref={heading} tabIndex={-1}>
          {t`Funnel of “${name}”`}
        </h3>
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      <p className="muted funnel-detail-meta">
        {typeText(item, i18n)} · {statusText(item, i18n)} · {when}
      </p>
      <FunnelFigures funnel={funnel} label={t`Funnel of “${name}”`} />
      {canList && (
        <div className="funnel-detail-actions">
          <button
            type="button"
            className="button"
            aria-pressed={audience === "unread"}
            onClick={() => {
              choose("unread");
            }}
          >
            <Trans>Who did not read ({unread})</Trans>
          </button>
          <button
            type="button"
            className="button"
            aria-pressed={audience === "unclicked"}
            onClick={() => {
              choose("unclicked");
            }}
          >
            <Trans>Who did not click ({unclicked})</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

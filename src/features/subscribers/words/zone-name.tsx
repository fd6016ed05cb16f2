import { useState } from "react";
import { useFormat } from "@/i18n/use-format";

/**
 * A channel's time zone as people say it ("МСК (UTC+3)"), its IANA name on hover. API times
 * carry no zone, so every column or fact of them names the zone it is in. The label is the
 * zone's when the page opened: a zone that changes its clocks reads as it does today.
 */
export function ZoneName({ zone }: { zone: string }) {
  const format = useFormat();
  const [now] = useState(Date.now);
  const { label, iana } = format.zone(zone, now);
  return (
    <span className="zone-name" title={iana}>
      {label}
    </span>
  );
}

import { useState } from "react";
import { ZonedText } from "@/components/zoned-text";

/**
 * A heading followed by the channel's time zone as people say it ("Date, МСК (UTC+3)"), its
 * IANA name on hover. API times carry no zone, so every column or fact of them names the zone
 * it is in. The label is the zone's when the page opened: a zone that changes its clocks reads
 * as it does today.
 */
export function ZoneName({ text, zone }: { text: string; zone: string }) {
  const [now] = useState(Date.now);
  return <ZonedText text={text} timeZone={zone} at={now} />;
}

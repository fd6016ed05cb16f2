import { useLingui } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import { withZone } from "@/lib/zone-words";

interface ZonedTextProps {
  /** What the zone qualifies, translated: "Date", a period. */
  text: string;
  /** The IANA zone the times are in. */
  timeZone: string;
  /** The instant the zone is named at (summer and winter differ). */
  at: number;
}

/** "Date, МСК (UTC+3)", its IANA name on hover: the product's one way of naming a zone. */
export function ZonedText({ text, timeZone, at }: ZonedTextProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const zone = format.zone(timeZone, at);
  return <span title={zone.iana}>{withZone(text, zone.label, i18n)}</span>;
}

import { useLingui } from "@lingui/react/macro";
import { changeTone, compareRates, compareValues } from "@/lib/compare-periods";
import { useFormat } from "@/i18n/use-format";

interface ChangeTextProps {
  current: number | undefined;
  previous: number | undefined;
  /** How the previous value is written ("183", "12.5%"). */
  formatValue: (value: number) => string;
  /** False for a figure whose rise is bad news (an unsubscribe rate). */
  higherIsBetter?: boolean;
  /** A rate: its change is in percentage points (0 % to 5 % is +5 p.p.), never "new". */
  rate?: boolean;
}

/**
 * The change of a figure against the previous period: "+12%", "−50%", "new", coloured as good
 * or bad news, and said in words (with the old value) for a screen reader, since neither the
 * sign nor the colour is read out well.
 */
export function ChangeText({
  current,
  previous,
  formatValue,
  higherIsBetter = true,
  rate = false,
}: ChangeTextProps) {
  const { t } = useLingui();
  const format = useFormat();
  const before = previous === undefined ? "" : formatValue(previous);
  if (rate) {
    const found = compareRates(current, previous);
    const points =
      found.kind === "up" || found.kind === "down"
        ? format.signed(Math.round(found.points * 1000) / 10)
        : "";
    return (
      <span className={`utm-change utm-change-${changeTone(found, higherIsBetter)}`}>
        <span aria-hidden="true">
          {found.kind === "none" ? "—" : found.kind === "same" ? "=" : t`${points} p.p.`}
        </span>
        <span className="visually-hidden">
          {found.kind === "none"
            ? t`nothing to compare`
            : found.kind === "same"
              ? t`no change from ${before}`
              : t`${points} percentage points from ${before}`}
        </span>
      </span>
    );
  }
  const change = compareValues(current, previous);
  const tone = changeTone(change, higherIsBetter);
  let shown: string;
  let said: string;
  switch (change.kind) {
    case "up": {
      shown = format.signedPercent(change.ratio);
      const by = format.percent(change.ratio, 0);
      said = t`up ${by} from ${before}`;
      break;
    }
    case "down": {
      // A true minus sign: the hyphen of Intl reads as a dash.
      shown = format.signedPercent(change.ratio).replace("-", "−");
      const by = format.percent(-change.ratio, 0);
      said = t`down ${by} from ${before}`;
      break;
    }
    case "new":
      shown = t`new`;
      said = t`new: none in the previous period`;
      break;
    case "same":
      shown = "=";
      said = t`no change from ${before}`;
      break;
    case "none":
      shown = "—";
      said = t`nothing to compare`;
      break;
  }
  return (
    <span className={`utm-change utm-change-${tone}`}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{said}</span>
    </span>
  );
}

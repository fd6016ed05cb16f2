import { useLingui } from "@lingui/react/macro";
import { changeTone, compareRates } from "@/lib/compare-periods";
import { useFormat } from "@/i18n/use-format";
import { changeWords } from "./change-words";
import "./change-text.css";

interface ChangeTextProps {
  current: number | undefined;
  previous: number | undefined;
  /** How the previous value is written ("183", "12.5%"). */
  formatValue: (value: number) => string;
  /** False for a figure whose rise is bad news (an unsubscribe rate). */
  higherIsBetter?: boolean;
  /** Also show the previous value ("was 183"), where no column beside it does. */
  showPrevious?: boolean;
  /** A rate: its change is in percentage points (0 % to 5 % is +5 p.p.), never "new". */
  rate?: boolean;
}

/**
 * Shared by every page that compares with a period before (channel, subscriptions, deliveries,
 * UTM, and the charts' tables).
 *
 * The change of a figure against the previous period: "+12%", "−50%", "new", coloured as good
 * or bad news, and said in words (with the old value) for a screen reader, since neither the
 * sign nor the colour is read out well.
 */
export function ChangeText({
  current,
  previous,
  formatValue,
  higherIsBetter = true,
  showPrevious = false,
  rate = false,
}: ChangeTextProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  if (rate) {
    const before = previous === undefined ? "" : formatValue(previous);
    const found = compareRates(current, previous);
    const points =
      found.kind === "up" || found.kind === "down"
        ? format.signed(Math.round(found.points * 1000) / 10)
        : "";
    return (
      <span className={`change-text change-text-${changeTone(found, higherIsBetter)}`}>
        <span aria-hidden="true">
          {found.kind === "none" ? "—" : found.kind === "same" ? "=" : t`${points} p.p.`}
        </span>
        {showPrevious && before !== "" && (
          <span className="change-text-previous" aria-hidden="true">
            {" "}
            {t`was ${before}`}
          </span>
        )}
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
  const words = changeWords(current, previous, formatValue, i18n, format);
  const tone = changeTone(words.change, higherIsBetter);
  const before = words.before;
  return (
    <span className={`change-text change-text-${tone}`} data-change={words.change.kind}>
      <span aria-hidden="true">{words.shown}</span>
      {showPrevious && before !== "" && (
        <span className="change-text-previous" aria-hidden="true">
          {" "}
          {t`was ${before}`}
        </span>
      )}
      <span className="visually-hidden">{words.said}</span>
    </span>
  );
}

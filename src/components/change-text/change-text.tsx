import { useLingui } from "@lingui/react/macro";
import { changeTone, compareValues } from "@/lib/compare-periods";
import { useFormat } from "@/i18n/use-format";
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
}: ChangeTextProps) {
  const { t } = useLingui();
  const format = useFormat();
  const change = compareValues(current, previous);
  const tone = changeTone(change, higherIsBetter);
  const before = previous === undefined ? "" : formatValue(previous);
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
    <span className={`change-text change-text-${tone}`} data-change={change.kind}>
      <span aria-hidden="true">{shown}</span>
      {showPrevious && before !== "" && (
        <span className="change-text-previous" aria-hidden="true">
          {" "}
          {t`was ${before}`}
        </span>
      )}
      <span className="visually-hidden">{said}</span>
    </span>
  );
}

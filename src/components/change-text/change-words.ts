import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { compareValues, type Change } from "@/lib/compare-periods";
import type { Formatters } from "@/i18n/use-format";

export interface ChangeWords {
  change: Change;
  /** What is shown: "+12%", "−50%", "new", "=", "—". */
  shown: string;
  /** What is said, with the old value: "up 12% from 183". */
  said: string;
  /** The old value as written ("183"), empty when there is none. */
  before: string;
}

/** A change against the period before, as shown and as said (ChangeText, chart summaries). */
export function changeWords(
  current: number | undefined,
  previous: number | undefined,
  formatValue: (value: number) => string,
  i18n: I18n,
  format: Formatters,
): ChangeWords {
  const change = compareValues(current, previous);
  const before = previous === undefined ? "" : formatValue(previous);
  switch (change.kind) {
    case "up": {
      const by = format.percent(change.ratio, 0);
      return {
        change,
        before,
        shown: format.signedPercent(change.ratio),
        said: i18n._(msg`up ${by} from ${before}`),
      };
    }
    case "down": {
      const by = format.percent(-change.ratio, 0);
      return {
        change,
        before,
        // A true minus sign: the hyphen of Intl reads as a dash.
        shown: format.signedPercent(change.ratio).replace("-", "−"),
        said: i18n._(msg`down ${by} from ${before}`),
      };
    }
    case "new":
      return {
        change,
        before,
        shown: i18n._(msg`new`),
        said: i18n._(msg`new: none in the previous period`),
      };
    case "same":
      return { change, before, shown: "=", said: i18n._(msg`no change from ${before}`) };
    case "none":
      return { change, before, shown: "—", said: i18n._(msg`nothing to compare`) };
  }
}

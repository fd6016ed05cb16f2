import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BulkResults, type OutcomeStyle } from "@/components/bulk-results";
import { outcomeText, resultsSummary } from "./outcome-text";
import type { ChangeResult, Outcome } from "./run-changes";

/** Each outcome's name in the filter, a row's words and its colour, in the language shown. */
function outcomeStyles(i18n: I18n): Record<Outcome, OutcomeStyle<ChangeResult>> {
  const text = (result: ChangeResult) => outcomeText(result, i18n);
  return {
    added: {
      label: i18n._(msg({ message: "Added", context: "results filter" })),
      text,
      tone: "success",
    },
    removed: {
      label: i18n._(msg({ message: "Removed", context: "results filter" })),
      text,
      tone: "success",
    },
    failed: {
      label: i18n._(msg({ message: "Failed", context: "results filter" })),
      text,
      tone: "danger",
    },
    "not-sent": {
      label: i18n._(msg({ message: "Not sent", context: "results filter" })),
      text,
      tone: "muted",
    },
  };
}

interface ChangeResultsProps {
  action: "add" | "remove";
  results: readonly ChangeResult[];
  /** Name each id from the directory (one look-up per page of results). */
  names?: { groupId: number; enabled: boolean };
}

/** One row per id, in the order given, with the service's words for each failure. */
export function ChangeResults({ action, results, names }: ChangeResultsProps) {
  const { t, i18n } = useLingui();
  return (
    <BulkResults
      label={t`Results of the change`}
      results={results}
      names={names}
      outcomes={outcomeStyles(i18n)}
      summary={resultsSummary(action, results, i18n)}
      hint={
        action === "add"
          ? t`“Added” includes people who were already in the subscription: the service does not tell them apart.`
          : undefined
      }
    />
  );
}

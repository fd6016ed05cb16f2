import { BulkResults, type OutcomeStyle } from "@/components/bulk-results";
import { countOutcomes, outcomeText, people } from "./outcome-text";
import type { ChangeResult, Outcome } from "./run-changes";

const numbers = new Intl.NumberFormat("en");

const outcomes: Record<Outcome, OutcomeStyle<ChangeResult>> = {
  added: { label: "Added", text: outcomeText, tone: "success" },
  removed: { label: "Removed", text: outcomeText, tone: "success" },
  failed: { label: "Failed", text: outcomeText, tone: "danger" },
  "not-sent": { label: "Not sent", text: outcomeText, tone: "muted" },
};

interface ChangeResultsProps {
  action: "add" | "remove";
  results: readonly ChangeResult[];
}

/** One row per id, in the order given, with the service's words for each failure. */
export function ChangeResults({ action, results }: ChangeResultsProps) {
  const counts = countOutcomes(results);
  const summary =
    (action === "add" ? `${people(counts.added)} added` : `${people(counts.removed)} removed`) +
    (counts.failed > 0 ? `, ${numbers.format(counts.failed)} failed` : "") +
    (counts["not-sent"] > 0 ? `, ${numbers.format(counts["not-sent"])} not sent` : "") +
    ".";
  return (
    <BulkResults
      label="Results of the change"
      results={results}
      outcomes={outcomes}
      summary={summary}
      hint={
        action === "add"
          ? "“Added” includes people who were already in the subscription: the service does not tell them apart."
          : undefined
      }
    />
  );
}

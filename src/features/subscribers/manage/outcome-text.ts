import type { ChangeAction } from "./manage-schema";
import type { ChangeResult, Outcome } from "./run-changes";

const numbers = new Intl.NumberFormat("en");

export function people(count: number): string {
  return `${numbers.format(count)} ${count === 1 ? "person" : "people"}`;
}

/** One row's result in words, as the table shows it. */
export function outcomeText(result: ChangeResult): string {
  switch (result.outcome) {
    case "added":
      return "Added";
    case "removed":
      return "Removed";
    case "failed":
      return `Failed: ${result.error ?? "no reason given"}`;
    case "not-sent":
      return "Not sent (cancelled)";
  }
}

export function countOutcomes(results: readonly ChangeResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { added: 0, removed: 0, failed: 0, "not-sent": 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** The toast after a run: "Added 12 people to “News”. 2 failed." */
export function summaryText(
  action: ChangeAction,
  target: string,
  results: readonly ChangeResult[],
): string {
  const counts = countOutcomes(results);
  const done =
    action === "add"
      ? `Added ${people(counts.added)} to ${target}.`
      : `Removed ${people(counts.removed)} from ${target}.`;
  const rest = [
    counts.failed > 0 ? `${numbers.format(counts.failed)} failed.` : "",
    counts["not-sent"] > 0 ? `${numbers.format(counts["not-sent"])} not sent (cancelled).` : "",
  ];
  return [done, ...rest].filter(Boolean).join(" ");
}

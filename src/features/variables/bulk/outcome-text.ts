import type { OutcomeStyle } from "@/components/bulk-results";
import type { SetResult } from "./run-bulk-set";

const numbers = new Intl.NumberFormat("en");

export function people(count: number): string {
  return `${numbers.format(count)} ${count === 1 ? "person" : "people"}`;
}

function rowText(result: SetResult): string {
  switch (result.outcome) {
    case "saved":
      return "Saved";
    case "failed":
      return `Failed: ${result.error ?? "no reason given"}`;
    case "not-run":
      return result.error === undefined
        ? "Not run"
        : `Not run${result.error.replace(/^not run/, "")}`;
  }
}

export const setOutcomes: Record<SetResult["outcome"], OutcomeStyle<SetResult>> = {
  saved: { label: "Saved", text: rowText, tone: "success" },
  failed: { label: "Failed", text: rowText, tone: "danger" },
  "not-run": { label: "Not run", text: rowText, tone: "muted" },
};

export function countSet(results: readonly SetResult[]) {
  const counts = { saved: 0, failed: 0, "not-run": 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** "250 saved, 10 failed, 40 not run." */
export function summaryLine(results: readonly SetResult[]): string {
  const counts = countSet(results);
  return (
    [
      `${people(counts.saved)} saved`,
      counts.failed > 0 ? `${numbers.format(counts.failed)} failed` : "",
      counts["not-run"] > 0 ? `${numbers.format(counts["not-run"])} not run` : "",
    ]
      .filter(Boolean)
      .join(", ") + "."
  );
}

/** A value in a sentence: quoted, and clipped so a 4,096-character value stays readable. */
export function quoted(text: string, max = 40): string {
  if (text === "") return "an empty value";
  return `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
}

import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { OutcomeStyle } from "@/components/bulk-results";
import type { SetResult } from "./run-bulk-set";

/**
 * How a bulk run of vars/set reads, in the language of the `i18n` given: one message per
 * sentence, the counts as plurals (Russian agrees "1 человек, 2 человека, 5 человек").
 */

function rowText(result: SetResult, i18n: I18n): string {
  switch (result.outcome) {
    case "saved":
      return i18n._(msg({ message: "Saved", context: "bulk outcome" }));
    case "failed": {
      const reason = result.error ?? i18n._(msg`no reason given`);
      return i18n._(msg`Failed: ${reason}`);
    }
    case "not-run":
      // The run's own words ("not run (cancelled)", "not run: the run stopped (…)") start a
      // row: only their first letter changes.
      return result.error === undefined
        ? i18n._(msg({ message: "Not run", context: "bulk outcome" }))
        : capitalised(result.error, i18n.locale);
  }
}

function capitalised(text: string, locale: string): string {
  return `${text.charAt(0).toLocaleUpperCase(locale)}${text.slice(1)}`;
}

/** The outcomes of a run for the results table: filter names, row words, colours. */
export function setOutcomes(i18n: I18n): Record<SetResult["outcome"], OutcomeStyle<SetResult>> {
  const text = (result: SetResult) => rowText(result, i18n);
  return {
    saved: {
      label: i18n._(msg({ message: "Saved", context: "bulk outcome" })),
      text,
      tone: "success",
    },
    failed: {
      label: i18n._(msg({ message: "Failed", context: "bulk outcome" })),
      text,
      tone: "danger",
    },
    "not-run": {
      label: i18n._(msg({ message: "Not run", context: "bulk outcome" })),
      text,
      tone: "muted",
    },
  };
}

export function countSet(results: readonly SetResult[]) {
  const counts = { saved: 0, failed: 0, "not-run": 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** "250 people saved, 10 failed, 40 not run." */
export function summaryLine(results: readonly SetResult[], i18n: I18n): string {
  const counts = countSet(results);
  const saved = counts.saved;
  const failed = counts.failed;
  const notRun = counts["not-run"];
  const parts = [i18n._(msg`${plural(saved, { one: "# person saved", other: "# people saved" })}`)];
  if (failed > 0)
    parts.push(i18n._(msg`${plural(failed, { one: "# failed", other: "# failed" })}`));
  if (notRun > 0) {
    parts.push(i18n._(msg`${plural(notRun, { one: "# not run", other: "# not run" })}`));
  }
  // Each part is a whole clause of its own; the list and the full stop are the same in both.
  return `${parts.join(", ")}.`;
}

/** A value in a sentence: quoted, and clipped so a 4,096-character value stays readable. */
export function quoted(text: string, i18n: I18n, max = 40): string {
  if (text === "") return i18n._(msg`an empty value`);
  const shown = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return i18n._(msg`“${shown}”`);
}

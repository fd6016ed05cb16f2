import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ChangeAction } from "./manage-schema";
import type { ChangeResult, Outcome } from "./run-changes";

/**
 * Where a run adds people or removes them from: one subscription by name (`#id` when its name
 * is not known, as everywhere in the app), or every subscription (a removal only).
 */
export type ChangeTarget = { kind: "every" } | { kind: "subscription"; name: string };

/** One row's result in words, as the table shows it. */
export function outcomeText(result: ChangeResult, i18n: I18n): string {
  switch (result.outcome) {
    case "added":
      return i18n._(msg({ message: "Added", context: "one person's result" }));
    case "removed":
      return i18n._(msg({ message: "Removed", context: "one person's result" }));
    case "failed": {
      const reason = result.error ?? i18n._(msg`no reason given`);
      return i18n._(msg`Failed: ${reason}`);
    }
    case "not-sent":
      return i18n._(msg`Not sent (cancelled)`);
  }
}

export function countOutcomes(results: readonly ChangeResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { added: 0, removed: 0, failed: 0, "not-sent": 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}

/** "3 people added. 1 failed. 2 not sent.": the line over the results, one sentence a count. */
export function resultsSummary(
  action: ChangeAction,
  results: readonly ChangeResult[],
  i18n: I18n,
): string {
  const counts = countOutcomes(results);
  const added = counts.added;
  const removed = counts.removed;
  const done =
    action === "add"
      ? i18n._(msg`${plural(added, { one: "# person added.", other: "# people added." })}`)
      : i18n._(msg`${plural(removed, { one: "# person removed.", other: "# people removed." })}`);
  return [done, ...restSentences(counts, i18n)].join(" ");
}

/** The toast after a run: "Added 12 people to “News”. 2 failed." */
export function summaryText(
  action: ChangeAction,
  target: ChangeTarget,
  results: readonly ChangeResult[],
  i18n: I18n,
): string {
  const counts = countOutcomes(results);
  return [doneSentence(action, target, counts, i18n), ...restSentences(counts, i18n)].join(" ");
}

function doneSentence(
  action: ChangeAction,
  target: ChangeTarget,
  counts: Record<Outcome, number>,
  i18n: I18n,
): string {
  const added = counts.added;
  const removed = counts.removed;
  if (action === "add") {
    // An add always names one subscription.
    const name = target.kind === "subscription" ? target.name : "";
    return i18n._(
      msg`${plural(added, { one: `Added # person to “${name}”.`, other: `Added # people to “${name}”.` })}`,
    );
  }
  if (target.kind === "every") {
    return i18n._(
      msg`${plural(removed, {
        one: "Removed # person from every subscription.",
        other: "Removed # people from every subscription.",
      })}`,
    );
  }
  const name = target.name;
  return i18n._(
    msg`${plural(removed, {
      one: `Removed # person from “${name}”.`,
      other: `Removed # people from “${name}”.`,
    })}`,
  );
}

function restSentences(counts: Record<Outcome, number>, i18n: I18n): string[] {
  const failed = counts.failed;
  const notSent = counts["not-sent"];
  return [
    failed > 0 ? i18n._(msg`${plural(failed, { one: "# failed.", other: "# failed." })}`) : "",
    notSent > 0
      ? i18n._(
          msg`${plural(notSent, { one: "# not sent (cancelled).", other: "# not sent (cancelled)." })}`,
        )
      : "",
  ].filter(Boolean);
}

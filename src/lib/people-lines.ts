import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { DirectoryPersonBrief, DirectoryResolveResult } from "@/contract/directory";
import { parseUserIds } from "./user-ids";

/**
 * Pasted people for a bulk form, read through the directory (issue 16): ids as always, and
 * names or profile links, one a line. Nothing is sent until every line names one person or
 * has been dropped.
 */

/** Whether the text needs the directory: some of it is not a user id. */
export function hasNames(text: string): boolean {
  return parseUserIds(text).invalid.length > 0;
}

/**
 * The lines to ask the directory about: a line of ids alone ("1, 2 3") gives each id as a
 * line of its own (so each is shown with its name), any other line is kept whole (a name has
 * spaces); blank lines and repeats are left out. A line that lists an id beside other things,
 * separated by commas or semicolons ("1967559769, Иван Петров; 12x34"), is read part by part,
 * so the id is not lost inside a name nobody has; a line without an id among its parts stays
 * whole ("Петров, Иван" is one name).
 */
export function linesToResolve(text: string): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (line: string) => {
    const key = line.toLocaleLowerCase();
    if (line === "" || seen.has(key)) return;
    seen.add(key);
    lines.push(line);
  };
  const addLine = (line: string) => {
    const parsed = parseUserIds(line);
    if (parsed.invalid.length === 0) {
      for (const id of parsed.ids) add(String(id));
    } else {
      add(line);
    }
  };
  for (const raw of text.split(/\r?\n/u)) {
    const line = raw.trim();
    const parts = line.split(/[,;]/u).map((part) => part.trim());
    const listsAnId =
      parts.length > 1 && parts.some((part) => parseUserIds(part).invalid.length === 0);
    if (listsAnId) {
      for (const part of parts) addLine(part);
    } else {
      addLine(line);
    }
  }
  return lines;
}

/** One pasted line and what the person decided about it. */
export interface ResolvedLine {
  line: string;
  outcome: DirectoryResolveResult["outcome"];
  /** The person the line names: found, an id, or the candidate chosen; null until then. */
  userId: number | null;
  /** The person's record when the directory holds it (for their photo and name). */
  person: DirectoryPersonBrief | null;
  candidates: DirectoryPersonBrief[];
  matches: number;
  problem: DirectoryResolveResult["problem"];
  /** Left out of the run by the person. */
  dropped: boolean;
}

/** The directory's answer as lines to settle; empty lines are not shown at all. */
export function resolvedLines(results: readonly DirectoryResolveResult[]): ResolvedLine[] {
  return results
    .filter((result) => result.outcome !== "empty")
    .map((result) => {
      const settled = result.outcome === "id" || result.outcome === "found";
      const userId = settled ? result.user_id : null;
      return {
        line: result.line,
        outcome: result.outcome,
        userId,
        person:
          userId === null
            ? null
            : (result.candidates.find((candidate) => candidate.user_id === userId) ?? null),
        candidates: result.candidates,
        matches: result.matches,
        problem: result.problem,
        dropped: false,
      };
    });
}

/** An ambiguous line settled on one of its candidates (a drop is undone by choosing). */
export function chooseCandidate(
  lines: readonly ResolvedLine[],
  index: number,
  userId: number,
): ResolvedLine[] {
  return lines.map((line, at) => {
    if (at !== index || line.outcome !== "ambiguous") return line;
    const person = line.candidates.find((candidate) => candidate.user_id === userId);
    return person ? { ...line, userId, person, dropped: false } : line;
  });
}

export function setDropped(
  lines: readonly ResolvedLine[],
  index: number,
  dropped: boolean,
): ResolvedLine[] {
  return lines.map((line, at) => (at === index ? { ...line, dropped } : line));
}

export interface ResolutionSummary {
  /** The people to send, each once, in the order of the lines. */
  ids: number[];
  /** Lines still waiting: an ambiguous name not chosen, or a line naming nobody, not dropped. */
  pending: number;
  dropped: number;
  /** Two lines naming the same person: sent once. */
  repeats: number;
}

export function summariseResolution(lines: readonly ResolvedLine[]): ResolutionSummary {
  const ids: number[] = [];
  const seen = new Set<number>();
  let pending = 0;
  let dropped = 0;
  let repeats = 0;
  for (const line of lines) {
    if (line.dropped) {
      dropped++;
    } else if (line.userId === null) {
      pending++;
    } else if (seen.has(line.userId)) {
      repeats++;
    } else {
      seen.add(line.userId);
      ids.push(line.userId);
    }
  }
  return { ids, pending, dropped, repeats };
}

/** Ready to send: every line settled, and someone left to send to. */
export function resolutionComplete(summary: ResolutionSummary): boolean {
  return summary.pending === 0 && summary.ids.length > 0;
}

function isUserIdLine(line: string): boolean {
  const parsed = parseUserIds(line);
  return parsed.invalid.length === 0 && parsed.ids.length === 1;
}

/** "3 ids, 2 lines to look up": what the field shows as one types, when names are taken. */
export function summarisePeopleText(text: string, i18n: I18n): string {
  const lines = linesToResolve(text);
  // An id is a line the review reads as one (linesToResolve gives each id a line of its own):
  // "0", "-5" or a number past the contract's range are lines the directory is asked about.
  const ids = lines.filter((line) => isUserIdLine(line)).length;
  const names = lines.length - ids;
  const idText = i18n._(msg`${plural(ids, { one: "# id", other: "# ids" })}`);
  if (names === 0) return idText;
  return i18n._(
    msg`${idText}, ${plural(names, {
      one: "# line to look up in the directory",
      other: "# lines to look up in the directory",
    })}`,
  );
}

/**
 * One filter of subscribers/get as the page planner sees it:
 *
 * - `probe`: an SQL test of one person `s` (a row of subscribers) that an index keyed by the
 *   person answers in a seek or two; every page applies every probe.
 * - `driver` (optional): a way to list matching people in id order from the filter's own
 *   index (`ordered`), or to collect them all when there are few (`set`). The planner drives
 *   the page from the cheapest one and probes the rest, so a selective filter never makes it
 *   walk the whole channel.
 */

export interface Probe {
  sql: string;
  args: unknown[];
}

export interface OrderedDriver {
  kind: "ordered";
  /** About how many people match (an upper bound is fine). */
  estimate: () => number;
  /** Matching person ids above `after`, ascending, at most `limit` (may include duplicates). */
  next: (after: number, limit: number) => number[];
}

export interface SetDriver {
  kind: "set";
  /** How many rows `collect` would read, counted up to `cap` (more: cap + 1). */
  estimate: (cap: number) => number;
  /** Every candidate person id, in any order, duplicates allowed. */
  collect: () => number[];
}

export interface Condition {
  name: string;
  probe: Probe;
  driver?: OrderedDriver | SetDriver;
  /** Matches nobody whatever the rest says (e.g. a subscription of another channel). */
  empty?: boolean;
}

/**
 * Ids above `after` from several ascending streams, ascending and distinct: everything up to the
 * point where the first full batch ends, so no id of any stream below the last one returned is
 * missed. Empty only when every stream is exhausted.
 */
export function mergeStreams(
  streams: readonly ((after: number, limit: number) => number[])[],
  after: number,
  limit: number,
): number[] {
  const all = new Set<number>();
  let cut = Number.POSITIVE_INFINITY;
  for (const stream of streams) {
    const ids = stream(after, limit);
    for (const id of ids) all.add(id);
    const last = ids.at(-1);
    if (ids.length === limit && last !== undefined) cut = Math.min(cut, last);
  }
  return [...all].filter((id) => id <= cut).sort((a, b) => a - b);
}

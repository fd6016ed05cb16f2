/** One request of a page load, times in seconds on one clock. */
export interface Fetched {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, XHR, Image, Font, … */
  type: string;
  start: number;
  end: number;
  /** Bytes on the wire: headers and the body as sent (compressed or not). */
  bytes: number;
}

/** The requests that can hold back what the page shows first; pictures and fonts cannot. */
const CRITICAL = new Set(["Document", "Script", "Stylesheet", "Fetch", "XHR"]);

/**
 * The depth of the request waterfall before `until`: the longest chain of requests each sent
 * only after the previous one's answer had arrived (document → entry → page chunk → session
 * → first data is 5). Timing-based, so a request that waits for another's answer through an
 * `await` counts, which the initiator of a `fetch` would not show.
 */
export function waterfallDepth(requests: readonly Fetched[], until: number): number {
  const chain = requests
    .filter((r) => CRITICAL.has(r.type) && r.start <= until)
    .sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let deepest = 0;
  chain.forEach((request, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) {
      const earlier = chain[j];
      if (earlier && earlier.end <= request.start) before = Math.max(before, depth[j] ?? 0);
    }
    depth[i] = before + 1;
    deepest = Math.max(deepest, before + 1);
  });
  return deepest;
}

export interface WireBytes {
  js: number;
  css: number;
  data: number;
  total: number;
}

/** Bytes on the wire by kind: scripts, stylesheets, data (fetch/XHR), and everything. */
export function wireBytes(requests: readonly Fetched[]): WireBytes {
  const sum = (types: string[]) =>
    requests.filter((r) => types.includes(r.type)).reduce((total, r) => total + r.bytes, 0);
  return {
    js: sum(["Script"]),
    css: sum(["Stylesheet"]),
    data: sum(["Fetch", "XHR"]),
    total: requests.reduce((total, r) => total + r.bytes, 0),
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

import type { Browser, CDPSession } from "@playwright/test";
import { type Fetched, waterfallDepth, wireBytes, type WireBytes } from "./waterfall";

/** Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU ×4. */
export const MOBILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuRate: 4,
};

export interface Route {
  name: string;
  path: string;
  /** What "the first meaningful content" is, in words, for the report. */
  content: string;
  /** What the page must show: rows of the table, the channel's name, or a settled page. */
  ready: Ready;
}

type Ready = { rows: number } | { selector: string } | "settled";

/**
 * Runs in the page (serialized by Playwright: the CSP forbids evaluating strings): the first
 * meaningful content is on screen, and nothing in the main area is still loading.
 */
function isReady(ready: Ready): number | false {
  const main = document.querySelector("main");
  if (!main) return false;
  if (typeof ready === "object" && "rows" in ready) {
    if (main.querySelectorAll("tbody tr[data-index]").length < ready.rows) return false;
    return performance.now();
  }
  if (typeof ready === "object") {
    return (main.querySelector(ready.selector)?.textContent ?? "") === ""
      ? false
      : performance.now();
  }
  if (!main.querySelector("h1") || main.querySelector('[aria-busy="true"]')) return false;
  return performance.now();
}

export const ROUTES: readonly Route[] = [
  {
    name: "subscribers",
    path: "/c/1001/subscribers",
    content: "20 rows painted",
    ready: { rows: 20 },
  },
  {
    name: "channel",
    path: "/c/1001",
    content: "the channel card with its name",
    ready: { selector: ".channel-card-name" },
  },
  {
    name: "subscriptions",
    path: "/c/1001/subscriptions",
    content: "heading, nothing busy",
    ready: "settled",
  },
  {
    name: "deliveries",
    path: "/c/1001/deliveries",
    content: "heading, nothing busy",
    ready: "settled",
  },
  { name: "utm", path: "/c/1001/utm", content: "heading, nothing busy", ready: "settled" },
  {
    name: "count",
    path: "/c/1001/subscribers/count",
    content: "heading, nothing busy",
    ready: "settled",
  },
];

export interface LoadResult {
  /** Bytes of the requests sent before the content was on screen. */
  /** From the start of navigation to the content on screen (the frame it was seen in). */
  contentMs: number;
  bytes: WireBytes;
  depth: number;
  /** Content-Encoding of the scripts, e.g. "br" (or "identity"). */
  scriptEncodings: string[];
}

interface Pending {
  url: string;
  type: string;
  start: number;
  encoding?: string;
}

function record(cdp: CDPSession) {
  const pending = new Map<string, Pending>();
  const done: (Fetched & { encoding: string })[] = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    pending.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? "Other",
      start: event.timestamp,
    });
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    request.type = event.type;
    const headers = event.response.headers;
    request.encoding = headers["content-encoding"] ?? headers["Content-Encoding"] ?? "identity";
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = pending.get(event.requestId);
    if (!request) return;
    done.push({
      ...request,
      end: event.timestamp,
      bytes: event.encodedDataLength,
      encoding: request.encoding ?? "identity",
    });
  });
  return done;
}

/**
 * Loads `route` cold (a new browser context: empty cache, only the session cookie) and
 * measures it. `throttle` applies Lighthouse's mobile profile through the DevTools protocol
 * (`cpuRate` instead of its CPU ×4, to compare with a slower machine);
 * `identity` asks for no compression, as a browser would get from a server without it.
 */
export async function loadCold(
  browser: Browser,
  base: string,
  cookie: { name: string; value: string },
  route: Route,
  options: { throttle: boolean; identity: boolean; cpuRate?: number },
): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addCookies([{ ...cookie, url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (options.identity) {
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
    }
    if (options.throttle) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: MOBILE.latency,
        downloadThroughput: MOBILE.downloadThroughput,
        uploadThroughput: MOBILE.uploadThroughput,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", {
        rate: options.cpuRate ?? MOBILE.cpuRate,
      });
    }
    const requests = record(cdp);
    await page.goto(`${base}${route.path}`, { waitUntil: "commit" });
    const handle = await page.waitForFunction(isReady, route.ready, {
      polling: "raf",
      timeout: 45_000,
    });
    const contentMs = (await handle.jsonValue()) as number;
    const document = requests.find((r) => r.type === "Document");
    const until = (document?.start ?? 0) + contentMs / 1000;
    return {
      contentMs,
      bytes: wireBytes(requests.filter((r) => r.start <= until)),
      depth: waterfallDepth(requests, until),
      scriptEncodings: [
        ...new Set(requests.filter((r) => r.type === "Script").map((r) => r.encoding)),
      ],
    };
  } finally {
    await context.close();
  }
}

/**
 * Whether the page is restored from the back/forward cache: load it, go to another page of
 * the site's origin, come back. Chromium says why not (`Page.backForwardCacheNotUsed`).
 */
export async function backForwardCache(
  browser: Browser,
  base: string,
  cookie: { name: string; value: string },
  route: Route,
): Promise<string> {
  const context = await browser.newContext();
  try {
    await context.addCookies([{ ...cookie, url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    const reasons: string[] = [];
    cdp.on("Page.backForwardCacheNotUsed", (event) => {
      for (const reason of event.notRestoredExplanations) reasons.push(reason.reason);
    });
    await page.goto(`${base}${route.path}`);
    await page.waitForFunction(isReady, route.ready, { polling: "raf", timeout: 60_000 });
    await page.evaluate(() => {
      (window as { benchMarker?: number }).benchMarker = 1;
    });
    await page.goto(`${base}/openapi.json`);
    // A page restored from the cache fires no load event: wait only for the navigation.
    await page.goBack({ waitUntil: "commit" });
    await page.waitForTimeout(500);
    const restored = await page.evaluate(
      () => (window as { benchMarker?: number }).benchMarker === 1,
    );
    return restored ? "restored" : `not restored: ${reasons.join(", ") || "no reason given"}`;
  } finally {
    await context.close();
  }
}

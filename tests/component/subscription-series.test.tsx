import { focusManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook } from "@testing-library/react";
import { waitFor, WithI18n } from "./testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProvider, createApi, type Api } from "../../src/api/api-context";
import type { Call } from "../../src/api/client";
import {
  useSeriesDone,
  useSubscriptionSeries,
  type SeriesProgress,
  type SubscriptionSeries,
} from "../../src/api/subscription-series";
import { formatApiDateTime } from "../../src/contract/datetime";
import { pinDate, unpinDate } from "../support/clock";

const ZONE = "UTC";
const DAY = 86_400_000;

/**
 * A service with `total` events in the period, two days ago, 3 of 4 subscriptions. `hold`, if
 * given, is awaited before each page of events is answered; a page whose offset is in `fail`
 * is refused once.
 */
function fakeService(
  total: number,
  { hold, fail = new Set<number>() }: { hold?: () => Promise<void>; fail?: Set<number> } = {},
) {
  const sent: { operation: string; offset?: number }[] = [];
  const date = formatApiDateTime(Date.now() - 2 * DAY, ZONE);
  const call = (async (operation: string, params: { offset?: number }) => {
    sent.push({ operation, ...(params.offset === undefined ? {} : { offset: params.offset }) });
    if (operation === "subscribers/statCount") {
      const subscribed = Math.ceil((total * 3) / 4);
      return { success: true, count_subscribe: subscribed, count_unsubscribe: total - subscribed };
    }
    await hold?.();
    const offset = params.offset ?? 0;
    if (fail.delete(offset)) throw new Error(`page at ${String(offset)} refused`);
    const items = Array.from({ length: Math.max(0, Math.min(100, total - offset)) }, (_, n) => ({
      date,
      vk_user_id: offset + n + 1,
      first_name: "A",
      last_name: "B",
      photo: "",
      subscription_id: 1,
      action: (offset + n) % 4 === 3 ? 2 : 1,
      ignore: 0,
      source: "api",
      utm_id: 0,
      utm_source: "",
    }));
    return { success: true, items };
  }) as unknown as Call;
  return { call, sent };
}

function wrapper(
  api: Api,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return ({ children }: { children: ReactNode }) => (
    <WithI18n>
      <ApiProvider api={api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    </WithI18n>
  );
}

/** A client whose answers stay fresh 30 s, as the app's (src/api/query-client.ts). */
function appLikeClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
}

/** A 30-day series whose chart waits to be scrolled to (readBuckets false until rerendered). */
function renderWaiting(call: Call, client: QueryClient) {
  const to = Date.now();
  return renderHook(
    ({ readBuckets }: { readBuckets: boolean }) =>
      useSubscriptionSeries({
        groupId: 1001,
        timeZone: ZONE,
        from: to - 29 * DAY,
        to,
        readBuckets,
      }),
    { wrapper: wrapper({ ...createApi(), call }, client), initialProps: { readBuckets: false } },
  );
}

/** A series of the last `days` days whose chart waits until `readBuckets` (props of the hook). */
function renderPeriods(call: Call, client: QueryClient) {
  const to = Date.now();
  return renderHook(
    ({ readBuckets, days }: { readBuckets: boolean; days: number }) =>
      useSubscriptionSeries({
        groupId: 1001,
        timeZone: ZONE,
        from: to - (days - 1) * DAY,
        to,
        readBuckets,
      }),
    {
      wrapper: wrapper({ ...createApi(), call }, client),
      initialProps: { readBuckets: true, days: 30 },
    },
  );
}

/** A 30-day series of 250 events drawn on screen, its answers in an app-like client. */
async function drawnOnScreen() {
  pinDate("2026-11-24T00:30:00Z");
  const { call, sent } = fakeService(250);
  const client = appLikeClient();
  const view = renderPeriods(call, client);
  await waitFor(() => {
    expect(view.result.current.status).toBe("success");
  });
  return { call, sent, client, view };
}

/** Marks the cached answers of one operation stale, as half a minute would. */
function makeStale(client: QueryClient, operation: string) {
  const queries = client
    .getQueryCache()
    .findAll({ predicate: (q) => q.queryKey.includes(operation) });
  act(() => {
    for (const query of queries) query.setState({ isInvalidated: true });
  });
  return queries.length;
}

describe("the subscription series", () => {
  afterEach(() => {
    unpinDate();
  });

  it.each([200, 250, 1000])(
    "pages %d events with no call beyond min(pages, buckets) + 1",
    async (total) => {
      // In the hour after midnight UTC, when yesterday's bucket has ended but is not closed.
      pinDate("2026-11-24T00:30:00Z");
      const { call, sent } = fakeService(total);
      const to = Date.now();
      const { result } = renderHook(
        () =>
          useSubscriptionSeries({
            groupId: 1001,
            timeZone: ZONE,
            from: to - 29 * DAY,
            to,
          }),
        { wrapper: wrapper({ ...createApi(), call }) },
      );
      await waitFor(() => {
        expect(result.current.status).toBe("success");
      });
      const pages = Math.ceil(total / 100);
      expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(pages);
      expect(sent.length).toBeLessThanOrEqual(Math.min(pages, 30) + 1);
      const sum = (result.current.series ?? []).reduce((acc, bucket) => acc + bucket.subscribed, 0);
      expect(sum).toBe(Math.ceil((total * 3) / 4));
    },
  );

  it("with readBuckets false asks only the period's count, then the pages once it turns true", async () => {
    pinDate("2026-11-24T00:30:00Z");
    const { call, sent } = fakeService(250);
    const { result, rerender } = renderWaiting(call, appLikeClient());
    await waitFor(() => {
      expect(result.current.totals).toEqual({ subscribed: 188, unsubscribed: 62, net: 126 });
    });
    // Given time to ask for more, it asks for nothing else and says it is still loading.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent.map((s) => s.operation)).toEqual(["subscribers/statCount"]);
    expect(result.current.status).toBe("pending");
    expect(result.current.plan).toBeUndefined();
    expect(result.current.progress).toBeUndefined();

    rerender({ readBuckets: true });
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(3);
    expect(sent.filter((s) => s.operation === "subscribers/statCount")).toHaveLength(1);
  });

  it("asks the period's count again when the pages start after it went stale", async () => {
    pinDate("2026-11-24T00:30:00Z");
    const { call, sent } = fakeService(250);
    const client = appLikeClient();
    const { result, rerender } = renderWaiting(call, client);
    await waitFor(() => {
      expect(result.current.totals).toBeDefined();
    });
    const counts = () => sent.filter((s) => s.operation === "subscribers/statCount").length;
    // Out of view for longer than the count stays fresh.
    const count = client
      .getQueryCache()
      .findAll({ predicate: (q) => q.queryKey.includes("statCount") })[0];
    act(() => {
      count?.setState({ isInvalidated: true });
    });
    rerender({ readBuckets: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(counts()).toBe(1);

    rerender({ readBuckets: true });
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    expect(counts()).toBe(2);
  });

  it("waiting to be scrolled to, draws at once from a fresh round in the cache (Back to the page), and keeps it drawn", async () => {
    pinDate("2026-11-24T00:30:00Z");
    const { call, sent } = fakeService(250);
    const client = appLikeClient();
    const first = renderWaiting(call, client);
    first.rerender({ readBuckets: true });
    await waitFor(() => {
      expect(first.result.current.status).toBe("success");
    });
    const drawn = first.result.current.series;
    first.unmount();
    const asked = sent.length;

    // Back to the page: the chart is below the fold again.
    const back = renderWaiting(call, client);
    await waitFor(() => {
      expect(back.result.current.status).toBe("success");
    });
    expect(back.result.current.series).toEqual(drawn);
    expect(sent).toHaveLength(asked);

    // Its answers going stale later, off screen, do not take it back to loading.
    const pages = client
      .getQueryCache()
      .findAll({ predicate: (q) => q.queryKey.includes("statSubscribe") });
    expect(pages).toHaveLength(3);
    act(() => {
      for (const page of pages) page.setState({ isInvalidated: true });
    });
    back.rerender({ readBuckets: false });
    expect(back.result.current.status).toBe("success");
    back.unmount();

    // Stale ones are not drawn (nor asked for) until the chart is scrolled to.
    const stale = renderWaiting(call, client);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(stale.result.current.status).toBe("pending");
    expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(3);
  });

  it("waiting to be scrolled to, draws a period without events as soon as its count says so", async () => {
    pinDate("2026-11-24T00:30:00Z");
    const { call, sent } = fakeService(0);
    const { result } = renderWaiting(call, appLikeClient());
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    expect(result.current.series?.every((bucket) => bucket.subscribed === 0)).toBe(true);
    expect(sent.map((s) => s.operation)).toEqual(["subscribers/statCount"]);
  });

  it("drops a round drawn from the cache when another period is chosen: back on it, stale, it waits again", async () => {
    const { sent, client, view } = await drawnOnScreen();
    // Below the fold again (Back): drawn from the cache.
    view.rerender({ readBuckets: false, days: 30 });
    expect(view.result.current.status).toBe("success");
    // Another period, then this one again once its pages have gone stale.
    view.rerender({ readBuckets: false, days: 7 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const pagesBefore = sent.filter((s) => s.operation === "subscribers/statSubscribe").length;
    makeStale(client, "statSubscribe");
    view.rerender({ readBuckets: false, days: 30 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(view.result.current.status).toBe("pending");
    expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(
      pagesBefore,
    );
  });

  it("asks nothing off screen for a round drawn from the cache, and asks again what went stale once scrolled to", async () => {
    const { call, sent, client, view } = await drawnOnScreen();
    view.unmount();
    const back = renderPeriods(call, client);
    back.rerender({ readBuckets: false, days: 30 });
    await waitFor(() => {
      expect(back.result.current.status).toBe("success");
    });
    const asked = sent.length;
    expect(makeStale(client, "statSubscribe")).toBe(3);
    makeStale(client, "statCount");
    // A refocus refreshes the totals above (on screen), not the chart's pages below.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sent.slice(asked).map((s) => s.operation)).toEqual(["subscribers/statCount"]);
    expect(back.result.current.status).toBe("success");

    makeStale(client, "statCount");
    back.rerender({ readBuckets: true, days: 30 });
    await waitFor(() => {
      expect(
        sent.slice(asked).filter((s) => s.operation === "subscribers/statSubscribe"),
      ).toHaveLength(3);
    });
    expect(sent.slice(asked).filter((s) => s.operation === "subscribers/statCount")).toHaveLength(
      2,
    );
    act(() => {
      focusManager.setFocused(undefined);
    });
  });

  it("draws its holder again when the series is complete, not at each answer; the count of answers follows them apart", async () => {
    pinDate("2026-11-24T12:00:00Z");
    // Each page of events waits to be let through, one at a time.
    const waiting: (() => void)[] = [];
    const { call, sent } = fakeService(1000, {
      hold: () =>
        new Promise<void>((resolve) => {
          waiting.push(resolve);
        }),
    });
    const to = Date.now();
    let holderRenders = 0;
    const counts: number[] = [];
    let latest: SubscriptionSeries | undefined;
    // The holder of the series, and apart from it the part that shows how far it has got.
    function Holder() {
      holderRenders += 1;
      const series = useSubscriptionSeries({
        groupId: 1001,
        timeZone: ZONE,
        from: to - 29 * DAY,
        to,
      });
      latest = series;
      return <Progress progress={series.progress} />;
    }
    function Progress({ progress }: { progress: SeriesProgress | undefined }) {
      const done = useSeriesDone(progress);
      if (counts.at(-1) !== done) counts.push(done);
      return null;
    }
    const Wrapper = wrapper({ ...createApi(), call });
    render(
      <Wrapper>
        <Holder />
      </Wrapper>,
    );
    await waitFor(() => {
      expect(latest?.progress?.total).toBe(10);
      expect(waiting.length).toBe(4);
    });
    const before = holderRenders;
    for (let page = 1; page <= 10; page += 1) {
      await waitFor(() => {
        expect(waiting.length).toBeGreaterThan(0);
      });
      await act(async () => {
        waiting.shift()?.();
        await Promise.resolve();
      });
      await waitFor(() => {
        expect(counts.at(-1)).toBe(page);
      });
    }
    await waitFor(() => {
      expect(latest?.status).toBe("success");
    });
    // Ten answers; the holder drew again for the series complete, not for each of them.
    expect(holderRenders - before).toBeLessThan(5);
    expect(new Set(counts)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(10);
  });

  it("tries again only the calls that failed, and says the error until they answer", async () => {
    pinDate("2026-11-24T12:00:00Z");
    // The third page is refused the first time it is asked for.
    const { call, sent } = fakeService(500, { fail: new Set([200]) });
    const to = Date.now();
    const { result } = renderHook(
      () => useSubscriptionSeries({ groupId: 1001, timeZone: ZONE, from: to - 29 * DAY, to }),
      { wrapper: wrapper({ ...createApi(), call }) },
    );
    await waitFor(() => {
      expect(result.current.status).toBe("error");
    });
    expect((result.current.error as Error).message).toBe("page at 200 refused");
    const asked = sent.length;
    act(() => {
      result.current.retry();
    });
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    // The one page that failed, and nothing else.
    expect(sent.slice(asked)).toEqual([{ operation: "subscribers/statSubscribe", offset: 200 }]);
    expect(result.current.error).toBeUndefined();
  });
});

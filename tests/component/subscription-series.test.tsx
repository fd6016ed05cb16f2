import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { waitFor, WithI18n } from "./testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProvider, createApi, type Api } from "../../src/api/api-context";
import type { Call } from "../../src/api/client";
import { useSubscriptionSeries } from "../../src/api/subscription-series";
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
    if (operation === "subscribers/statSubscribe") await hold?.();
    if (operation === "subscribers/statCount") {
      const subscribed = Math.ceil((total * 3) / 4);
      return { success: true, count_subscribe: subscribed, count_unsubscribe: total - subscribed };
    }
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

function wrapper(api: Api) {
  // As the app's (src/api/query-client.ts), but with no retry of a failed call.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  return ({ children }: { children: ReactNode }) => (
    <WithI18n>
      <ApiProvider api={api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    </WithI18n>
  );
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

  /** The hook over the last 30 days, counting the renders of the component that holds it. */
  function renderSeries(call: Call) {
    const to = Date.now();
    let renders = 0;
    const view = renderHook(
      () => {
        renders += 1;
        return useSubscriptionSeries({ groupId: 1001, timeZone: ZONE, from: to - 29 * DAY, to });
      },
      { wrapper: wrapper({ ...createApi(), call }) },
    );
    return { ...view, renders: () => renders };
  }

  it("draws the component that holds it a few times, not once per page of events", async () => {
    pinDate("2026-11-24T12:00:00Z");
    // Each page answered in a task of its own, as over a network.
    let answered = 0;
    const hold = () =>
      new Promise<void>((resolve) => {
        answered += 1;
        setTimeout(resolve, answered);
      });
    const { call, sent } = fakeService(2000, { hold });
    const { result, renders } = renderSeries(call);
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    expect(sent.filter((s) => s.operation === "subscribers/statSubscribe")).toHaveLength(20);
    // The first render, the period's count, the plan's query starting, the series: one per
    // answer of twenty pages would be over twenty.
    expect(renders()).toBeLessThanOrEqual(6);
  });

  it("tells how far the pages have got to whoever follows its progress", async () => {
    pinDate("2026-11-24T12:00:00Z");
    const waiting: (() => void)[] = [];
    const hold = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
      });
    const { call } = fakeService(500, { hold });
    const { result } = renderSeries(call);
    await waitFor(() => {
      expect(result.current.progress?.read()).toEqual({ done: 0, total: 5 });
    });
    const progress = result.current.progress;
    expect(progress?.of).toBe("pages of events");
    let changes = 0;
    const unsubscribe = progress?.subscribe(() => {
      changes += 1;
    });
    // Four at a time (the hook's limit): two answered, then the rest.
    await waitFor(() => {
      expect(waiting).toHaveLength(4);
    });
    waiting.splice(0, 2).forEach((release) => {
      release();
    });
    await waitFor(() => {
      expect(progress?.read()).toEqual({ done: 2, total: 5 });
    });
    expect(changes).toBeGreaterThan(0);
    expect(result.current.status).toBe("pending");
    await waitFor(() => {
      waiting.splice(0).forEach((release) => {
        release();
      });
      expect(result.current.status).toBe("success");
    });
    expect(progress?.read()).toEqual({ done: 5, total: 5 });
    unsubscribe?.();
  });

  it("fails when a page fails, and Try again asks for that page alone", async () => {
    pinDate("2026-11-24T12:00:00Z");
    const { call, sent } = fakeService(500, { fail: new Set([300]) });
    const { result } = renderSeries(call);
    await waitFor(() => {
      expect(result.current.status).toBe("error");
    });
    expect(String(result.current.error)).toContain("page at 300 refused");
    const pagesAsked = () => sent.filter((s) => s.operation === "subscribers/statSubscribe");
    expect(pagesAsked()).toHaveLength(5);
    result.current.retry();
    await waitFor(() => {
      expect(result.current.status).toBe("success");
    });
    expect(pagesAsked()).toHaveLength(6);
    expect(pagesAsked()[5]?.offset).toBe(300);
    const sum = (result.current.series ?? []).reduce((acc, bucket) => acc + bucket.subscribed, 0);
    expect(sum).toBe(375);
  });
});

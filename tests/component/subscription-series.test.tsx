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

/** A service with `total` events in the period, two days ago, 3 of 4 subscriptions. */
function fakeService(total: number) {
  const sent: { operation: string; offset?: number }[] = [];
  const date = formatApiDateTime(Date.now() - 2 * DAY, ZONE);
  const call = ((operation: string, params: { offset?: number }) => {
    sent.push({ operation, ...(params.offset === undefined ? {} : { offset: params.offset }) });
    if (operation === "subscribers/statCount") {
      const subscribed = Math.ceil((total * 3) / 4);
      return Promise.resolve({
        success: true,
        count_subscribe: subscribed,
        count_unsubscribe: total - subscribed,
      });
    }
    const offset = params.offset ?? 0;
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
    return Promise.resolve({ success: true, items });
  }) as unknown as Call;
  return { call, sent };
}

function wrapper(api: Api) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
});

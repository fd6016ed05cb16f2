import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemo } from "../../server/channel-api/demo/generate";
import { createClient, type Call } from "../../src/api/client";
import { loadSubscriptionSeries } from "../../src/api/load-subscription-series";
import { pagesFor, sumCounts } from "../../src/lib/chart-strategy";
import { resolvePeriod, type PeriodChoice } from "../../src/lib/period";
import { startGateway, type RunningGateway } from "../support/gateway";

/**
 * The chart strategy against the real gateway and the local Channel API on demo data: it takes
 * the cheaper way, makes no call beyond min(⌈events/100⌉, buckets) + 1, and its buckets add up
 * to the period's own statCount — and equal what the other way counts for the same buckets.
 */

const NOW = Date.UTC(2026, 9, 30, 12, 0, 0);
const PASSWORD = "strategy-test-password";
const channels = [
  { groupId: 1001, timeZone: "Europe/Moscow" },
  { groupId: 1002, timeZone: "UTC" },
];

let gateway: RunningGateway;
let call: Call;
let calls: string[] = [];

beforeAll(async () => {
  gateway = await startGateway({
    seed: (db) => generateDemo(db, { subscribers: 1500, seed: 3, now: NOW }),
    rateLimit: 1000,
    accounts: [{ username: "mia", role: "marketing", channels: [1001, 1002], password: PASSWORD }],
  });
  const login = await fetch(`${gateway.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
    body: JSON.stringify({ username: "mia", password: PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  call = createClient({
    baseUrl: gateway.url,
    fetch: (input, init) => {
      if (typeof input === "string") calls.push(input.replace(/^.*\/api\//, ""));
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      return fetch(input, { ...init, headers });
    },
  });
}, 60_000);

afterAll(async () => {
  await gateway.close();
});

const choices: PeriodChoice[] = [
  { preset: "today" },
  { preset: "7d" },
  { preset: "30d" },
  { preset: "90d" },
  { preset: "previous-month" },
  { preset: "this-year" },
  // Across both clock changes of the year and a month end.
  { preset: "custom", from: "2026-03-20", to: "2026-04-05" },
];

describe.each(channels)("the chart strategy on channel $groupId ($timeZone)", (channel) => {
  it.each(choices)(
    "%o: the cheaper way, within the target, adding up to statCount",
    async (choice) => {
      const period = resolvePeriod(choice, NOW, channel.timeZone);
      calls = [];
      const loaded = await loadSubscriptionSeries({
        call,
        groupId: channel.groupId,
        timeZone: channel.timeZone,
        from: period.from,
        to: period.to,
      });
      const events = loaded.totals.subscribed + loaded.totals.unsubscribed;
      const cheapest = Math.min(pagesFor(events), loaded.buckets.length) + 1;
      expect(loaded.calls).toBe(calls.length);
      expect(loaded.calls).toBeLessThanOrEqual(cheapest);
      expect(loaded.plan.kind).toBe(
        pagesFor(events) < loaded.buckets.length ? "page" : "per-bucket",
      );
      const sum = sumCounts(loaded.series);
      expect(sum.subscribed).toBe(loaded.totals.subscribed);
      expect(sum.unsubscribed).toBe(loaded.totals.unsubscribed);
    },
  );

  it("counts the same per bucket either way, across clock changes and month ends", async () => {
    for (const choice of choices) {
      const period = resolvePeriod(choice, NOW, channel.timeZone);
      const input = {
        call,
        groupId: channel.groupId,
        timeZone: channel.timeZone,
        from: period.from,
        to: period.to,
      };
      const paged = await loadSubscriptionSeries(input);
      const counted = await loadSubscriptionSeries({ ...input, canPage: false });
      expect(counted.plan.kind).toBe("per-bucket");
      expect(paged.series).toEqual(counted.series);
    }
    // Ten periods read twice each: seconds on a busy machine. A timeout here would leave its
    // calls running into the next test's count, so it gets room instead.
  }, 30_000);

  it("counts per bucket when that is cheaper: 90 days in months", async () => {
    const period = resolvePeriod({ preset: "90d" }, NOW, channel.timeZone);
    calls = [];
    const loaded = await loadSubscriptionSeries({
      call,
      groupId: channel.groupId,
      timeZone: channel.timeZone,
      from: period.from,
      to: period.to,
      unit: "month",
    });
    const events = loaded.totals.subscribed + loaded.totals.unsubscribed;
    expect(pagesFor(events)).toBeGreaterThan(loaded.buckets.length);
    expect(loaded.plan.kind).toBe("per-bucket");
    expect(calls.filter((operation) => operation === "subscribers/statCount")).toHaveLength(
      loaded.buckets.length + 1,
    );
    expect(calls).toHaveLength(loaded.buckets.length + 1);
    expect(sumCounts(loaded.series)).toEqual(loaded.totals);
  });

  it("keeps to the filters: a subscription's buckets add up to its own statCount", async () => {
    const period = resolvePeriod({ preset: "30d" }, NOW, channel.timeZone);
    const subscriptions = await call(
      "subscriptions/get",
      { count: 100 },
      { groupId: channel.groupId },
    );
    const first = subscriptions.items[0];
    expect(first).toBeDefined();
    if (!first) return;
    const loaded = await loadSubscriptionSeries({
      call,
      groupId: channel.groupId,
      timeZone: channel.timeZone,
      from: period.from,
      to: period.to,
      filters: { subscription_id: [first.subscription_id] },
    });
    const all = await call(
      "subscribers/statCount",
      { date_from: period.dateFrom, date_to: period.dateTo },
      { groupId: channel.groupId },
    );
    expect(loaded.totals.subscribed).toBeLessThan(all.count_subscribe);
    expect(sumCounts(loaded.series)).toEqual(loaded.totals);
  });
});

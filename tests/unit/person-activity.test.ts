import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/client";
import {
  PERSON_PAGES_MAX,
  personDeliveriesOptions,
  personEventsOptions,
  type PersonActivity,
} from "../../src/features/variables/person/person-activity-queries";

const activity: PersonActivity = {
  groupId: 1001,
  field: "tg_user_id",
  userId: 42,
  timeZone: "Europe/Moscow",
  from: Date.UTC(2026, 10, 1),
  to: Date.UTC(2026, 10, 24),
};

const record = (n: number) => ({
  error: 0,
  error_code: 0,
  date: `${String(n).padStart(2, "0")}.11.2026 10:00:00`,
  first_name: "A",
  last_name: "B",
  photo: "",
  tg_user_id: 42,
  vk_id: n,
  delivery_id: 7,
});

describe("the person's activity", () => {
  it("asks deliveries/stat by the person's id over the period, reads every page and puts the newest first", async () => {
    const asked: unknown[] = [];
    const pages = [Array.from({ length: 100 }, (_, i) => record((i % 28) + 1)), [record(29)]];
    const call = ((operation: string, params: Record<string, unknown>) => {
      asked.push({ operation, ...params });
      const items = pages[asked.length - 1] ?? [];
      return Promise.resolve({ success: true, items, offset_id: `c${String(asked.length)}` });
    }) as unknown as Call;
    const client = new QueryClient();
    const result = await client.query(personDeliveriesOptions(activity, call));
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({
      operation: "deliveries/stat",
      tg_user_id: 42,
      date_from: "01.11.2026 03:00:00",
      date_to: "24.11.2026 03:00:00",
      count: 100,
    });
    expect(asked[1]).toMatchObject({ offset_id: "c1" });
    expect(result.items[0]?.date).toBe("29.11.2026 10:00:00");
    expect(result.items).toHaveLength(101);
    expect(result.truncated).toBe(false);
  });

  it("stops after a bound of pages of events and says older ones are left out", async () => {
    let calls = 0;
    const call = ((_operation: string, params: { offset: number }) => {
      calls++;
      const items = Array.from({ length: 100 }, (_, i) => ({
        date: "01.11.2026 10:00:00",
        tg_user_id: 42,
        first_name: "",
        last_name: "",
        photo: "",
        subscription_id: 1,
        utm_id: 0,
        utm_source: "",
        action: 1,
        ignore: 0,
        source: "api",
        n: params.offset + i,
      }));
      return Promise.resolve({ success: true, items });
    }) as unknown as Call;
    const result = await new QueryClient().query(personEventsOptions(activity, call));
    expect(calls).toBe(PERSON_PAGES_MAX);
    expect(result.truncated).toBe(true);
    expect((result.items[0] as unknown as { n: number }).n).toBe(PERSON_PAGES_MAX * 100 - 1);
  });
});

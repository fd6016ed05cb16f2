import { describe, expect, it } from "vitest";
import type { DeliveryInfo } from "../../src/contract/entities";
import {
  counter,
  deliveriesInPeriod,
  deliveryFunnel,
  readRateSeries,
  stageRate,
  sumFunnels,
} from "../../src/lib/delivery-funnel";

function delivery(id: number, date: string, counts: Partial<Record<string, string>> = {}) {
  return {
    delivery_id: id,
    name: `D${String(id)}`,
    type: "once",
    status: "done",
    date,
    count_recipients: "100",
    count_send: "90",
    count_error: "10",
    count_read: "45",
    count_transits: "9",
    count_unsubscribers: "3",
    ...counts,
  } as DeliveryInfo;
}

describe("counter", () => {
  it("reads strings of digits and takes anything else as 0", () => {
    expect(counter("1273")).toBe(1273);
    expect(counter("0")).toBe(0);
    expect(counter(undefined)).toBe(0);
    expect(counter("-3")).toBe(0);
    expect(counter("1e3")).toBe(0);
    expect(counter("99999999999999999999")).toBe(0);
  });
});

describe("deliveryFunnel and rates", () => {
  it("maps the counters to the stages", () => {
    expect(deliveryFunnel(delivery(1, "01.11.2026 10:00:00"))).toEqual({
      recipients: 100,
      sent: 90,
      read: 45,
      clicked: 9,
      unsubscribed: 3,
      errors: 10,
    });
  });

  it("rates sent of recipients, the rest of sent, errors of recipients", () => {
    const f = deliveryFunnel(delivery(1, "01.11.2026 10:00:00"));
    expect(stageRate(f, "recipients")).toBeUndefined();
    expect(stageRate(f, "sent")).toBeCloseTo(0.9);
    expect(stageRate(f, "read")).toBeCloseTo(0.5);
    expect(stageRate(f, "clicked")).toBeCloseTo(0.1);
    expect(stageRate(f, "unsubscribed")).toBeCloseTo(3 / 90);
    expect(stageRate(f, "errors")).toBeCloseTo(0.1);
  });

  it("has no rate when nothing was sent", () => {
    const f = deliveryFunnel(
      delivery(1, "01.11.2026 10:00:00", { count_recipients: "0", count_send: "0" }),
    );
    expect(stageRate(f, "read")).toBeUndefined();
    expect(stageRate(f, "sent")).toBeUndefined();
  });

  it("sums", () => {
    const a = deliveryFunnel(delivery(1, "01.11.2026 10:00:00"));
    const b = deliveryFunnel(delivery(2, "01.11.2026 10:00:00", { count_read: "5" }));
    expect(sumFunnels([a, b])).toEqual({
      recipients: 200,
      sent: 180,
      read: 50,
      clicked: 18,
      unsubscribed: 6,
      errors: 20,
    });
    expect(sumFunnels([])).toEqual({
      recipients: 0,
      sent: 0,
      read: 0,
      clicked: 0,
      unsubscribed: 0,
      errors: 0,
    });
  });
});

describe("deliveriesInPeriod", () => {
  const zone = "Europe/Moscow";
  // 01.11.2026 00:00 MSK .. 30.11.2026 23:59:59.999 MSK
  const period = { from: Date.UTC(2026, 9, 31, 21), to: Date.UTC(2026, 10, 30, 20, 59, 59, 999) };

  it("keeps the deliveries dated in the period, in the channel's zone, newest first", () => {
    const items = [
      delivery(1, "31.10.2026 23:59:59"),
      delivery(2, "01.11.2026 00:00:00"),
      delivery(3, "15.11.2026 12:00:00"),
      delivery(4, "15.11.2026 12:00:00"),
      delivery(5, "30.11.2026 23:59:59"),
      delivery(6, "01.12.2026 00:00:00"),
      delivery(7, "not a date"),
    ];
    expect(deliveriesInPeriod(items, period, zone).map((d) => d.item.delivery_id)).toEqual([
      5, 4, 3, 2,
    ]);
  });

  it("gives the read rate per delivery oldest first, leaving out those that sent nothing", () => {
    const items = [
      delivery(1, "02.11.2026 10:00:00", { count_read: "30" }),
      delivery(2, "03.11.2026 10:00:00", { count_send: "0", count_read: "0" }),
      delivery(3, "04.11.2026 10:00:00", { count_send: "3", count_read: "2" }),
    ];
    const series = readRateSeries(deliveriesInPeriod(items, period, zone));
    expect(series.map((p) => [p.delivery.item.delivery_id, p.percent])).toEqual([
      [1, 33.3],
      [3, 66.7],
    ]);
  });
});

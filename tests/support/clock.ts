import { vi } from "vitest";

/**
 * Pins `Date` at `iso`, frozen, so that no test depends on the wall clock or on the hour it
 * runs at. Only `Date`: timers, `performance.now()` (the gateway's queue and rate limits) and
 * so the servers of the test keep real time. Undo with `unpinDate()`.
 */
export function pinDate(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

export function unpinDate(): void {
  vi.useRealTimers();
}

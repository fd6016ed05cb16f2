import { describe, expect, it } from "vitest";
import { formatDuration } from "../../src/lib/format";
import { estimateJobSeconds, jobProgress } from "../../src/lib/job-estimate";

const rate = { callsPerSecond: 20, backgroundShare: 0.5, pageSize: 100 };
const counts = { read: 0, read_all: false, expected: null, done: 0, failed: 0, skipped: 0 };

describe("estimateJobSeconds", () => {
  it("counts a write per person and a read per page, at the background share", () => {
    // 5,000 writes + 50 reads at 10 calls a second.
    expect(estimateJobSeconds(5_000, rate)).toBe(505);
    expect(estimateJobSeconds(1, rate)).toBe(1);
    expect(estimateJobSeconds(101, rate)).toBe(11);
    expect(estimateJobSeconds(0, rate)).toBe(0);
  });

  it("never counts on less than one call a second", () => {
    expect(estimateJobSeconds(10, { ...rate, callsPerSecond: 1, backgroundShare: 0.1 })).toBe(11);
  });
});

describe("jobProgress", () => {
  it("measures against the size counted before while the segment is still being read", () => {
    expect(
      jobProgress({ ...counts, read: 200, expected: 1_000, done: 150, failed: 30, skipped: 20 }),
    ).toEqual({ finished: 200, total: 1_000, exact: false, ratio: 0.2 });
  });

  it("measures against the people read once the whole segment is read", () => {
    expect(
      jobProgress({ ...counts, read: 980, read_all: true, expected: 1_000, done: 490 }),
    ).toEqual({ finished: 490, total: 980, exact: true, ratio: 0.5 });
  });

  it("without a count, measures against what has been read, and an empty segment is complete", () => {
    expect(jobProgress({ ...counts, read: 100, done: 25 }).ratio).toBe(0.25);
    expect(jobProgress({ ...counts, read_all: true }).ratio).toBe(1);
    expect(jobProgress(counts).ratio).toBe(0);
  });
});

describe("formatDuration", () => {
  it("rounds up to seconds, minutes or tenths of hours, in the person's language", () => {
    expect(formatDuration(40, "en")).toBe("40 seconds");
    expect(formatDuration(505, "en")).toBe("9 minutes");
    expect(formatDuration(505, "ru")).toBe("9 минут");
    expect(formatDuration(9_000, "en")).toBe("2.5 hours");
    expect(formatDuration(9_000, "ru")).toBe("2,5 часа");
    expect(formatDuration(0.2, "en")).toBe("1 second");
  });
});

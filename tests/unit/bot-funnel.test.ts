import { describe, expect, it } from "vitest";
import type { BotStepInfo } from "../../src/contract/entities";
import { botFunnel, largestDrop } from "../../src/lib/bot-funnel";

const step = (id: string, runs: number, type = "message"): BotStepInfo => ({
  step_id: id,
  title: `Step ${id}`,
  type,
  lead_inc: runs,
});

describe("botFunnel", () => {
  it("gives each step its runs, the drop since the step before and the share of the first", () => {
    const funnel = botFunnel([
      step("a", 200, "start"),
      step("b", 150),
      step("c", 30, "if"),
      step("d", 45),
    ]);
    expect(funnel.map((s) => [s.position, s.runs, s.drop, s.dropRate, s.ofFirst])).toEqual([
      [1, 200, undefined, undefined, 1],
      [2, 150, 50, 0.25, 0.75],
      [3, 30, 120, 0.8, 0.15],
      [4, 45, -15, -0.5, 0.225],
    ]);
    expect(largestDrop(funnel)?.step.step_id).toBe("c");
  });

  it("has no rates after a step that never ran, and no largest drop when none was lost", () => {
    const funnel = botFunnel([step("a", 0), step("b", 0)]);
    expect(funnel[1]?.dropRate).toBeUndefined();
    expect(funnel[1]?.ofFirst).toBeUndefined();
    expect(largestDrop(funnel)).toBeUndefined();
    expect(botFunnel([])).toEqual([]);
  });
});

import type { BotStepInfo } from "@/contract/entities";

/**
 * A bot's steps in bot order as a funnel: how many times each ran (`lead_inc`) and what was lost
 * since the step before. A step can run more often than the one before it (people started at
 * it by bots/addSubscriber, a timer that repeats): the drop is then negative, a gain.
 */
export interface BotFunnelStep {
  step: BotStepInfo;
  /** 1-based place in the bot. */
  position: number;
  runs: number;
  /** Runs of the step before minus these; undefined for the first step. */
  drop: number | undefined;
  /** `drop` as a share of the step before's runs; undefined for the first, or after 0 runs. */
  dropRate: number | undefined;
  /** Runs as a share of the first step's runs; undefined when the first never ran. */
  ofFirst: number | undefined;
}

export function botFunnel(steps: readonly BotStepInfo[]): BotFunnelStep[] {
  const first = steps[0]?.lead_inc ?? 0;
  return steps.map((step, index) => {
    const before = index > 0 ? steps[index - 1] : undefined;
    const drop = before === undefined ? undefined : before.lead_inc - step.lead_inc;
    return {
      step,
      position: index + 1,
      runs: step.lead_inc,
      drop,
      dropRate:
        before === undefined || drop === undefined || before.lead_inc <= 0
          ? undefined
          : drop / before.lead_inc,
      ofFirst: first > 0 ? step.lead_inc / first : undefined,
    };
  });
}

/** The step after which the most runs were lost, for the summary; undefined when none lost any. */
export function largestDrop(funnel: readonly BotFunnelStep[]): BotFunnelStep | undefined {
  let worst: BotFunnelStep | undefined;
  for (const entry of funnel) {
    if (entry.drop === undefined || entry.drop <= 0) continue;
    if (worst === undefined || entry.drop > (worst.drop ?? 0)) worst = entry;
  }
  return worst;
}

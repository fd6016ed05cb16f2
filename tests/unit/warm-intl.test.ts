import { describe, expect, it } from "vitest";
import { INTL_WARM_UPS, warmIntl } from "../../src/boot/warm-intl";

/** A queue of tasks run one at a time by the test, as the event loop would. */
function taskQueue() {
  const tasks: (() => void)[] = [];
  return {
    later: (run: () => void) => {
      tasks.push(run);
    },
    runOne: () => {
      tasks.shift()?.();
    },
    get pending() {
      return tasks.length;
    },
  };
}

describe("warmIntl", () => {
  it("runs each step in a task of its own, one after another", () => {
    const queue = taskQueue();
    const ran: string[] = [];
    const steps = ["a", "b", "c"].map(
      (name) => (language: string) => ran.push(`${name}:${language}`),
    );
    warmIntl("ru", queue.later, steps);
    expect(ran).toEqual([]);
    expect(queue.pending).toBe(1);
    queue.runOne();
    expect(ran).toEqual(["a:ru"]);
    expect(queue.pending).toBe(1);
    queue.runOne();
    queue.runOne();
    expect(ran).toEqual(["a:ru", "b:ru", "c:ru"]);
    expect(queue.pending).toBe(0);
  });

  it("stops at a language tag Intl does not take", () => {
    const queue = taskQueue();
    let reached = 0;
    warmIntl("not a tag!", queue.later, [
      ...INTL_WARM_UPS,
      () => {
        reached += 1;
      },
    ]);
    queue.runOne();
    expect(queue.pending).toBe(0);
    expect(reached).toBe(0);
  });

  it("takes the app's languages", () => {
    for (const language of ["en", "ru"]) {
      const queue = taskQueue();
      let reached = 0;
      warmIntl(language, queue.later, [...INTL_WARM_UPS, () => (reached += 1)]);
      while (queue.pending > 0) queue.runOne();
      expect(reached).toBe(1);
    }
  });
});

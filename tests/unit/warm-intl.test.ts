import { describe, expect, it } from "vitest";
import { INTL_WARM_UPS, warmIntl } from "../../src/boot/warm-intl";
import { intlTagOf } from "../../src/contract/session-constants";

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
  it("runs each step in a task of its own, one after another, then what follows", () => {
    const queue = taskQueue();
    const ran: string[] = [];
    const steps = ["a", "b", "c"].map((name) => (tag: string) => ran.push(`${name}:${tag}`));
    warmIntl("ru-RU", { later: queue.later, steps, done: () => ran.push("done") });
    expect(ran).toEqual([]);
    expect(queue.pending).toBe(1);
    queue.runOne();
    expect(ran).toEqual(["a:ru-RU"]);
    expect(queue.pending).toBe(1);
    queue.runOne();
    queue.runOne();
    expect(ran).toEqual(["a:ru-RU", "b:ru-RU", "c:ru-RU", "done"]);
    expect(queue.pending).toBe(0);
  });

  it("stops at a tag Intl does not take, and still runs what follows", () => {
    const queue = taskQueue();
    let done = 0;
    warmIntl("not a tag!", { later: queue.later, done: () => (done += 1) });
    queue.runOne();
    expect(queue.pending).toBe(0);
    expect(done).toBe(1);
  });

  it("takes the tags the app formats with", () => {
    for (const tag of ["en-GB", "ru-RU"]) {
      const queue = taskQueue();
      let done = 0;
      warmIntl(tag, { later: queue.later, done: () => (done += 1) });
      let tasks = 0;
      for (; queue.pending > 0; tasks++) queue.runOne();
      expect(tasks).toBe(INTL_WARM_UPS.length);
      expect(done).toBe(1);
    }
  });
});

describe("intlTagOf", () => {
  it("is the tag each language of the interface formats with; another tag as it is", () => {
    expect(intlTagOf("en")).toBe("en-GB");
    expect(intlTagOf("ru")).toBe("ru-RU");
    expect(intlTagOf("de-AT")).toBe("de-AT");
  });
});

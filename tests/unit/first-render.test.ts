import { afterEach, beforeEach, expect, it, vi } from "vitest";
import {
  FIRST_RENDER_WAIT_MS,
  type StartingRouter,
  whenFirstScreenReady,
} from "../../src/app/first-render";

/** A router whose first screen comes when the test says. */
function fakeRouter(initialized = false) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const state = { initialized };
  const router: StartingRouter & { arrive: () => void; listeners: typeof listeners } = {
    state,
    listeners,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    arrive() {
      state.initialized = true;
      for (const listener of [...listeners]) listener(state);
    },
  };
  return router;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("waits for the router's first screen, then lets go of it", async () => {
  const router = fakeRouter();
  let ready = false;
  void whenFirstScreenReady(router).then(() => (ready = true));
  // A navigation's other updates (the lazy route's code arriving) are not the first screen.
  for (const listener of router.listeners) listener({ initialized: false });
  await vi.advanceTimersByTimeAsync(1000);
  expect(ready).toBe(false);
  router.arrive();
  await vi.advanceTimersByTimeAsync(0);
  expect(ready).toBe(true);
  expect(router.listeners.size).toBe(0);
});

it("is ready at once when the router already is", async () => {
  let ready = false;
  void whenFirstScreenReady(fakeRouter(true)).then(() => (ready = true));
  await vi.advanceTimersByTimeAsync(0);
  expect(ready).toBe(true);
});

it("never waits longer than its bound: the app then draws its own placeholders", async () => {
  const router = fakeRouter();
  let ready = false;
  void whenFirstScreenReady(router).then(() => (ready = true));
  await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
  expect(ready).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(ready).toBe(true);
  expect(router.listeners.size).toBe(0);
});

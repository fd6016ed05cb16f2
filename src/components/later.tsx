import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";

/**
 * The first screen drawn in steps (issue 15). Rendering a page's few hundred elements the first
 * time, with every function of the app running cold, held a phone's main thread 300–550 ms in
 * one task, and the layout after it 100–200 ms more: a tap in that time waits for all of it,
 * and Lighthouse counts each task's time beyond 50 ms as blocking. Parts of the first screen in
 * a `Later` are drawn each in a task of their own after the screen around them has been
 * painted, a frame or so later; until then their `fallback` (a placeholder, or nothing when
 * nothing in the page's flow follows them) holds their place.
 *
 * Only the app's first render is drawn so (src/main.tsx: `drawInSteps`): a page opened by a
 * link, a part shown by a click, tests — a `Later` then draws its children at once.
 */
let steps = 0;
let inSteps = false;
/** No part waits after this (performance.now()), whatever happened to the count. */
let until = 0;

/** At most this long after the first render, parts still draw in steps. */
const STEPS_AT_MOST_MS = 3000;

/** The app's first load (`inFirstLoad`) lasts until this (performance.now()). */
let firstLoadUntil = 0;
const FIRST_LOAD_MS = 10_000;

/** Called around the app's first render: the `Later`s it mounts wait their turn. */
export function drawInSteps(render: () => void): void {
  // A tab opened in the background draws no frame and slows its timers to one a second: each
  // step would wait a second or more, and nobody is looking. It draws the page whole.
  if (document.visibilityState === "hidden") {
    render();
    return;
  }
  inSteps = true;
  until = performance.now() + STEPS_AT_MOST_MS;
  firstLoadUntil = performance.now() + FIRST_LOAD_MS;
  try {
    render();
  } finally {
    // The `Later`s the render committed have counted themselves (layout effects run in it).
    inSteps = steps > 0;
  }
}

/** Whether parts of the first render are still waiting their turn. */
export function drawingInSteps(): boolean {
  return inSteps && performance.now() < until;
}

function release(): void {
  steps -= 1;
  if (steps === 0) inSteps = false;
}

export function Later({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  // Whether this one waits its turn: decided as it is first drawn.
  const [waits] = useState(drawingInSteps);
  const [shown, setShown] = useState(!waits);
  // Counted in `steps` from its commit until it is drawn or gone. A layout effect: it runs in
  // the commit, and its cleanup runs however the part goes (a render's failure, a boundary,
  // a move), so the count always comes back to 0.
  const counted = useRef(false);
  useLayoutEffect(() => {
    if (!waits) return;
    steps += 1;
    counted.current = true;
    return () => {
      if (counted.current) {
        counted.current = false;
        release();
      }
    };
  }, [waits]);
  useEffect(() => {
    if (!shown) {
      // After the paint of what is around it (effects run after the next frame), in a task
      // of its own.
      const timer = setTimeout(() => {
        setShown(true);
      }, 0);
      return () => {
        clearTimeout(timer);
      };
    }
    // Drawn: the `Later`s inside it, committed with it, have counted themselves.
    if (counted.current) {
      counted.current = false;
      release();
    }
  }, [shown]);
  return shown ? children : fallback;
}

/**
 * Whether the app is in its first load: the first render was drawn in steps (`drawInSteps`)
 * less than ten seconds ago. Its data comes seconds later on a phone, while the rest of the
 * first load (a chart's other calls) still competes for the main thread.
 */
export function inFirstLoad(): boolean {
  return performance.now() < firstLoadUntil;
}

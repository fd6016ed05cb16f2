import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The first screen drawn in steps (issue 15). Rendering a page's few hundred elements the first
 * time, with every function of the app running cold, held a phone's main thread 300–550 ms in
 * one task, and the layout after it 100–200 ms more: a tap in that time waits for all of it,
 * and Lighthouse counts each task's time beyond 50 ms as blocking. Parts of the first screen in
 * a `Later` are drawn each in a task of their own after the screen around them has been
 * painted, a frame or so later; until then their `fallback` (placeholders of the same size)
 * holds their place.
 *
 * Only the app's first render is drawn so (src/main.tsx: `drawInSteps`): a page opened by a
 * link, a part shown by a click, tests — a `Later` then draws its children at once.
 */
let steps = 0;
let inSteps = false;

/** Called around the app's first render: the `Later`s it mounts wait their turn. */
export function drawInSteps(render: () => void): void {
  inSteps = true;
  try {
    render();
  } finally {
    inSteps = steps > 0;
  }
}

/** Whether parts of the first render are still waiting their turn. */
export function drawingInSteps(): boolean {
  return inSteps;
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
  // Whether this one waits its turn (counted in `steps` until drawn or gone).
  const [waits] = useState(() => {
    if (!inSteps) return false;
    steps += 1;
    return true;
  });
  const counted = useRef(waits);
  const [shown, setShown] = useState(!waits);
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
    // Drawn: the `Later`s inside it, mounted by that render, have counted themselves.
    if (counted.current) {
      counted.current = false;
      release();
    }
  }, [shown]);
  useEffect(
    () => () => {
      if (counted.current) {
        counted.current = false;
        release();
      }
    },
    [],
  );
  return shown ? children : fallback;
}

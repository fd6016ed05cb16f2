import { useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => {
    query.removeEventListener("change", onChange);
  };
}

function mayAnimate(): boolean {
  // Tests (Vitest's mode, a browser driven by Playwright) need charts drawn at once, so that
  // what they read and what they photograph is the final picture.
  if (import.meta.env.MODE === "test" || navigator.webdriver) return false;
  if (typeof window.matchMedia !== "function") return false;
  return !window.matchMedia(REDUCED_MOTION).matches;
}

/** Whether charts may animate: never for people who asked for less motion, never under test. */
export function useChartAnimation(): boolean {
  return useSyncExternalStore(subscribe, mayAnimate, () => false);
}

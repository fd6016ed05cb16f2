import { useCallback, type RefCallback } from "react";
import { useInView } from "../use-in-view";
import { useElementWidth } from "./use-element-width";

/**
 * A chart's canvas: its width, and whether it has come into view. The chart's code (Recharts,
 * about 100 kB gzip) is fetched, run and drawn only then: on a phone the charts of the UTM and
 * deliveries pages are below the first screen, and drawing them cost the first load most of its
 * main thread (issue 15). The canvas keeps its height meanwhile, so nothing moves.
 */
export function useChartCanvas<E extends HTMLElement>(): [
  RefCallback<E>,
  { width: number; inView: boolean },
] {
  const [widthRef, width] = useElementWidth<E>();
  const [viewRef, inView] = useInView<E>();
  const ref = useCallback<RefCallback<E>>(
    (element) => {
      const stopWidth = widthRef(element);
      const stopView = viewRef(element);
      return () => {
        if (typeof stopWidth === "function") stopWidth();
        if (typeof stopView === "function") stopView();
      };
    },
    [widthRef, viewRef],
  );
  return [ref, { width, inView }];
}

import { useCallback, useState, type RefCallback } from "react";

/**
 * The width in CSS pixels of the element the returned ref is put on, kept current as it
 * resizes. 0 until measured, and where nothing can be measured (a test DOM has no layout).
 *
 * Measured by the observer's first report, which comes after the browser's next layout and
 * before it paints, not by reading the element's size as it is put in the page: that read made
 * the browser lay the whole page out in the middle of drawing it, then again once drawn (on a
 * page with a chart, 170 ms of a phone's main thread at CPU ×4: issue 15).
 */
export function useElementWidth<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback<RefCallback<E>>((element) => {
    if (element === null || typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, width];
}

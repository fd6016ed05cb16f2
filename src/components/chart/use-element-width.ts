import { useCallback, useState, type RefCallback } from "react";

/**
 * The width in CSS pixels of the element the returned ref is put on, kept current as it
 * resizes. 0 until measured, and where nothing can be measured (a test DOM has no layout).
 */
export function useElementWidth<E extends HTMLElement>(): [RefCallback<E>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback<RefCallback<E>>((element) => {
    if (element === null || typeof ResizeObserver !== "function") return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
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

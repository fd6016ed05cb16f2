import { useCallback, useState, type RefCallback } from "react";

/**
 * Whether the element the returned ref is put on has come into the viewport (then true for
 * good): for a part below the fold whose code, calls and drawing can wait until someone
 * scrolls to it, off the first load's path. True at once where nothing can be observed (a test
 * DOM, an old browser), so the part is never left out. Looked at only while `watch` holds: a
 * page still loading is shorter than it will be, and would show for a moment a part that
 * ends up below the fold.
 */
export function useInView<E extends Element>(watch = true): [RefCallback<E>, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== "function");
  const ref = useCallback<RefCallback<E>>(
    (element) => {
      if (element === null || seen || !watch) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setSeen(true);
        }
      });
      observer.observe(element);
      return () => {
        observer.disconnect();
      };
    },
    [seen, watch],
  );
  return [ref, seen];
}

import { useEffect, useState } from "react";
import { inFirstLoad } from "@/components/later";

/**
 * A list's items drawn `step` at a time, each step in a task of its own after the frame of
 * the one before, when they first come in place of a placeholder during the app's first load
 * (`inFirstLoad`, src/components/later.tsx). The page's 25 events, drawn in one go with their
 * names and photos, were one task of 25–60 ms on a desktop's main thread (four times that on
 * a phone), the longest of the page's first load. Items there when it is first drawn, lists that come
 * after the first load, and the lists that replace them (another page of a table) are drawn
 * whole: those follow a click, and a table shrinking back to a few rows would shift the page.
 */
export function useItemsInSteps<T>(
  items: readonly T[] | undefined,
  step: number,
): readonly T[] | undefined {
  // Decided as it is first drawn, as `Later` does.
  const [stepping] = useState(() => items === undefined && inFirstLoad());
  const [limit, setLimit] = useState(step);
  const whole = !stepping || items === undefined || limit >= items.length;
  useEffect(() => {
    if (whole) return;
    // After the paint of the rows drawn so far (effects run after the next frame).
    const timer = setTimeout(() => {
      setLimit((drawn) => drawn + step);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [whole, limit, step]);
  return whole ? items : items.slice(0, limit);
}

import { useEffect, useState } from "react";
import { inFirstLoad } from "@/components/later";

/**
 * A list's items drawn `step` at a time, each step in a task of its own after the frame of
 * the one before, when they first come in place of a placeholder during the app's first load
 * (`inFirstLoad`, src/components/later.tsx: ten seconds from the first render). The page's 25
 * events, drawn in one go with their names and photos, were one task of 25–60 ms on a
 * desktop's main thread (four times that on a phone), the longest of the page's first load.
 * Only that first list, and only off screen: items there when it is first drawn, a first list
 * that comes after the first load, any list that replaces the first (another page, another
 * period, even in the middle of its steps) and the rest of a list once `onScreen` (its table has
 * come into view) are drawn whole. A table shrinking back to a few rows would shift the page,
 * and a table's columns, laid out again for each step's rows, would move before the reader.
 */
export function useItemsInSteps<T>(
  items: readonly T[] | undefined,
  step: number,
  onScreen: boolean,
): readonly T[] | undefined {
  // Decided as it is first drawn, as `Later` does.
  const [stepping] = useState(() => items === undefined && inFirstLoad());
  // The list drawn in steps: the first to come, kept to tell it from those that replace it.
  const [first, setFirst] = useState<readonly T[] | undefined>(undefined);
  if (stepping && first === undefined && items !== undefined) setFirst(items);
  const [limit, setLimit] = useState(step);
  const whole =
    !stepping ||
    onScreen ||
    items === undefined ||
    !sameItems(items, first ?? items) ||
    limit >= items.length;
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

/** The same items in the same order: a list worked out again from the same answer is the same. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, index) => item === b[index]));
}

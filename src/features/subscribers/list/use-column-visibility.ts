import { useCallback, useState } from "react";
import {
  parseColumnVisibility,
  serializeColumnVisibility,
  type ColumnVisibility,
} from "@/lib/column-visibility";

const STORAGE_KEY = "channel-desk:subscribers:columns";

/**
 * The columns a person chose, remembered in this browser. Storage may be off (private mode,
 * a policy) or full: the choice then lasts for the visit only, which is no reason to fail.
 */
export function useColumnVisibility(columnIds: readonly string[]) {
  const [visibility, setVisibility] = useState<ColumnVisibility>(() =>
    parseColumnVisibility(readStorage(), columnIds),
  );
  const update = useCallback((next: ColumnVisibility) => {
    setVisibility(next);
    try {
      localStorage.setItem(STORAGE_KEY, serializeColumnVisibility(next));
    } catch {
      // Not remembered; see above.
    }
  }, []);
  return [visibility, update] as const;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

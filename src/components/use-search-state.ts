import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { readSearch, type SearchSchema, type SearchState, writeSearch } from "@/lib/url-state";

/**
 * A page's state in the URL (src/lib/url-state.ts): the parsed state, and a setter that
 * writes only what changed. Filters replace the history entry by default; pass
 * `{ push: true }` for moves a person expects Back to undo (the next page of a list).
 */
export function useSearchState<S extends SearchSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearch(schema, params), [schema, params]);
  const setState = useCallback(
    (patch: Partial<SearchState<S>>, options: { push?: boolean } = {}) => {
      setParams((current) => writeSearch(schema, current, patch), {
        replace: !options.push,
        preventScrollReset: true,
      });
    },
    [schema, setParams],
  );
  return [state, setState] as const;
}

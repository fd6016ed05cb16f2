import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "@/api/api-context";
import { viewsQuery } from "@/api/views/view-queries";
import { matchingView, shownViewSearch } from "@/contract/view-search";

/**
 * What the subscribers page shows as a view's search (its URL with the columns shown), and the
 * saved view it is, if any. The views' list is a nicety here: while it loads, or if it fails,
 * the page is simply no view.
 */
export function useShownView(groupId: number, search: string, shownCols: string) {
  const { gateway } = useApi();
  const views = useQuery(viewsQuery(groupId, gateway));
  const shown = useMemo(() => shownViewSearch(search, shownCols), [search, shownCols]);
  const view = useMemo(
    () => (views.data ? matchingView(views.data, shown) : undefined),
    [views.data, shown],
  );
  return { shown, view };
}

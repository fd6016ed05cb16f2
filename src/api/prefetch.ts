import type { QueryClient, QueryExecuteOptions, QueryKey } from "@tanstack/react-query";

/**
 * Starts a query a page is about to read, unless its data is already in the cache, fresh or
 * not (`staleTime: "static"` here only: the page's own query then decides whether to refetch,
 * as it would without this). Never fails: a failed fetch stays in the cache as the query's
 * error, for the page to show.
 */
export function startQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>,
): Promise<void> {
  return queryClient.query({ ...options, staleTime: "static" }).then(ignore, ignore);
}

function ignore(): void {
  // The page's query shows the outcome.
}

/**
 * What a page's first screen waits for (`PageEntry.prefetch`): settled once every query started
 * for it has, whatever their outcomes (startQuery never fails).
 */
export function firstScreen(started: readonly Promise<void>[]): Promise<void> {
  return Promise.all(started).then(ignore);
}

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/error-state";

/** What to say about a lookup of names: while it loads, and when it failed. */
export interface LookupWords {
  loading: string;
  failure: string;
}

/** While a lookup of names loads or after it failed: what to show instead of its options. */
export function lookupStatus(query: UseQueryResult, words: LookupWords): ReactNode {
  if (query.isPending) {
    return (
      <p role="status" className="muted count-filter-status">
        {words.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={words.failure}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return undefined;
}

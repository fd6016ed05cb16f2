import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/error-state";

/** While a lookup of names loads or after it failed: what to show instead of its options. */
export function lookupStatus(query: UseQueryResult, what: string): ReactNode {
  if (query.isPending) {
    return (
      <p role="status" className="muted count-filter-status">
        Loading {what}…
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`Could not load the ${what}.`}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return undefined;
}

import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState } from "@/components/error-state";
import type { ResponseOf } from "@/contract/operations";

const numbers = new Intl.NumberFormat("en-US");

/** The period's number of delivery records, as deliveries/statCount answers it. */
export function DeliveryCount({
  query,
  filtered,
}: {
  query: UseQueryResult<ResponseOf<"deliveries/statCount">>;
  filtered: boolean;
}) {
  if (query.isError) {
    return (
      <ErrorState
        title="Could not count the delivery records."
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div
      className="deliveries-count card"
      aria-live="polite"
      aria-busy={query.isPending || undefined}
    >
      <span className="deliveries-count-label">
        {filtered ? "Messages matching the filters" : "Messages in the period"}
      </span>
      <span className="deliveries-count-value" data-testid="deliveries-count">
        {query.data ? numbers.format(query.data.count) : "…"}
      </span>
    </div>
  );
}

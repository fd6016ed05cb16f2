import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState } from "@/components/error-state";
import type { ResponseOf } from "@/contract/operations";
import { useFormat } from "@/i18n/use-format";

/** The period's number of delivery records, as deliveries/statCount answers it. */
export function DeliveryCount({
  query,
  filtered,
}: {
  query: UseQueryResult<ResponseOf<"deliveries/statCount">>;
  filtered: boolean;
}) {
  const { t } = useLingui();
  const format = useFormat();
  if (query.isError) {
    return (
      <ErrorState
        title={t`Could not count the delivery records.`}
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
        {filtered ? (
          <Trans>Messages matching the filters</Trans>
        ) : (
          <Trans>Messages in the period</Trans>
        )}
      </span>
      <span className="deliveries-count-value" data-testid="deliveries-count">
        {query.data ? format.number(query.data.count) : "…"}
      </span>
    </div>
  );
}

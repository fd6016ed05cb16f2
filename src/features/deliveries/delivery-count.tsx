import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { ChangeText } from "@/components/change-text/change-text";
import { ErrorState } from "@/components/error-state";
import type { ResponseOf } from "@/contract/operations";
import { useFormat } from "@/i18n/use-format";

/**
 * The period's number of delivery records, as deliveries/statCount answers it, against the
 * period of the same length before.
 */
export function DeliveryCount({
  query,
  previous,
  previousText,
  filtered,
}: {
  query: UseQueryResult<ResponseOf<"deliveries/statCount">>;
  previous: UseQueryResult<ResponseOf<"deliveries/statCount">>;
  /** "2–31 October 2026". */
  previousText: string;
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
      {query.data && (
        <span className="deliveries-count-change" data-testid="deliveries-count-change">
          {previous.data ? (
            <ChangeText
              current={query.data.count}
              previous={previous.data.count}
              formatValue={format.number}
              showPrevious
            />
          ) : previous.isError ? (
            <span className="muted">{t`The previous period could not be loaded.`}</span>
          ) : (
            <span className="muted">{t`Loading…`}</span>
          )}{" "}
          <span className="muted">{t`against ${previousText}`}</span>
        </span>
      )}
    </div>
  );
}

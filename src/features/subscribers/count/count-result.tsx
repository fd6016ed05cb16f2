import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorState } from "@/components/error-state";
import type { ResponseOf } from "@/contract/operations";
import { useFormat } from "@/i18n/use-format";

interface CountResultProps {
  query: UseQueryResult<ResponseOf<"subscribers/subscribersCount">>;
  /** The filters in words. */
  sentence: string;
}

/**
 * The figure, large, in an <output> (a live region: a change of filters is announced) named
 * "Subscribers matching", with the sentence that says what it counts.
 */
export function CountResult({ query, sentence }: CountResultProps) {
  const { t } = useLingui();
  const format = useFormat();
  const labelId = useId();
  const sentenceId = useId();
  // The previous figure stays while the next loads, marked as not current.
  const updating = query.isFetching && query.isPlaceholderData;
  return (
    <section className="card count-result" aria-labelledby={labelId}>
      <h2 id={labelId} className="count-label">
        <Trans>Subscribers matching</Trans>
      </h2>
      {query.isError ? (
        <ErrorState
          title={t`Could not count the subscribers.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <output
          className={updating ? "count-figure count-figure-updating" : "count-figure"}
          aria-labelledby={labelId}
          aria-describedby={sentenceId}
          aria-busy={query.isPending || updating}
        >
          {query.isPending ? (
            <>
              <span className="skeleton count-skeleton" aria-hidden="true" />
              <span className="visually-hidden">
                <Trans>Counting…</Trans>
              </span>
            </>
          ) : (
            format.number(query.data.count)
          )}
        </output>
      )}
      <p id={sentenceId} className="count-sentence">
        {sentence}
      </p>
    </section>
  );
}

import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState } from "@/components/error-state";

const numberFormat = new Intl.NumberFormat("en-US");

interface FigureProps {
  /** For tests and styling: `figure-<slug>`. */
  slug: string;
  label: string;
  /** The period and zone under the label, when the figure counts a period. */
  period?: string;
  query: UseQueryResult<number>;
}

/** One number of the channel, loading and failing on its own. */
export function Figure({ slug, label, period, query }: FigureProps) {
  return (
    <div className="card figure" data-testid={`figure-${slug}`}>
      <dt>
        <span className="figure-label">{label}</span>
        {period && <span className="figure-period">{period}</span>}
      </dt>
      <dd aria-busy={query.isPending}>
        {query.isPending ? (
          <>
            <span className="visually-hidden">Loading…</span>
            <span className="skeleton figure-skeleton" aria-hidden="true" />
          </>
        ) : query.isError ? (
          <ErrorState
            title={`Could not load “${label}”.`}
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <span className="figure-value">{numberFormat.format(query.data)}</span>
        )}
      </dd>
    </div>
  );
}

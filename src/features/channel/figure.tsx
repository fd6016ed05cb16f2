import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { ChangeText } from "@/components/change-text/change-text";
import { ErrorState } from "@/components/error-state";
import { useFormat } from "@/i18n/use-format";
import type { ZoneLabel } from "@/lib/format";

/** The days a figure counts and the zone they are read in. */
export interface FigurePeriod {
  /** "9–15 March 2026" / "9–15 марта 2026". */
  days: string;
  zone: ZoneLabel;
}

interface FigureProps {
  /** For tests and styling: `figure-<slug>`. */
  slug: string;
  label: string;
  /** The period and zone under the label, when the figure counts a period. */
  period?: FigurePeriod;
  query: UseQueryResult<number>;
  /** The same figure for the period of the same length before, with its days. */
  previous?: { query: UseQueryResult<number>; days: string; higherIsBetter?: boolean };
}

/** One number of the channel, loading and failing on its own. */
export function Figure({ slug, label, period, query, previous }: FigureProps) {
  const { t } = useLingui();
  const previousDays = previous?.days ?? "";
  const format = useFormat();
  return (
    <div className="card figure" data-testid={`figure-${slug}`}>
      <dt>
        <span className="figure-label">{label}</span>
        {period && (
          <span className="figure-period">
            {period.days},{" "}
            <span className="figure-zone" title={period.zone.iana}>
              {period.zone.label}
            </span>
          </span>
        )}
      </dt>
      <dd aria-busy={query.isPending}>
        {query.isPending ? (
          <>
            <span className="visually-hidden">
              <Trans>Loading…</Trans>
            </span>
            <span className="skeleton figure-skeleton" aria-hidden="true" />
            {/* The change's place too, so the card does not grow when the figure comes. */}
            {previous && (
              <span className="figure-change" aria-hidden="true">
                <span className="skeleton skeleton-text figure-change-skeleton">&nbsp;</span>
              </span>
            )}
          </>
        ) : query.isError ? (
          <ErrorState
            title={t`Could not load “${label}”.`}
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <span className="figure-value">{format.number(query.data)}</span>
            {previous && (
              <span className="figure-change" data-testid={`figure-${slug}-change`}>
                {previous.query.isSuccess ? (
                  <ChangeText
                    current={query.data}
                    previous={previous.query.data}
                    formatValue={format.number}
                    higherIsBetter={previous.higherIsBetter ?? true}
                    showPrevious
                  />
                ) : previous.query.isError ? (
                  <span className="muted">{t`The previous period could not be loaded.`}</span>
                ) : (
                  <span className="muted">{t`Loading…`}</span>
                )}{" "}
                <span className="figure-previous-days">{t`against ${previousDays}`}</span>
              </span>
            )}
          </>
        )}
      </dd>
    </div>
  );
}

import { useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import type { SubscriptionSeries } from "@/api/subscription-series";
import { ChangeText } from "@/components/change-text/change-text";
import { ErrorState } from "@/components/error-state";
import { useFormat } from "@/i18n/use-format";
import type { BucketCounts } from "@/lib/chart-strategy";

interface TotalsProps {
  data: SubscriptionSeries;
  /** The period of the same length before: its own statCount, one call. */
  previous: UseQueryResult<BucketCounts>;
  /** "1–23 November 2026", said with the figures. */
  periodText: string;
  /** The period before, "2–31 October 2026". */
  previousText: string;
}

/**
 * The period's own statCount: subscribed, unsubscribed and net (the chart's first call), each
 * against the period of the same length before.
 */
export function SubscriptionTotals({ data, previous, periodText, previousText }: TotalsProps) {
  const { t } = useLingui();
  const format = useFormat();
  const totals = data.totals;
  if (!totals && data.status === "error") {
    return (
      <ErrorState
        title={t`Could not load the totals.`}
        error={data.error}
        onRetry={data.retry}
        retrying={data.retrying}
      />
    );
  }
  const before = previous.data;
  const figures = [
    {
      key: "subscribed",
      label: t`Subscribed`,
      value: totals?.subscribed,
      previous: before?.subscribed,
      format: format.number,
      higherIsBetter: true,
    },
    {
      key: "unsubscribed",
      label: t`Unsubscribed`,
      value: totals?.unsubscribed,
      previous: before?.unsubscribed,
      format: format.number,
      higherIsBetter: false,
    },
    {
      key: "net",
      label: t`Net`,
      value: totals?.net,
      previous: before?.net,
      format: format.signed,
      higherIsBetter: true,
    },
  ];
  return (
    <section className="subscriptions-totals" aria-labelledby="subscriptions-totals-title">
      <h2 id="subscriptions-totals-title" className="visually-hidden">
        {t`Totals, ${periodText}, compared with ${previousText}`}
      </h2>
      <dl className="subscriptions-figures" aria-busy={totals ? undefined : true}>
        {figures.map((figure) => (
          <div
            key={figure.key}
            className="subscriptions-figure card"
            data-testid={`total-${figure.key}`}
          >
            <dt>{figure.label}</dt>
            <dd>
              {figure.value === undefined ? (
                // The loaded figure's two lines, so that the card does not grow as it comes.
                <>
                  <span className="subscriptions-figure-value">
                    <span
                      className="skeleton subscriptions-figure-skeleton"
                      role="img"
                      aria-label={t`Loading…`}
                    />
                  </span>
                  <span className="subscriptions-figure-change" aria-hidden="true">
                    <span className="skeleton subscriptions-figure-change-skeleton" />
                  </span>
                </>
              ) : (
                <>
                  <span className="subscriptions-figure-value">{figure.format(figure.value)}</span>
                  <span className="subscriptions-figure-change">
                    {previous.isError ? (
                      <span className="muted">{t`The previous period could not be loaded.`}</span>
                    ) : figure.previous === undefined ? (
                      <span className="muted">{t`Loading…`}</span>
                    ) : (
                      <ChangeText
                        current={figure.value}
                        previous={figure.previous}
                        formatValue={figure.format}
                        higherIsBetter={figure.higherIsBetter}
                        showPrevious
                      />
                    )}
                  </span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted subscriptions-totals-note">{t`Changes against ${previousText}.`}</p>
    </section>
  );
}

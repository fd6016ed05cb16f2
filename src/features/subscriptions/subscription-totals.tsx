import { useLingui } from "@lingui/react/macro";
import type { SubscriptionSeries } from "@/api/subscription-series";
import { ErrorState } from "@/components/error-state";
import { useFormat } from "@/i18n/use-format";

interface TotalsProps {
  data: SubscriptionSeries;
  /** "1–23 November 2026", said with the figures. */
  periodText: string;
}

/** The period's own statCount: subscribed, unsubscribed and net (the chart's first call). */
export function SubscriptionTotals({ data, periodText }: TotalsProps) {
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
  const figures = [
    { key: "subscribed", label: t`Subscribed`, value: totals && format.number(totals.subscribed) },
    {
      key: "unsubscribed",
      label: t`Unsubscribed`,
      value: totals && format.number(totals.unsubscribed),
    },
    { key: "net", label: t`Net`, value: totals && format.signed(totals.net) },
  ];
  return (
    <section className="subscriptions-totals" aria-labelledby="subscriptions-totals-title">
      <h2 id="subscriptions-totals-title" className="visually-hidden">
        {t`Totals, ${periodText}`}
      </h2>
      <dl className="subscriptions-figures" aria-busy={totals ? undefined : true}>
        {figures.map((figure) => (
          <div key={figure.key} className="subscriptions-figure card">
            <dt>{figure.label}</dt>
            <dd>
              {figure.value ?? (
                <span className="skeleton subscriptions-figure-skeleton" aria-label={t`Loading…`} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

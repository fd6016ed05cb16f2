import type { SubscriptionSeries } from "@/api/subscription-series";
import { ErrorState } from "@/components/error-state";

const numbers = new Intl.NumberFormat("en-US");
const signed = new Intl.NumberFormat("en-US", { signDisplay: "exceptZero" });

interface TotalsProps {
  data: SubscriptionSeries;
  /** "Nov 1 – 23, 2026", said with the figures. */
  periodText: string;
}

/** The period's own statCount: subscribed, unsubscribed and net (the chart's first call). */
export function SubscriptionTotals({ data, periodText }: TotalsProps) {
  const totals = data.totals;
  if (!totals && data.status === "error") {
    return (
      <ErrorState
        title="Could not load the totals."
        error={data.error}
        onRetry={data.retry}
        retrying={data.retrying}
      />
    );
  }
  const figures = [
    { label: "Subscribed", value: totals && numbers.format(totals.subscribed) },
    { label: "Unsubscribed", value: totals && numbers.format(totals.unsubscribed) },
    { label: "Net", value: totals && signed.format(totals.net) },
  ];
  return (
    <section className="subscriptions-totals" aria-labelledby="subscriptions-totals-title">
      <h2 id="subscriptions-totals-title" className="visually-hidden">
        Totals, {periodText}
      </h2>
      <dl className="subscriptions-figures" aria-busy={totals ? undefined : true}>
        {figures.map((figure) => (
          <div key={figure.label} className="subscriptions-figure card">
            <dt>{figure.label}</dt>
            <dd>
              {figure.value ?? (
                <span className="skeleton subscriptions-figure-skeleton" aria-label="Loading" />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

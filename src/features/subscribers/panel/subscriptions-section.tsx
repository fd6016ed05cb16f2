import type { Subscriber } from "@/contract/entities";
import { subscriptionNames } from "@/lib/subscriber-format";
import { ApiDate } from "../words/api-date";
import { PanelSection, ScrollTable } from "./panel-section";

interface SubscriptionsSectionProps {
  subscriptions: Subscriber["subscriptions"];
  names: ReadonlyMap<number, string>;
  timeZone: string;
}

/** The person's subscriptions by name, with when and how they came when the record says. */
export function SubscriptionsSection({
  subscriptions,
  names,
  timeZone,
}: SubscriptionsSectionProps) {
  const labels = subscriptionNames(subscriptions, names);
  return (
    <PanelSection title="Subscriptions">
      {subscriptions.length === 0 ? (
        <p className="muted">Not subscribed to anything.</p>
      ) : (
        <ScrollTable label="Subscriptions">
          <thead>
            <tr>
              <th scope="col">Subscription</th>
              <th scope="col">Since ({timeZone})</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription, index) => (
              <tr key={`${String(subscription.subscription_id)}-${String(index)}`}>
                <td>{labels[index]}</td>
                <td>
                  {subscription.date === undefined ? (
                    <span className="muted">not given</span>
                  ) : (
                    <ApiDate value={subscription.date} timeZone={timeZone} />
                  )}
                </td>
                <td>
                  {subscription.source === undefined || subscription.source === "" ? (
                    <span className="muted">not given</span>
                  ) : (
                    subscription.source
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </PanelSection>
  );
}

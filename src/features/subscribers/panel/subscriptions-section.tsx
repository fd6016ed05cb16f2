import { Trans, useLingui } from "@lingui/react/macro";
import type { Subscriber } from "@/contract/entities";
import { subscriptionNames } from "@/lib/subscriber-format";
import { sourceLabel } from "@/lib/subscription-events";
import { ApiDate } from "../words/api-date";
import { ZoneName } from "../words/zone-name";
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
  const { t, i18n } = useLingui();
  const labels = subscriptionNames(subscriptions, names);
  const title = t({ message: "Subscriptions", context: "subscriber's subscriptions (groups)" });
  return (
    <PanelSection title={title}>
      {subscriptions.length === 0 ? (
        <p className="muted">
          <Trans>Not subscribed to anything.</Trans>
        </p>
      ) : (
        <ScrollTable label={title}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Subscription</Trans>
              </th>
              <th scope="col">
                <ZoneName text={t`Since`} zone={timeZone} />
              </th>
              <th scope="col">
                <Trans context="how the person subscribed">Source</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription, index) => (
              <tr key={`${String(subscription.subscription_id)}-${String(index)}`}>
                <td>{labels[index]}</td>
                <td>
                  {subscription.date === undefined ? (
                    <NotGiven />
                  ) : (
                    <ApiDate value={subscription.date} timeZone={timeZone} />
                  )}
                </td>
                <td>
                  {subscription.source === undefined || subscription.source.trim() === "" ? (
                    <NotGiven />
                  ) : (
                    sourceLabel(subscription.source, i18n)
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

function NotGiven() {
  return (
    <span className="muted">
      <Trans>not given</Trans>
    </span>
  );
}

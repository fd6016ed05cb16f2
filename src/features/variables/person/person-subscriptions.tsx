import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DirectoryPerson } from "@/contract/directory";
import { useFormat } from "@/i18n/use-format";
import { sourceLabel } from "@/lib/subscription-events";
import { subscriptionNames } from "@/lib/subscriber-format";
import { PersonSection, PersonTable } from "./person-section";

interface Props {
  person: DirectoryPerson;
  names: ReadonlyMap<number, string>;
  timeZone: string;
  zoneLabel: string;
}

/** The person's subscriptions by name, since when (channel's zone) and how, in words. */
export function PersonSubscriptions({ person, names, timeZone, zoneLabel }: Props) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const labels = subscriptionNames(person.subscriptions, names);
  const title = t({ message: "Subscriptions", context: "subscriber's subscriptions (groups)" });
  return (
    <PersonSection id="person-subscriptions" title={title}>
      {person.subscriptions.length === 0 ? (
        <p className="muted">
          <Trans>Not subscribed to anything.</Trans>
        </p>
      ) : (
        <PersonTable label={title}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Subscription</Trans>
              </th>
              <th scope="col">
                <Trans>Since, {zoneLabel}</Trans>
              </th>
              <th scope="col">
                <Trans context="how the person subscribed">Source</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {person.subscriptions.map((subscription, index) => (
              <tr key={`${String(subscription.subscription_id)}-${String(index)}`}>
                <td>{labels[index]}</td>
                <td>
                  {subscription.date === undefined
                    ? "—"
                    : f.apiDateTime(subscription.date, timeZone)}
                </td>
                <td>{sourceLabel(subscription.source ?? "", i18n)}</td>
              </tr>
            ))}
          </tbody>
        </PersonTable>
      )}
    </PersonSection>
  );
}

type UtmField = "utm_source" | "utm_medium" | "utm_campaign" | "utm_content" | "utm_term";
const FIELDS: readonly (readonly [UtmField, MessageDescriptor])[] = [
  ["utm_source", msg({ message: "Source", context: "utm field" })],
  ["utm_medium", msg({ message: "Medium", context: "utm field" })],
  ["utm_campaign", msg({ message: "Campaign", context: "utm field" })],
  ["utm_content", msg({ message: "Content", context: "utm field" })],
  ["utm_term", msg({ message: "Term", context: "utm field" })],
];

/** The campaign tags the person came through, with their UTM fields. */
export function PersonUtms({
  person,
  names,
}: {
  person: DirectoryPerson;
  names: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useLingui();
  const title = t`UTM tags`;
  return (
    <PersonSection id="person-utms" title={title}>
      {person.utms.length === 0 ? (
        <p className="muted">
          <Trans>No UTM tags.</Trans>
        </p>
      ) : (
        <PersonTable label={title}>
          <thead>
            <tr>
              <th scope="col">
                <Trans context="utm tag">Tag</Trans>
              </th>
              {FIELDS.map(([field, label]) => (
                <th key={field} scope="col">
                  {i18n._(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {person.utms.map((utm, index) => (
              <tr key={`${String(utm.utm_id)}-${String(index)}`}>
                <td>{names.get(utm.utm_id) ?? `#${String(utm.utm_id)}`}</td>
                {FIELDS.map(([field]) => (
                  <td key={field}>{fieldText(utm[field])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </PersonTable>
      )}
    </PersonSection>
  );
}

function fieldText(value: string | undefined): string {
  return value === undefined || value === "" ? "–" : value;
}

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
        <PersonTable
          label={title}
          columns={[
            t`Subscription`,
            t`Since, ${zoneLabel}`,
            t({ message: "Source", context: "how the person subscribed" }),
          ]}
          rows={person.subscriptions.map((subscription, index) => ({
            key: `${String(subscription.subscription_id)}-${String(index)}`,
            cells: [
              labels[index],
              subscription.date === undefined ? "—" : f.apiDateTime(subscription.date, timeZone),
              sourceLabel(subscription.source ?? "", i18n),
            ],
          }))}
        />
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
        <PersonTable
          label={title}
          columns={[
            t({ message: "Tag", context: "utm tag" }),
            ...FIELDS.map(([, label]) => i18n._(label)),
          ]}
          rows={person.utms.map((utm, index) => ({
            key: `${String(utm.utm_id)}-${String(index)}`,
            cells: [
              names.get(utm.utm_id) ?? `#${String(utm.utm_id)}`,
              ...FIELDS.map(([field]) => fieldText(utm[field])),
            ],
          }))}
        />
      )}
    </PersonSection>
  );
}

function fieldText(value: string | undefined): string {
  return value === undefined || value === "" ? "–" : value;
}

import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Subscriber } from "@/contract/entities";
import { mayCall, type Role } from "@/contract/roles";
import { channelPath } from "@/lib/channel-path";
import { personName, statusLabel, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { ApiDate } from "../words/api-date";
import { ZoneName } from "../words/zone-name";
import { SubscriberPhoto } from "./subscriber-photo";

interface SubscriberDetailsProps {
  subscriber: Subscriber;
  groupId: number;
  timeZone: string;
  userIdField: UserIdField | undefined;
  userIdLabel: string;
  role: Role;
}

/** Who the person is: photo, name (the page's heading), ids, date, status, and what to do next. */
export function SubscriberDetails({
  subscriber,
  groupId,
  timeZone,
  userIdField,
  userIdLabel,
  role,
}: SubscriberDetailsProps) {
  const { t, i18n } = useLingui();
  const name = personName(subscriber, i18n);
  const userId = userIdOf(subscriber, userIdField);
  const forPerson = userId === undefined ? "" : `?user=${encodeURIComponent(String(userId))}`;
  // The record id comes along so the variables page can show the person's name: the API
  // cannot look a person up by user id.
  const withRecord = `${forPerson}&record=${encodeURIComponent(subscriber.id)}`;
  return (
    <div className="card panel-head">
      <div className="panel-identity">
        <SubscriberPhoto name={name} photo={subscriber.photo} />
        <div className="panel-name">
          <h1>{name}</h1>
          {subscriber.ignore === 1 && (
            <span className="badge">
              <Trans>On the block list</Trans>
            </span>
          )}
        </div>
      </div>
      <dl className="panel-facts">
        <Fact term={userIdLabel}>{userId === undefined ? undefined : String(userId)}</Fact>
        <Fact term={t`Record id`}>{subscriber.id}</Fact>
        <Fact
          term={
            <ZoneName
              text={t({ message: "Date", context: "a column of date-times" })}
              zone={timeZone}
            />
          }
        >
          <ApiDate value={subscriber.date} timeZone={timeZone} />
        </Fact>
        <Fact term={t`Status`}>{statusLabel(subscriber.status, i18n)}</Fact>
      </dl>
      {userId !== undefined && (
        <ul className="panel-actions">
          {mayCall(role, "vars/get") && (
            <li>
              <Link className="button" to={`${channelPath(groupId, "variables")}${withRecord}`}>
                <Trans>Edit variables</Trans>
              </Link>
            </li>
          )}
          {mayCall(role, "bots/addSubscriber") && (
            <li>
              <Link className="button" to={`${channelPath(groupId, "bots")}${forPerson}`}>
                <Trans context="link to the bots page">Start or stop a bot</Trans>
              </Link>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="panel-fact">
      <dt>{term}</dt>
      <dd>
        {children ?? (
          <span className="muted">
            <Trans context="no value">none</Trans>
          </span>
        )}
      </dd>
    </div>
  );
}

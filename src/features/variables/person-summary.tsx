import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { directoryLookupOptions } from "@/api/directory/directory-queries";
import { apiQuery } from "@/api/queries";
import { Avatar } from "@/components/avatar";
import { mayCall, type Role } from "@/contract/roles";
import { channelPath } from "@/lib/channel-path";
import { personPath } from "@/lib/person-path";
import { recordLookup } from "@/lib/record-id";
import { personName, userIdOf } from "@/lib/subscriber-format";
import type { Person } from "./variables-queries";
import type { ReactNode } from "react";

interface PersonSummaryProps {
  person: Person;
  /** The subscriber record id when the page was opened from the person's panel; 0 if not. */
  record: number;
  role: Role;
  actions?: ReactNode;
}

/**
 * Who the variables belong to. The API cannot look a person up by user id: the name and photo
 * come from the gateway's directory (for roles that may read it), else with the record id the
 * subscriber panel passes along (subscribers/get of that one record); the record must carry
 * this user id, or it is someone else's and is not shown.
 */
export function PersonSummary({ person, record, role, actions }: PersonSummaryProps) {
  const { t, i18n } = useLingui();
  const { call, directory } = useApi();
  const mayRead = mayCall(role, "subscribers/get");
  const known = useQuery({
    ...directoryLookupOptions(person.groupId, [person.userId], directory),
    enabled: mayRead,
  });
  const fromDirectory = known.data?.get(person.userId) ?? undefined;
  const canLook = record > 0 && mayRead && !fromDirectory;
  const lookup = useQuery({
    ...apiQuery(person.groupId, "subscribers/get", recordLookup(Math.max(record, 1)), call),
    enabled: canLook,
  });
  const subscriber =
    fromDirectory ??
    lookup.data?.items.find(
      (item) => item.id === String(record) && userIdOf(item, person.field) === person.userId,
    );
  const name = subscriber ? personName(subscriber, i18n) : undefined;
  const userId = String(person.userId);
  // As people call it ("Telegram ID 885530474"), not the API's field name.
  const idText =
    person.field === "tg_user_id" ? t`Telegram user id ${userId}` : t`VK user id ${userId}`;

  return (
    <div className="card variables-person">
      <div className="variables-identity">
        {subscriber && name !== undefined && (
          <Avatar name={name} photo={subscriber.photo} size={48} className="variables-photo" />
        )}
        <div className="variables-who">
          <h2 className="variables-person-name">{name ?? t`User id ${userId}`}</h2>
          <p className="variables-hint">
            {fromDirectory ? (
              <>
                {idText} ·{" "}
                <Link to={personPath(person.groupId, person.userId)}>
                  <Trans>Open person</Trans>
                </Link>
              </>
            ) : name !== undefined ? (
              <>
                {idText} ·{" "}
                <Link to={channelPath(person.groupId, `subscribers/${String(record)}`)}>
                  <Trans>Subscriber’s page</Trans>
                </Link>
              </>
            ) : (mayRead && known.isPending) || (canLook && lookup.isPending) ? (
              t`Looking up the name…`
            ) : (
              t`${idText}. The name is shown when you come from the subscriber’s page: the API cannot look a person up by user id.`
            )}
          </p>
        </div>
      </div>
      {actions}
    </div>
  );
}

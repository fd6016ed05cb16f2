import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { Avatar } from "@/components/avatar";
import { CopyButton } from "@/components/copy-button";
import type { DirectoryPerson } from "@/contract/directory";
import type { SessionChannel } from "@/contract/session";
import { useFormat } from "@/i18n/use-format";
import { personName, statusLabel } from "@/lib/subscriber-format";

interface PersonIdentityProps {
  person: DirectoryPerson;
  channel: SessionChannel;
  /** Links to other pages for this person (a bot), beside the facts. */
  actions?: ReactNode;
}

/** Only the messenger's own addresses: a profile link is never a `javascript:` one. */
function safeProfileUrl(url: string): string | undefined {
  return /^(https:\/\/(m\.)?vk\.com\/|tg:\/\/user\?id=)/u.test(url) ? url : undefined;
}

/** Who this is: photo, name, user id to copy, the profile in the messenger, status. */
export function PersonIdentity({ person, channel, actions }: PersonIdentityProps) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const [now] = useState(Date.now);
  const name = personName(person, i18n);
  const userId = String(person.user_id);
  const profile = safeProfileUrl(person.profile_url);
  const status = statusLabel(person.status, i18n);
  const confirmed = f.ago(Date.parse(person.confirmed_at), now);
  const left =
    person.left_at === null ? undefined : f.dateTime(Date.parse(person.left_at), channel.time_zone);
  const kind = channel.type_name;
  const record = person.record_id;
  return (
    <section className="card person-identity" aria-labelledby="person-name">
      <Avatar name={name} photo={person.photo} size={72} className="person-photo" />
      <div className="person-who">
        <h1 id="person-name" className="person-title">
          {name}
        </h1>
        <p className="person-id">
          <span>
            {kind === "VK" ? <Trans>VK user id</Trans> : <Trans>Telegram user id</Trans>}{" "}
            <code>{userId}</code>
          </span>
          <CopyButton
            text={userId}
            label={t`Copy the user id ${userId}`}
            refused={t`The browser did not allow copying: select the id and press Ctrl+C (⌘C).`}
            small
          />
        </p>
        <p className="person-facts">
          <span className={person.status === 1 ? "badge badge-success" : "badge"}>{status}</span>
          {left !== undefined && (
            <span className="badge badge-warning">
              <Trans>Not found among the subscribers since {left}</Trans>
            </span>
          )}
          {profile !== undefined && (
            <a href={profile} target="_blank" rel="noreferrer noopener">
              {kind === "VK" ? <Trans>Profile on VK</Trans> : <Trans>Profile in Telegram</Trans>}
            </a>
          )}
          <span className="muted">
            <Trans>
              Record id {record}; checked {confirmed}
            </Trans>
          </span>
        </p>
        {actions}
      </div>
    </section>
  );
}

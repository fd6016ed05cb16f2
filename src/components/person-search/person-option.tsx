import { useLingui } from "@lingui/react/macro";
import { Avatar } from "@/components/avatar";
import type { DirectorySearchItem } from "@/contract/directory";
import type { SessionChannel } from "@/contract/session";
import { personName, statusLabel, subscriptionNames as namesOf } from "@/lib/subscriber-format";

export type SearchOption =
  | { kind: "person"; person: DirectorySearchItem }
  /** Someone of another channel the account may read: opens the person view there. */
  | { kind: "elsewhere"; person: DirectorySearchItem; channel: SessionChannel }
  /** A user id the directory does not hold: open it read from the service. */
  | { kind: "read"; userId: number };

interface PersonOptionProps {
  id: string;
  option: SearchOption;
  active: boolean;
  /** The current channel's subscription names; another channel's people show none. */
  subscriptionNames: ReadonlyMap<number, string>;
  onChoose: () => void;
  onHover: () => void;
}

/** One result: photo or initials, name, user id, status and subscriptions. */
export function PersonOption({
  id,
  option,
  active,
  subscriptionNames,
  onChoose,
  onHover,
}: PersonOptionProps) {
  const { t, i18n } = useLingui();
  const common = {
    id,
    role: "option",
    "aria-selected": active,
    className: `person-option${active ? " person-option-active" : ""}`,
    // The field keeps the focus (and the list stays open) until the click has chosen.
    onMouseDown: (event: { preventDefault: () => void }) => {
      event.preventDefault();
    },
    onClick: onChoose,
    onMouseMove: onHover,
  } as const;

  if (option.kind === "read") {
    const userId = String(option.userId);
    return (
      <li {...common}>
        <span className="person-option-text">
          <span className="person-option-name">{t`Open user id ${userId}`}</span>
          <span className="person-option-meta">
            {t`Not in the directory: read the person from the service.`}
          </span>
        </span>
      </li>
    );
  }

  const { person } = option;
  const name = personName(person, i18n);
  const userId = String(person.user_id);
  const status = person.left_at !== null ? t`Left the channel` : statusLabel(person.status, i18n);
  const subscriptions =
    option.kind === "person" ? namesOf(person.subscriptions, subscriptionNames).join(", ") : "";
  return (
    <li {...common}>
      <Avatar name={name} photo={person.photo} size={32} className="person-option-photo" lazy />
      <span className="person-option-text">
        <span className="person-option-name">{name}</span>
        <span className="person-option-meta">
          {userId} · {status}
          {subscriptions !== "" && ` · ${subscriptions}`}
        </span>
      </span>
    </li>
  );
}

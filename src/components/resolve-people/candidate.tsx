import { useLingui } from "@lingui/react/macro";
import { Avatar } from "@/components/avatar";
import type { DirectoryPersonBrief } from "@/contract/directory";
import { parseApiDateTime } from "@/contract/datetime";
import { useFormat } from "@/i18n/use-format";
import { personName, statusLabel, subscriptionNames as namesOf } from "@/lib/subscriber-format";

interface CandidateProps {
  person: DirectoryPersonBrief;
  /** subscription id → name; an id not in it shows as `#id`. */
  subscriptionNames: ReadonlyMap<number, string>;
  /** The channel's zone: the day a person subscribed is the channel's day. */
  timeZone: string;
}

/**
 * One of several people a pasted name fits, with what tells namesakes apart: photo, status,
 * since when they are subscribed, their subscriptions and user id.
 */
export function Candidate({ person, subscriptionNames, timeZone }: CandidateProps) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const name = personName(person, i18n);
  const id = String(person.user_id);
  const status = person.left_at !== null ? t`Left the channel` : statusLabel(person.status, i18n);
  const instant = parseApiDateTime(person.date, timeZone);
  const since = instant === null ? person.date : f.date(instant, timeZone);
  const groups = namesOf(person.subscriptions, subscriptionNames).join(", ");
  return (
    <span className="resolve-candidate">
      <Avatar name={name} photo={person.photo} size={40} className="resolve-candidate-photo" lazy />
      <span className="resolve-candidate-text">
        <span className="resolve-person-name">{name}</span>
        <span className="resolve-candidate-facts">
          <span>{t`user id ${id}`}</span>
          <span>{status}</span>
          <span>{t`subscribed ${since}`}</span>
        </span>
        <span className="resolve-candidate-groups">
          {groups === "" ? t`No subscriptions` : t`Subscriptions: ${groups}`}
        </span>
      </span>
    </span>
  );
}

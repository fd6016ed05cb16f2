import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { directoryLookupOptions } from "@/api/directory/directory-queries";
import type { DirectoryPersonBrief } from "@/contract/directory";
import { personPath } from "@/lib/person-path";
import { personName } from "@/lib/subscriber-format";
import { Avatar } from "./avatar";
import "./person-name.css";

interface PersonNameProps {
  groupId: number;
  userId: number;
  /** The id as the page says it ("Telegram user id 885530474"): always shown. */
  label: ReactNode;
  /**
   * Whether the directory may be asked: the role may call subscribers/get on the channel
   * (`mayCall(role, "subscribers/get")`). Otherwise only `label` is shown.
   */
  enabled: boolean;
  /**
   * The person when the caller looked many up at once (`usePeople`): null for someone the
   * directory does not know. Left out, this component asks for this one id itself. A caller
   * passes it always (`people.get(id) ?? null`) or never: switching between the two draws
   * the name anew (another component), losing focus on its link.
   */
  known?: DirectoryPersonBrief | null;
  /** Link the name to the person view (default; only when the directory may be asked). */
  link?: boolean;
  /**
   * The name and photo the row itself carries (a delivery record, an event): shown when the
   * directory cannot be asked or does not know the person, so a role without the directory
   * still sees who it is.
   */
  fallback?: PersonSeen;
}

/** A name and photo as the API's records carry them. */
export interface PersonSeen {
  first_name: string;
  last_name: string;
  photo: string;
}

/**
 * A user id with the name and photo the gateway's directory knows for it, linked to the person
 * view, so nobody has to trust a bare number. Falls back to `label` alone while the directory
 * answers, when it does not know the person, or when it cannot be asked.
 */
export function PersonName(props: PersonNameProps) {
  // A table that looked many people up at once hands each row its person: no query of its own
  // (each would be a cache entry, an observer and a timer per row, on every render: issue 15).
  return props.known !== undefined ? (
    <PersonNameShown {...props} found={props.known} />
  ) : (
    <PersonNameLookup {...props} />
  );
}

/** `PersonName` asking the directory for this one id itself. */
function PersonNameLookup(props: PersonNameProps) {
  const { directory } = useApi();
  const lookup = useQuery({
    ...directoryLookupOptions(props.groupId, [props.userId], directory),
    enabled: props.enabled,
  });
  return <PersonNameShown {...props} found={lookup.data?.get(props.userId)} />;
}

function PersonNameShown({
  groupId,
  userId,
  label,
  enabled,
  link = true,
  fallback,
  found,
}: PersonNameProps & { found: DirectoryPersonBrief | null | undefined }) {
  const { i18n } = useLingui();
  const person = (enabled ? found : undefined) ?? fallback;
  if (!person) return <span className="person-name">{label}</span>;
  const name = personName(person, i18n);
  return (
    <span className="person-name">
      <Avatar name={name} photo={person.photo} size={24} className="person-name-photo" lazy />
      {link && enabled ? (
        <Link to={personPath(groupId, userId)} className="person-name-link">
          {name}
        </Link>
      ) : (
        <span className="person-name-link">{name}</span>
      )}
      <span className="person-name-id">{label}</span>
    </span>
  );
}

/**
 * Who many user ids are (one request per set), for tables that name each row with
 * `<PersonName known={people.get(id) ?? null} …/>`. Empty while loading or when disabled.
 */
export function usePeople(
  groupId: number,
  userIds: readonly number[],
  enabled: boolean,
): ReadonlyMap<number, DirectoryPersonBrief | null> {
  const { directory } = useApi();
  const lookup = useQuery({
    ...directoryLookupOptions(groupId, userIds, directory),
    enabled: enabled && userIds.length > 0,
  });
  return lookup.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<number, DirectoryPersonBrief | null> = new Map();

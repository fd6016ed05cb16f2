import { useLingui } from "@lingui/react/macro";
import { memo } from "react";
import { Link, useLocation } from "react-router";
import { Avatar } from "@/components/avatar";
import { channelPath } from "@/lib/channel-path";
import { personName } from "@/lib/subscriber-format";

interface PersonCellProps {
  groupId: number;
  recordId: string;
  firstName: string;
  lastName: string;
  photo: string;
}

/**
 * Photo and name, as a link to the person's panel; every value is text, the photo https: only.
 * Memoized, as `ApiDate` is: the list around it is drawn again far more often than a person
 * changes; the language and the list's address (`useLocation`) still redraw it.
 */
export const PersonCell = memo(function PersonCell({
  groupId,
  recordId,
  firstName,
  lastName,
  photo,
}: PersonCellProps) {
  const { i18n } = useLingui();
  const name = personName({ first_name: firstName, last_name: lastName }, i18n);
  // The panel's "Back to subscribers" returns to this page of the list.
  const { search } = useLocation();
  return (
    <Link
      className="subscriber-person"
      to={channelPath(groupId, `subscribers/${encodeURIComponent(recordId)}`)}
      state={{ listSearch: search }}
    >
      <Avatar name={name} photo={photo} size={32} className="subscriber-photo" lazy />
      <span className="subscriber-person-name">{name}</span>
    </Link>
  );
});

import { useState } from "react";
import { Link } from "react-router";
import { channelPath } from "@/lib/channel-path";
import { initials } from "@/lib/initials";
import { safeImageUrl } from "@/lib/safe-url";
import { personName } from "@/lib/subscriber-format";

interface PersonCellProps {
  groupId: number;
  recordId: string;
  firstName: string;
  lastName: string;
  photo: string;
}

/** Photo and name, as a link to the person's panel; every value is text, the photo https: only. */
export function PersonCell({ groupId, recordId, firstName, lastName, photo }: PersonCellProps) {
  const name = personName({ first_name: firstName, last_name: lastName });
  return (
    <Link
      className="subscriber-person"
      to={channelPath(groupId, `subscribers/${encodeURIComponent(recordId)}`)}
    >
      <PersonPhoto name={name} photo={photo} />
      <span className="subscriber-person-name">{name}</span>
    </Link>
  );
}

function PersonPhoto({ name, photo }: { name: string; photo: string }) {
  const url = safeImageUrl(photo);
  const [failedUrl, setFailedUrl] = useState<string>();
  if (url && url !== failedUrl) {
    return (
      <img
        className="subscriber-photo"
        src={url}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => {
          setFailedUrl(url);
        }}
      />
    );
  }
  return (
    <span className="subscriber-photo subscriber-photo-placeholder" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

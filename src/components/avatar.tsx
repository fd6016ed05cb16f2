import { useState } from "react";
import { initials } from "@/lib/initials";
import { safeImageUrl } from "@/lib/safe-url";
import "./avatar.css";

interface AvatarProps {
  /** Whose picture: its initials stand in when there is none. */
  name: string;
  /** As the API gives it: only an https: address is ever loaded. */
  photo: string;
  size: number;
  /** The caller's class; the placeholder also gets `<className>-placeholder`. */
  className: string;
  lazy?: boolean;
}

/**
 * A picture when the address is https: and loads; the name's initials otherwise (a
 * `javascript:` or `data:` address, an empty one, or a host that does not answer). Decorative:
 * the name is always written beside it.
 */
export function Avatar({ name, photo, size, className, lazy = false }: AvatarProps) {
  const url = safeImageUrl(photo);
  const [failedUrl, setFailedUrl] = useState<string>();
  if (url && url !== failedUrl) {
    return (
      <img
        className={`avatar ${className}`}
        src={url}
        alt=""
        width={size}
        height={size}
        loading={lazy ? "lazy" : undefined}
        referrerPolicy="no-referrer"
        onError={() => {
          setFailedUrl(url);
        }}
      />
    );
  }
  return (
    <span
      className={`avatar avatar-placeholder ${className} ${className}-placeholder`}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}

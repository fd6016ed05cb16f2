import { useState } from "react";
import { initials } from "@/lib/initials";
import { safeImageUrl } from "@/lib/safe-url";

/** The person's picture when it is an https: address that loads; their initials otherwise. */
export function SubscriberPhoto({ name, photo }: { name: string; photo: string }) {
  const url = safeImageUrl(photo);
  const [failedUrl, setFailedUrl] = useState<string>();
  if (url && url !== failedUrl) {
    return (
      <img
        className="panel-photo"
        src={url}
        alt=""
        width={72}
        height={72}
        referrerPolicy="no-referrer"
        onError={() => {
          setFailedUrl(url);
        }}
      />
    );
  }
  return (
    <span className="panel-photo panel-photo-placeholder" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

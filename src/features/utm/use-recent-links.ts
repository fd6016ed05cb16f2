import { useCallback, useState } from "react";
import {
  addRecentLink,
  loadRecentLinks,
  saveRecentLinks,
  type LinkStorage,
  type RecentLink,
} from "@/lib/recent-links";

function browserStorage(): LinkStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off by the browser's settings: the list then lives only on this page.
    return undefined;
  }
}

/** The channel's recent links, kept in localStorage; the component is keyed by channel. */
export function useRecentLinks(groupId: number) {
  const [links, setLinks] = useState<RecentLink[]>(() =>
    loadRecentLinks(browserStorage(), groupId),
  );
  const [kept, setKept] = useState(true);
  const add = useCallback(
    (entry: RecentLink) => {
      // Another tab may have added links meanwhile: start from what is stored.
      const next = addRecentLink(loadRecentLinks(browserStorage(), groupId), entry);
      setKept(saveRecentLinks(browserStorage(), groupId, next));
      setLinks(next);
    },
    [groupId],
  );
  const clear = useCallback(() => {
    setKept(saveRecentLinks(browserStorage(), groupId, []));
    setLinks([]);
  }, [groupId]);
  return { links, add, clear, kept };
}

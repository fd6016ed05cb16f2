import { useCallback, useState } from "react";
import {
  addRecentLink,
  loadRecentLinks,
  mergeRecentLinks,
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
      // Another tab may have added links meanwhile: start from what is stored. When the
      // browser would not store the list, what this page made lives only here: keep it too.
      const stored = loadRecentLinks(browserStorage(), groupId);
      const next = addRecentLink(kept ? stored : mergeRecentLinks(links, stored), entry);
      setKept(saveRecentLinks(browserStorage(), groupId, next));
      setLinks(next);
    },
    [groupId, kept, links],
  );
  const clear = useCallback(() => {
    setKept(saveRecentLinks(browserStorage(), groupId, []));
    setLinks([]);
  }, [groupId]);
  return { links, add, clear, kept };
}

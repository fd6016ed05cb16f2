import { useMemo } from "react";
import type { DirectoryPersonBrief } from "@/contract/directory";
import { mayCall } from "@/contract/roles";
import { useCurrentChannel, useSignedInSession } from "./current-channel";
import { usePeople } from "./person-name";

export interface ChannelPeople {
  groupId: number;
  /** The role may ask the directory (it may call subscribers/get here). */
  enabled: boolean;
  /** user id → person; null for someone the directory does not know; absent while loading. */
  people: ReadonlyMap<number, DirectoryPersonBrief | null>;
}

/**
 * Who the user ids of one page of a table are, in the current channel: one directory request
 * for the whole page (not one per row), and none for a role that may not read subscribers.
 */
export function useChannelPeople(userIds: readonly (number | undefined)[]): ChannelPeople {
  const { group_id: groupId } = useCurrentChannel();
  const { role } = useSignedInSession();
  const enabled = mayCall(role, "subscribers/get");
  const key = userIds.join(",");
  // The ids as one stable, duplicate-free list, so the query key changes only with the page.
  const ids = useMemo(
    () => [...new Set(key.split(",").filter((part) => part !== ""))].map(Number),
    [key],
  );
  const people = usePeople(groupId, ids, enabled);
  // The same object while nothing in it changed, so a table's memoised rows skip a re-render.
  return useMemo(() => ({ groupId, enabled, people }), [groupId, enabled, people]);
}

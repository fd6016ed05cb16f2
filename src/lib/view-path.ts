import { channelPath } from "./channel-path";

/** The address that opens a saved view: the channel's subscribers page with the view's search. */
export function subscribersViewPath(groupId: number, search: string): string {
  const path = channelPath(groupId, "subscribers");
  return search ? `${path}?${search}` : path;
}

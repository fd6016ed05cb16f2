import { channelPath } from "./channel-path";

/** The person view of a user id; `read` asks the service for someone the directory lacks. */
export function personPath(groupId: number, userId: number, read = false): string {
  return `${channelPath(groupId, `people/${String(userId)}`)}${read ? "?read=1" : ""}`;
}

import type { OperationId, RequestOf } from "@/contract/operations";

/**
 * Hierarchical keys: everything of a channel → one group (`subscribers`) → one operation →
 * one set of parameters. Invalidating `group(id, "subscribers")` after an add reaches every
 * list, count and statistic of subscribers of that channel, and nothing of another channel.
 */
export const apiKeys = {
  all: ["api"] as const,
  channel: (groupId: number) => [...apiKeys.all, groupId] as const,
  group: (groupId: number, group: string) => [...apiKeys.channel(groupId), group] as const,
  operation: (groupId: number, operation: OperationId) => {
    const [group = "", method = ""] = operation.split("/");
    return [...apiKeys.group(groupId, group), method] as const;
  },
  call: <Op extends OperationId>(groupId: number, operation: Op, params: RequestOf<Op>) =>
    [...apiKeys.operation(groupId, operation), params] as const,
};

/** The gateway's session: one query (who is signed in) and the two mutations that change it. */
export const sessionKeys = {
  all: ["session"] as const,
  current: ["session", "current"] as const,
  login: ["session", "login"] as const,
  logout: ["session", "logout"] as const,
};

/**
 * The gateway's subscriber directory, per channel: `channel(id)` reaches everything the
 * directory answered for that channel (after a write the gateway forwards, or a refresh);
 * `person(id, userId)` reaches both the directory's and the API's reading of one person.
 */
export const directoryKeys = {
  all: ["directory"] as const,
  channel: (groupId: number) => [...directoryKeys.all, groupId] as const,
  status: (groupId: number) => [...directoryKeys.channel(groupId), "status"] as const,
  search: (groupId: number, q: string) => [...directoryKeys.channel(groupId), "search", q] as const,
  /** The same search in the account's channels other than `except`. */
  elsewhere: (except: number, q: string) => [...directoryKeys.all, "elsewhere", except, q] as const,
  people: (groupId: number, params: Readonly<Record<string, unknown>>) =>
    [...directoryKeys.channel(groupId), "people", params] as const,
  person: (groupId: number, userId: number) =>
    [...directoryKeys.channel(groupId), "person", userId] as const,
  personRead: (groupId: number, userId: number, read: boolean) =>
    [...directoryKeys.person(groupId, userId), { read }] as const,
  /** Ids sorted and distinct, so the same set asked in another order is one query. */
  lookup: (groupId: number, userIds: readonly number[]) =>
    [
      ...directoryKeys.channel(groupId),
      "lookup",
      [...new Set(userIds)].sort((a, b) => a - b),
    ] as const,
};

/** What to refresh after a tag was added, renamed or deleted: its names and its counts. */
export const utmTagsKey = (groupId: number) => apiKeys.group(groupId, "utms");

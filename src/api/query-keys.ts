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

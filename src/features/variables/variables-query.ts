import { queryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import type { UserIdField } from "@/lib/subscriber-format";

/** The person whose variables the page shows: the channel, its kind of id, and the id. */
export interface Person {
  groupId: number;
  field: UserIdField;
  userId: number;
}

type PersonParams = { vk_user_id: number } | { tg_user_id: number };

export function personParams(person: Person): PersonParams {
  return person.field === "vk_user_id"
    ? { vk_user_id: person.userId }
    : { tg_user_id: person.userId };
}

export function variablesQuery(person: Person, call: Call) {
  const params = personParams(person);
  return queryOptions({
    queryKey: apiKeys.call(person.groupId, "vars/get", params),
    queryFn: ({ signal }) => call("vars/get", params, { groupId: person.groupId, signal }),
  });
}

import type { Call } from "@/api/client";
import { apiQuery } from "@/api/queries";

/** The channel-wide variables, in name order (a file of its own: the route loader's, in the entry). */
export function channelVariablesQuery(groupId: number, call: Call) {
  return apiQuery(groupId, "vars_global/get", {}, call);
}

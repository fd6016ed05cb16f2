import { directoryPersonOptions } from "@/api/directory/directory-queries";
import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { mayCall } from "@/contract/roles";
import { parseGroupId } from "@/lib/channel-path";
import { userIdField } from "@/lib/subscriber-format";
import { variablesQuery } from "../variables-query";

/**
 * The person view's first screen, started by the router with the page's code
 * (src/app/pages.ts), under the keys the page reads: the directory's reading of the person of
 * the URL, the names of the subscriptions and tags its tables show, and the person's
 * variables. Without the names and variables here, the page came with «#3» where a
 * subscription's name goes and a line of «Loading the variables…» that then grew into the
 * table, moving what was under it.
 */
export function prefetchPerson(visit: PageVisit): Promise<void> | undefined {
  const { queryClient, call, groupId } = visit;
  // User ids have the shape of channel ids: positive whole numbers.
  const userId = parseGroupId(visit.params.userId);
  if (userId === undefined) return undefined;
  const read = visit.search.get("read") === "1";
  const personOptions = directoryPersonOptions(groupId, userId, visit.directory, read);
  const person = startQuery(queryClient, personOptions);
  // The variables once the directory (the gateway's own, local) has found the person: someone
  // it does not know gets the page's "No such person" without a call to the service's
  // rate-limited queue. Their key names the channel's kind of user id, which the session tells.
  const variables = Promise.all([person, visit.session()]).then(([, session]) => {
    const found = queryClient.getQueryData(personOptions.queryKey)?.person;
    const channel = session?.channels.find((candidate) => candidate.group_id === groupId);
    // A role that may not read variables gets the section's refusal, not a 403 from here.
    if (!found || !session || !channel || !mayCall(session.role, "vars/get")) return undefined;
    const field = userIdField(channel.type_name) ?? "tg_user_id";
    const key = { groupId, field, userId: found.user_id };
    return startQuery(queryClient, variablesQuery(key, call));
  });
  return firstScreen([
    person,
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
    startQuery(queryClient, utmsQuery(groupId, call)),
    variables,
  ]);
}

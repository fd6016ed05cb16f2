import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { apiQuery } from "@/api/queries";
import { mayCall } from "@/contract/roles";
import { recordLookup } from "@/lib/record-id";
import { userIdField } from "@/lib/subscriber-format";
import { readSearch } from "@/lib/url-state";
import { variablesQuery } from "./variables-query";
import { variablesSearch } from "./variables-search";

/**
 * The variables of the URL's person (`?user=`) and their record (`?record=`), started by the
 * router with the page's code (src/app/pages.ts). Without a person the page asks nothing. The
 * person's kind of id is the channel's, which the session tells: these wait for it.
 */
export function prefetchVariables(visit: PageVisit): Promise<void> | undefined {
  const { queryClient, call, groupId } = visit;
  const search = readSearch(variablesSearch, visit.search);
  if (search.user <= 0) return undefined;
  return visit.session().then((session) => {
    const channel = session?.channels.find((candidate) => candidate.group_id === groupId);
    // A role that may not read variables gets the page's refusal, not a 403 from a head start.
    if (!session || !channel || !mayCall(session.role, "vars/get")) return undefined;
    const field = userIdField(channel.type_name) ?? "tg_user_id";
    const started = [
      startQuery(queryClient, variablesQuery({ groupId, field, userId: search.user }, call)),
    ];
    if (search.record > 0 && mayCall(session.role, "subscribers/get")) {
      const record = apiQuery(groupId, "subscribers/get", recordLookup(search.record), call);
      started.push(startQuery(queryClient, record));
    }
    return firstScreen(started);
  });
}

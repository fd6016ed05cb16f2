import { i18n } from "@lingui/core";
import { directoryStatusOptions } from "@/api/directory/directory-queries";
import { botsQuery, deliveriesQuery, subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import type { PageVisit } from "@/api/page-visit";
import { firstScreen, startQuery } from "@/api/prefetch";
import { apiQuery } from "@/api/queries";
import { viewsQuery } from "@/api/views/view-queries";
import { currentCursor } from "@/lib/cursor-stack";
import { parseRecordId, recordLookup } from "@/lib/record-id";
import { readSearch } from "@/lib/url-state";
import { countRequest, countSearch } from "./count/count-search";
import { directoryListParams, directoryPeopleQuery } from "./list/list-queries";
import { subscribersPageQuery } from "./list/subscribers-page-query";
import { subscribersSearch } from "./list/subscribers-search";
import { hasFilters, readSegment } from "./segment/segment-search";

// The first data of each subscribers page, started by the router with the page's code
// (src/app/pages.ts): the same query options the pages read, so they find it in the cache.

/**
 * The list: the directory's status (it decides the list's source, its status line and
 * controls), the page of the URL (size and cursor), the subscriptions' names it shows and the
 * saved views its toolbar lists.
 */
export function prefetchSubscribers(visit: PageVisit): Promise<void> {
  const { queryClient, call, groupId } = visit;
  const search = readSearch(subscribersSearch, visit.search);
  // Not the load-more list: its query is forgotten as soon as no page shows it (gcTime 0),
  // so rows that arrived before the page would be thrown away.
  const pageSize = Number(search.size);
  const filters = readSegment(visit.search);
  const started: Promise<void>[] = [];
  if (hasFilters(filters)) {
    // A segment reads the API's pages whatever the source (the directory cannot filter).
    if (search.mode === "pages") {
      const cursor = currentCursor(search.after);
      const page = subscribersPageQuery(groupId, pageSize, cursor, call, filters);
      started.push(startQuery(queryClient, page));
    }
    // Its chips name mailings and bots (useSegmentLookups): with the page, not after it.
    started.push(startQuery(queryClient, deliveriesQuery(groupId, call)));
    started.push(startQuery(queryClient, botsQuery(groupId, call)));
    // The directory's status line stands above the segment too: in with the page, or its
    // arrival moves everything below it down (50 px at 1350 px wide, 150 px on a phone). Not
    // the directory's count of the segment: over memberships it may hold the gateway for
    // seconds, and the rows would wait behind it.
    started.push(startQuery(queryClient, directoryStatusOptions(groupId, visit.directory)));
  } else if (search.source !== "api") {
    // "auto" shows the directory's list once its status says it is ready (the usual case): both
    // are started together, so the rows are one round trip away. A directory still reading
    // sends the page to the API's pages, which it then asks for itself.
    started.push(startQuery(queryClient, directoryStatusOptions(groupId, visit.directory)));
    // The language the app shows: the list by name follows its collation.
    const params = directoryListParams(search.order, search.q, pageSize, search.from, i18n.locale);
    started.push(startQuery(queryClient, directoryPeopleQuery(groupId, params, visit.directory)));
  } else if (search.mode === "pages") {
    const cursor = currentCursor(search.after);
    started.push(startQuery(queryClient, subscribersPageQuery(groupId, pageSize, cursor, call)));
  }
  started.push(startQuery(queryClient, subscriptionsQuery(groupId, call)));
  // The page names the saved view it shows, and its toolbar lists them.
  started.push(startQuery(queryClient, viewsQuery(groupId, visit.gateway)));
  return firstScreen(started);
}

/** The count with the URL's filters, and the names its filters offer. */
export function prefetchCount(visit: PageVisit): Promise<void> {
  const { queryClient, call, groupId } = visit;
  const request = countRequest(readSearch(countSearch, visit.search));
  return firstScreen([
    startQuery(queryClient, apiQuery(groupId, "subscribers/subscribersCount", request, call)),
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
    startQuery(queryClient, utmsQuery(groupId, call)),
    startQuery(queryClient, botsQuery(groupId, call)),
  ]);
}

/**
 * Adding or removing: the subscriptions and tags the form offers, and the directory's status,
 * which says whether names are taken too, in the introduction above the form.
 */
export function prefetchManage(visit: PageVisit): Promise<void> {
  const { queryClient, call, groupId } = visit;
  return firstScreen([
    startQuery(queryClient, subscriptionsQuery(groupId, call)),
    startQuery(queryClient, utmsQuery(groupId, call)),
    startQuery(queryClient, directoryStatusOptions(groupId, visit.directory)),
  ]);
}

/** A subscriber's panel: their record, and the names of what it refers to. */
export function prefetchSubscriber(visit: PageVisit): Promise<void> {
  const { queryClient, call, groupId } = visit;
  const recordId = parseRecordId(visit.params.recordId);
  const started: Promise<void>[] = [];
  if (recordId !== undefined) {
    const record = apiQuery(groupId, "subscribers/get", recordLookup(recordId), call);
    started.push(startQuery(queryClient, record));
  }
  started.push(startQuery(queryClient, subscriptionsQuery(groupId, call)));
  started.push(startQuery(queryClient, utmsQuery(groupId, call)));
  return firstScreen(started);
}

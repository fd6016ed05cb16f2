import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComponentType } from "react";
import type { PageVisit } from "@/api/page-visit";
import type { OperationId } from "@/contract/operations";
import { prefetchBots } from "@/features/bots/prefetch";
import { prefetchBotStats } from "@/features/bots/stats/prefetch";
import { prefetchChannel } from "@/features/channel/prefetch";
import { prefetchChannelVariables, prefetchGroups } from "@/features/channel-settings/prefetch";
import { prefetchDeliveries } from "@/features/deliveries/prefetch";
import { prefetchJob, prefetchJobs } from "@/features/jobs/prefetch";
import {
  prefetchCount,
  prefetchManage,
  prefetchSubscriber,
  prefetchSubscribers,
} from "@/features/subscribers/prefetch";
import { prefetchSubscriptions } from "@/features/subscriptions/prefetch";
import { prefetchUtm } from "@/features/utm/prefetch";
import { prefetchPerson } from "@/features/variables/person/prefetch";
import { prefetchVariables } from "@/features/variables/prefetch";
import type { CatalogGroup } from "@/i18n/catalog-groups";
import { channelPath } from "@/lib/channel-path";
import type { NavPage } from "@/lib/nav";

/** One page of a channel: where it lives, what it is called, what it needs to call. */
export interface PageEntry extends NavPage {
  id: string;
  /** Its name in the navigation and its heading where it is refused: `i18n._(page.label)`. */
  label: MessageDescriptor;
  /**
   * The feature folder whose catalog the page needs (src/i18n/catalogs.ts): loaded with the
   * page's code, in the person's language.
   */
  area: string;
  /**
   * The groups of shared code with catalogs of their own (src/i18n/catalog-groups.ts) that
   * the page's own chunk shows words of: loaded with it, like `area`.
   * tests/unit/catalog-loads.test.ts names any that is missing.
   */
  catalogs?: readonly CatalogGroup[];
  /** The path under `/c/:groupId`; "" is the channel's own page. */
  segment: string;
  path: (groupId: number) => string;
  /** false: reached by links from other pages (a subscriber's panel), not from the sidebar. */
  inNav?: boolean;
  /** The page's own chunk, fetched the first time it is opened. */
  load: () => Promise<ComponentType>;
  /**
   * Optional: starts the queries of the page's first screen (same query options as the page,
   * so it finds them in the cache), called by the route's loader at the same time as `load`,
   * not after it. Keep it in a small module of the feature (`prefetch.ts`, no React, no
   * CSS): it is part of the entry. Failures are the page's to show. It returns the promise of
   * that first screen (`firstScreen` of what it started): the route shows the page once it has
   * settled, at most `FIRST_SCREEN_WAIT_MS` later, so the page is drawn once with its data
   * rather than once more at each answer — a render of the whole page every time, the most of a
   * phone's work on a first load, and a page that grows under the person's eyes (issue 15).
   * Queries whose input the page works out itself (a period from the clock and the channel's
   * zone) are not started here: those pages show their placeholders until the answers come.
   */
  prefetch?: (visit: PageVisit) => void | Promise<void>;
}

function page(entry: Omit<PageEntry, "path">): PageEntry {
  return { ...entry, path: (groupId) => channelPath(groupId, entry.segment) };
}

/**
 * Every page that exists, in the order of the navigation. A new page is one entry here: the
 * router and the navigation are built from this list, filtered by what the role may call.
 */
export const pages: readonly PageEntry[] = [
  page({
    id: "channel",
    label: msg`Channel`,
    area: "channel",
    segment: "",
    operation: "groups/get" satisfies OperationId,
    prefetch: prefetchChannel,
    load: () => import("@/features/channel/channel-page").then((module) => module.ChannelPage),
  }),
  page({
    id: "subscribers",
    label: msg`Subscribers`,
    area: "subscribers",
    catalogs: ["errors"],
    segment: "subscribers",
    operation: "subscribers/get" satisfies OperationId,
    prefetch: prefetchSubscribers,
    load: () =>
      import("@/features/subscribers/list/subscribers-page").then(
        (module) => module.SubscribersPage,
      ),
  }),
  page({
    id: "subscriber-count",
    label: msg`Count subscribers`,
    area: "subscribers",
    segment: "subscribers/count",
    operation: "subscribers/subscribersCount" satisfies OperationId,
    prefetch: prefetchCount,
    load: () =>
      import("@/features/subscribers/count/count-page").then((module) => module.CountPage),
  }),
  page({
    id: "subscribers-manage",
    label: msg`Add or remove`,
    area: "subscribers/manage",
    catalogs: ["errors", "forms", "people"],
    segment: "subscribers/manage",
    operation: "subscribers/add" satisfies OperationId,
    prefetch: prefetchManage,
    load: () =>
      import("@/features/subscribers/manage/manage-page").then((module) => module.ManagePage),
  }),
  page({
    id: "variables",
    label: msg`Variables`,
    area: "variables",
    catalogs: ["errors", "forms", "people"],
    segment: "variables",
    operation: "vars/get" satisfies OperationId,
    prefetch: prefetchVariables,
    load: () =>
      import("@/features/variables/variables-page").then((module) => module.VariablesPage),
  }),
  page({
    id: "variables-bulk",
    label: msg`Set for many`,
    area: "variables/bulk",
    catalogs: ["errors", "forms", "people"],
    segment: "variables/bulk",
    operation: "vars/set" satisfies OperationId,
    load: () =>
      import("@/features/variables/bulk/bulk-set-page").then((module) => module.BulkSetPage),
  }),
  page({
    id: "bots",
    label: msg`Bots`,
    area: "bots",
    catalogs: ["errors", "forms"],
    segment: "bots",
    operation: "bots/addSubscriber" satisfies OperationId,
    prefetch: prefetchBots,
    load: () => import("@/features/bots/bots-page").then((module) => module.BotsPage),
  }),
  page({
    id: "subscriptions",
    label: msg({ message: "Subscriptions", context: "page of subscribe and unsubscribe events" }),
    area: "subscriptions",
    catalogs: ["charts"],
    segment: "subscriptions",
    operation: "subscribers/statSubscribe" satisfies OperationId,
    prefetch: prefetchSubscriptions,
    load: () =>
      import("@/features/subscriptions/subscriptions-page").then(
        (module) => module.SubscriptionsPage,
      ),
  }),
  page({
    id: "deliveries",
    label: msg`Deliveries`,
    area: "deliveries",
    catalogs: ["charts"],
    segment: "deliveries",
    operation: "deliveries/stat" satisfies OperationId,
    prefetch: prefetchDeliveries,
    load: () =>
      import("@/features/deliveries/deliveries-page").then((module) => module.DeliveriesPage),
  }),
  page({
    id: "utm",
    label: msg`UTM`,
    area: "utm",
    catalogs: ["errors", "charts"],
    segment: "utm",
    operation: "utms/statCount" satisfies OperationId,
    prefetch: prefetchUtm,
    load: () => import("@/features/utm/utm-page").then((module) => module.UtmPage),
  }),
  page({
    id: "bot-stats",
    label: msg`Bot statistics`,
    area: "bots",
    catalogs: ["charts"],
    segment: "bots/stats",
    operation: "bots/getSteps" satisfies OperationId,
    prefetch: prefetchBotStats,
    load: () =>
      import("@/features/bots/stats/bot-stats-page").then((module) => module.BotStatsPage),
  }),
  page({
    id: "groups",
    label: msg`Groups`,
    area: "channel-settings",
    catalogs: ["errors"],
    segment: "groups",
    operation: "subscriptions/add" satisfies OperationId,
    prefetch: prefetchGroups,
    load: () =>
      import("@/features/channel-settings/groups/groups-page").then((module) => module.GroupsPage),
  }),
  page({
    id: "utm-tags",
    label: msg({ message: "UTM tags", context: "page that creates, renames and deletes tags" }),
    area: "channel-settings",
    catalogs: ["errors", "forms"],
    segment: "utm/tags",
    operation: "utms/add" satisfies OperationId,
    // The same first data as the UTM page: the tags, and the groups that name theirs.
    prefetch: prefetchUtm,
    load: () =>
      import("@/features/channel-settings/tags/utm-tags-page").then((module) => module.UtmTagsPage),
  }),
  page({
    id: "channel-variables",
    label: msg`Channel variables`,
    area: "channel-settings",
    catalogs: ["errors", "forms"],
    segment: "channel-variables",
    operation: "vars_global/set" satisfies OperationId,
    prefetch: prefetchChannelVariables,
    load: () =>
      import("@/features/channel-settings/variables/channel-variables-page").then(
        (module) => module.ChannelVariablesPage,
      ),
  }),
  page({
    id: "group",
    label: msg`Group`,
    area: "channel-settings",
    catalogs: ["errors", "forms"],
    // `groups/new` too: one route (and one entry in the entry's list) for the form.
    segment: "groups/:subscriptionId",
    operation: "subscriptions/edit" satisfies OperationId,
    inNav: false,
    prefetch: prefetchGroups,
    load: () =>
      import("@/features/channel-settings/groups/group-page").then((module) => module.GroupPage),
  }),
  page({
    id: "jobs",
    label: msg`Jobs`,
    area: "jobs",
    segment: "jobs",
    // The roles that may run some job (src/contract/job-kinds.ts: admin, support) are those
    // that may set a variable for one person: the page is theirs.
    operation: "vars/set" satisfies OperationId,
    prefetch: prefetchJobs,
    load: () => import("@/features/jobs/jobs-page").then((module) => module.JobsPage),
  }),
  page({
    id: "job",
    label: msg`Job`,
    area: "jobs",
    catalogs: ["errors"],
    segment: "jobs/:jobId",
    operation: "vars/set" satisfies OperationId,
    inNav: false,
    prefetch: prefetchJob,
    load: () => import("@/features/jobs/job-page").then((module) => module.JobPage),
  }),
  page({
    id: "subscriber",
    label: msg`Subscriber`,
    area: "subscribers",
    segment: "subscribers/:recordId",
    operation: "subscribers/get" satisfies OperationId,
    inNav: false,
    prefetch: prefetchSubscriber,
    load: () =>
      import("@/features/subscribers/panel/subscriber-page").then(
        (module) => module.SubscriberPage,
      ),
  }),
  page({
    id: "person",
    label: msg`Person`,
    area: "variables",
    catalogs: ["errors", "forms"],
    segment: "people/:userId",
    operation: "subscribers/get" satisfies OperationId,
    inNav: false,
    prefetch: prefetchPerson,
    load: () =>
      import("@/features/variables/person/person-page").then((module) => module.PersonPage),
  }),
];

/** What a page's route carries in `handle`, so the channel gate can check the role. */
export interface PageHandle {
  page: PageEntry;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && "page" in handle;
}

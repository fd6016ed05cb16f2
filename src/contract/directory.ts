import * as z from "./zod";
import { apiDateTime, int } from "./common";
import { subscriberSubscription, subscriberUtm } from "./entities";
import { hookEventTypes } from "./hooks";
import { interfaceLocales } from "./session-constants";
import { segmentFilters } from "./subscriber-filters";

/**
 * The gateway's subscriber directory (not part of the Channel API): per channel, every person
 * the gateway has read, searchable by name in either script, by user id, record id or profile
 * link. Endpoints (all under the caller's session; the same channel and role rules as
 * `/api`: only roles that may call `subscribers/get` on the channel; refresh and wipe are the
 * administrators'):
 *
 * - `GET    /directory/<group_id>/status`                       → `directoryStatusResponse`
 * - `GET    /directory/<group_id>/search?q=&cursor=&limit=`      → `directorySearchResponse`
 * - `GET    /directory/<group_id>/people?sort=&order=&q=&cursor=&limit=` → `directoryListResponse`
 * - `GET    /directory/<group_id>/people/<user_id>[?read=1]`     → `directoryPersonResponse`
 * - `POST   /directory/<group_id>/lookup`   `{user_ids}`         → `directoryLookupResponse`
 * - `POST   /directory/<group_id>/resolve`  `{lines}`            → `directoryResolveResponse`
 * - `POST   /directory/<group_id>/count`    `{filters}`          → `directoryCountResponse`
 * - `POST   /directory/<group_id>/refresh`  (admin)              → `directoryStatusResponse` (202)
 * - `DELETE /directory/<group_id>`          (admin)              → `directoryStatusResponse`
 *
 * Refusals are the usual failure body with a stable `reason` (`directoryReasons`). Instants
 * the gateway itself keeps (`updated_at`, `confirmed_at`…) are ISO 8601 UTC; dates the API
 * gave (`date`, subscriptions' dates) stay as the API wrote them, in the channel's zone.
 */

import {
  DIRECTORY_LOOKUP_MAX,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_RESOLVE_MAX,
} from "./directory-constants";

export * from "./directory-constants";

const instant = z.iso.datetime();

/**
 * Why the gateway refused a directory or hook request, beside its English `error_message`,
 * so the SPA can say it in the person's language. The failure body carries it as `reason`
 * (and `details`, the values the sentence names).
 */
export const directoryReasons = [
  /** No session (401). */
  "session-ended",
  /** The group id in the path is not a positive integer (400). */
  "group-id-invalid",
  /** Not one of the account's channels, or no such channel; details: { group_id } (403). */
  "no-channel-access",
  /** The role may not call subscribers/get, so may not read the directory; details: { role } (403). */
  "role-refused",
  /** Refresh and wipe: administrators only (403). */
  "directory-admin-only",
  /** A query parameter or body field the endpoint cannot use; details: { field } (400). */
  "directory-bad-request",
  /** The person is not in the directory (and, with read=1, not in the API either) (404). */
  "directory-person-unknown",
  /** read=1: the channel's service did not answer or refused; details: { group_id } (502/503). */
  "backend-unavailable",
  /** Count: the directory has not completed a full pass, so a count would be short (409). */
  "directory-not-ready",
  /** Count: a filter the directory does not keep current; details: { field } (422). */
  "directory-cannot-count",
  /** A hook call whose path names no channel or carries a wrong secret (404, body not logged). */
  "hook-refused",
  /** A hook call that is not a subscribe/unsubscribe event of this channel (400). */
  "hook-malformed",
  /** Too many hook calls, or too many wrong secrets from one address (429). */
  "hook-rate-limited",
] as const;
export type DirectoryReason = (typeof directoryReasons)[number];

/** Where the directory of a channel stands: what the "Directory: …" line shows. */
export const directoryStatus = z.looseObject({
  group_id: int,
  /**
   * `empty`: nothing read yet; `reading`: the first full pass is under way (the directory is
   * incomplete: keep using the API's pages); `ready`: a full pass has completed.
   */
  state: z.enum(["empty", "reading", "ready"]),
  /** People in the directory who are subscribers now (not flagged as left). */
  people: int,
  /** People a full pass no longer found: kept, flagged, for `left_kept_days`, then deleted. */
  left: int,
  left_kept_days: int,
  /** The last time anything in this directory was confirmed by the API or a hook. */
  updated_at: z.nullable(instant),
  /** When the last full pass ended, and when the next one is due. */
  last_full_pass_at: z.nullable(instant),
  next_full_pass_at: z.nullable(instant),
  /** A full pass under way ("Reading subscribers… 31 %"); `total` from subscribersCount. */
  full_pass: z.nullable(
    z.looseObject({
      started_at: instant,
      read: int,
      total: z.nullable(int),
      /** 0..100, or null when the total is not known. */
      percent: z.nullable(int),
    }),
  ),
  /** The last failure of the sync, while it waits to try again. */
  error: z.nullable(
    z.looseObject({ message: z.string(), at: instant, retry_at: z.nullable(instant) }),
  ),
  /** The share of the channel's calls per second the sync may use. */
  share: z.number(),
  hooks: z.looseObject({
    /** Whether this channel has a WebHook secret, i.e. `/hooks/<group_id>/<secret>` works. */
    configured: z.boolean(),
    last_event_at: z.nullable(instant),
  }),
});
export type DirectoryStatus = z.infer<typeof directoryStatus>;

/** A person as the directory lists them: what a search result or a table row shows. */
export const directoryPersonBrief = z.looseObject({
  /** The subscriber record id (`id` of subscribers/get). */
  record_id: z.string(),
  /** vk_user_id or tg_user_id, by the channel's kind. */
  user_id: int,
  first_name: z.string(),
  last_name: z.string(),
  /** "" when the person has no photo. */
  photo: z.string(),
  /** 1 active, 2 inactive (api-facts.md); other values raw. */
  status: int,
  ignore: int,
  /** The record's date (first subscription), as the API wrote it. */
  date: apiDateTime,
  subscriptions: z.array(subscriberSubscription),
  /** When a full pass no longer found the person (null: a subscriber as far as we know). */
  left_at: z.nullable(instant),
  /** When the API or a hook last confirmed this record. */
  confirmed_at: instant,
});
export type DirectoryPersonBrief = z.infer<typeof directoryPersonBrief>;

/** What a search result matched: an id exactly, or the name. */
export const directoryMatchKinds = ["user_id", "record_id", "name"] as const;

export const directorySearchItem = z.extend(directoryPersonBrief, {
  match: z.enum(directoryMatchKinds),
});
export type DirectorySearchItem = z.infer<typeof directorySearchItem>;

/** A subscribe or unsubscribe event a WebHook told the gateway about. */
export const directoryHistoryEvent = z.looseObject({
  event_id: int,
  type: z.enum(hookEventTypes),
  subscription_id: int,
  utm_id: int,
  source: z.string(),
  /** As the hook sent it (the channel's zone). */
  date: apiDateTime,
  received_at: instant,
});

/** The last bot start or stop sent for the person through this gateway. */
export const directoryBotRun = z.looseObject({
  action: z.enum(["start", "stop"]),
  bot_id: int,
  step_id: z.nullable(z.string()),
  at: instant,
  /** The staff account that sent it. */
  by: z.string(),
});

/** Everything the directory holds about one person: the person view. */
export const directoryPerson = z.extend(directoryPersonBrief, {
  utms: z.array(subscriberUtm),
  variables: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  /** https://vk.com/id… on VK, tg://user?id=… on Telegram. */
  profile_url: z.string(),
  last_bot: z.nullable(directoryBotRun),
  /** Newest first, at most 100: the events WebHooks brought since the directory began. */
  history: z.array(directoryHistoryEvent),
});
export type DirectoryPerson = z.infer<typeof directoryPerson>;

const success = z.literal(true);

export const directoryStatusResponse = z.looseObject({ success, status: directoryStatus });

const pageSize = z.coerce.number().check(z.int(), z.gte(1), z.lte(DIRECTORY_PAGE_MAX));

/** Query of `/search`: any text (only its first 1000 characters and 8 words are used). */
export const directorySearchQuery = z.object({
  q: z._default(z.string(), ""),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(pageSize, DIRECTORY_PAGE_SIZE),
});

export const directorySearchResponse = z.looseObject({
  success,
  /** Ranked: exact id matches, then all words whole, then the last word a prefix, then any prefix. */
  items: z.array(directorySearchItem),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.nullable(z.string()),
  directory: directoryStatus,
});
export type DirectorySearchResponse = z.infer<typeof directorySearchResponse>;

/** People shown per other channel in a search across channels. */
export const DIRECTORY_ELSEWHERE_SIZE = 5;

/**
 * Query of `GET /directory/search`: the same search in every other channel the account may read
 * (its role may call subscribers/get there); `except` is the channel searched already.
 */
export const directorySearchElsewhereQuery = z.object({
  q: z._default(z.string(), ""),
  except: z.optional(z.coerce.number().check(z.int(), z.positive())),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(DIRECTORY_PAGE_SIZE)),
    DIRECTORY_ELSEWHERE_SIZE,
  ),
});

export const directorySearchElsewhereResponse = z.looseObject({
  success,
  /** Channels with at least one match, in the gateway's order of channels. */
  channels: z.array(
    z.looseObject({
      group_id: int,
      items: z.array(directorySearchItem),
      /** More people match there than `limit`: search from that channel to see them. */
      more: z.boolean(),
    }),
  ),
});
export type DirectorySearchElsewhereResponse = z.infer<typeof directorySearchElsewhereResponse>;

export const directoryListQuery = z.object({
  sort: z._default(z.enum(["date", "name"]), "date"),
  order: z._default(z.enum(["asc", "desc"]), "desc"),
  /**
   * Whose collation the sort by name follows: "ru" puts Cyrillic names before Latin ones, "en"
   * Latin first (src/lib/name-key.ts). Either way by the name as shown, first name first.
   */
  locale: z._default(z.enum(interfaceLocales), "en"),
  q: z._default(z.string(), ""),
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: z._default(pageSize, DIRECTORY_PAGE_SIZE),
});
export type DirectoryListQuery = z.infer<typeof directoryListQuery>;

export const directoryListResponse = z.looseObject({
  success,
  /** People the list holds (matching `q` when given); `total_exact` false: at least this many. */
  total: int,
  total_exact: z.boolean(),
  items: z.array(directoryPersonBrief),
  next_cursor: z.nullable(z.string()),
  directory: directoryStatus,
});
export type DirectoryListResponse = z.infer<typeof directoryListResponse>;

export const directoryPersonResponse = z.looseObject({
  success,
  person: directoryPerson,
  directory: directoryStatus,
});
export type DirectoryPersonResponse = z.infer<typeof directoryPersonResponse>;

export const directoryLookupRequest = z.object({
  user_ids: z
    .array(z.int().check(z.positive()))
    .check(z.minLength(1), z.maxLength(DIRECTORY_LOOKUP_MAX)),
});

export const directoryLookupResponse = z.looseObject({
  success,
  /** One per distinct id asked, in the order asked; `person` null when not in the directory. */
  items: z.array(z.looseObject({ user_id: int, person: z.nullable(directoryPersonBrief) })),
});
export type DirectoryLookupResponse = z.infer<typeof directoryLookupResponse>;

export const directoryResolveRequest = z.object({
  lines: z
    .array(z.string().check(z.maxLength(1000)))
    .check(z.minLength(1), z.maxLength(DIRECTORY_RESOLVE_MAX)),
});

/**
 * How one pasted line was read. `id`: a user id or a profile link (`user_id` set; `candidates`
 * holds the person when the directory knows them); `found`: a name that fits exactly one person
 * (`user_id` set); `ambiguous`: a name that fits several (`candidates`, the best first; ask);
 * `not-found`; `problem`: a link that names nobody we can read (`problem` says why); `empty`.
 */
export const directoryResolveOutcomes = [
  "id",
  "found",
  "ambiguous",
  "not-found",
  "problem",
  "empty",
] as const;

export const directoryResolveResult = z.looseObject({
  line: z.string(),
  outcome: z.enum(directoryResolveOutcomes),
  user_id: z.nullable(int),
  candidates: z.array(directoryPersonBrief),
  /** How many people the name fits (candidates shows at most 5). */
  matches: int,
  /**
   * Why a link names nobody: a code of src/lib/profile-id.ts (`vk-screen-name`, `tg-no-id`…)
   * and the part of the line it is about; the SPA says it in the person's language
   * (src/lib/profile-link.ts `profileProblemText`).
   */
  problem: z.nullable(z.looseObject({ code: z.string(), shown: z.optional(z.string()) })),
});
export type DirectoryResolveResult = z.infer<typeof directoryResolveResult>;

export const directoryResolveResponse = z.looseObject({
  success,
  results: z.array(directoryResolveResult),
});
export type DirectoryResolveResponse = z.infer<typeof directoryResolveResponse>;

/** A segment to count: the filters of subscribers/get, all of them ones the directory keeps. */
export const directoryCountRequest = z.strictObject({ filters: segmentFilters });

export const directoryCountResponse = z.looseObject({
  success,
  /** The people of the segment in the directory (not flagged as left). */
  count: int,
  /** When the directory last changed: the count is as of then. */
  updated_at: z.nullable(instant),
});
export type DirectoryCountResponse = z.infer<typeof directoryCountResponse>;

import * as z from "./zod";
import { id, int } from "./common";
import { contractError } from "./messages";
import { VIEW_NAME_MAX, VIEW_SEARCH_MAX } from "./view-constants";
import { cleanViewSearch } from "./view-search";

/**
 * Saved views, kept by the gateway (not part of the Channel API): a named state of a channel's
 * subscribers page — its query string (filters, `cols`, `size`…) without the paging cursors,
 * validated by the page when opened, as any shared link is. A view belongs to the account that
 * made it; shared, the channel's team sees it; each person pins the views they want in their
 * navigation. Endpoints (under the caller's session; the same channel rules as `/api`; every
 * one needs a role that may call `subscribers/get` on the channel):
 *
 * - `GET    /views/<group_id>`                                → `viewsResponse` (mine and shared)
 * - `POST   /views/<group_id>` `viewCreateRequest`            → `viewResponse`
 * - `PATCH  /views/<group_id>/<view_id>` `viewChangeRequest`  → `viewResponse` (owner only)
 * - `DELETE /views/<group_id>/<view_id>`                      → `viewsResponse` (the rest; the
 *   owner, or an administrator for a shared view)
 * - `PUT | DELETE /views/<group_id>/<view_id>/pin`            → `viewResponse` (for myself)
 *
 * Refusals are the usual failure body with a `reason` of src/contract/gateway-reasons.ts:
 * `session-ended` (401), `group-id-invalid` / `view-id-invalid` / `view-name-invalid` /
 * `view-search-invalid` / `view-change-empty` (400), `no-channel-access` / `role-refused` /
 * `view-not-yours` (403), `view-unknown` (404), `views-full` (409).
 */

export const viewName = z.string().check(
  z.trim(),
  z.minLength(1, contractError("name-empty")),
  z.maxLength(VIEW_NAME_MAX, contractError("name-too-long", { max: VIEW_NAME_MAX })),
  z.refine(
    (name) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name),
    contractError("name-control"),
  ),
);

/** The page's query string as given ("?" or not); kept cleaned (view-search.ts). */
export const viewSearch = z.pipe(
  z.pipe(
    z
      .string()
      .check(
        z.maxLength(VIEW_SEARCH_MAX, contractError("text-too-long", { max: VIEW_SEARCH_MAX })),
      ),
    z.transform(cleanViewSearch),
  ),
  z
    .string()
    .check(z.maxLength(VIEW_SEARCH_MAX, contractError("text-too-long", { max: VIEW_SEARCH_MAX }))),
);

/** The body of `POST /views/<group_id>`. */
export const viewCreateRequest = z.strictObject({
  name: viewName,
  search: viewSearch,
  shared: z._default(z.boolean(), false),
  pinned: z._default(z.boolean(), false),
});
export type ViewCreateRequest = z.input<typeof viewCreateRequest>;

/** The body of `PATCH /views/<group_id>/<view_id>`: what changes, at least one field. */
export const viewChangeRequest = z.strictObject({
  name: z.optional(viewName),
  search: z.optional(viewSearch),
  shared: z.optional(z.boolean()),
});
export type ViewChangeRequest = z.input<typeof viewChangeRequest>;

export const viewItem = z.object({
  view_id: id,
  name: z.string(),
  /** The query string, without "?", cleaned. */
  search: z.string(),
  shared: z.boolean(),
  /** In the caller's navigation. */
  pinned: z.boolean(),
  /** The account that made it (the only one that may change it). */
  owner: z.string(),
  /** Made by the caller. */
  mine: z.boolean(),
});
export type ViewItem = z.infer<typeof viewItem>;

/** The caller's views of the channel and those the team shares, by name. */
export const viewsResponse = z.object({
  success: z.literal(true),
  count: int,
  items: z.array(viewItem),
});
export type ViewsResponse = z.infer<typeof viewsResponse>;

export const viewResponse = z.object({ success: z.literal(true), item: viewItem });
export type ViewResponse = z.infer<typeof viewResponse>;

import * as z from "./zod";
import { id, int } from "./common";
import { contractError } from "./messages";

/**
 * Campaign labels kept by the gateway (not part of the Channel API): per channel, the campaign
 * a UTM tag belongs to, so the UTM page can add tags up by campaign. A tag without a stored
 * label falls into the campaign its name suggests (`suggestCampaign`, src/lib/campaigns.ts).
 * Endpoints (under the caller's session; the same channel rules as `/api`; reading needs a
 * role that may call `utms/get`, changing one that may call `utms/edit`):
 *
 * - `GET    /campaigns/<group_id>`                    → `campaignLabelsResponse`
 * - `PUT    /campaigns/<group_id>/<utm_id>` `{label}` → `campaignLabelResponse`
 * - `DELETE /campaigns/<group_id>/<utm_id>`           → `campaignLabelsResponse` (the rest)
 *
 * Refusals are the usual failure body with a `reason` of src/contract/gateway-reasons.ts:
 * `session-ended` (401), `group-id-invalid` / `utm-id-invalid` / `campaign-label-invalid`
 * (400), `no-channel-access` / `role-refused` (403), `campaign-labels-full` (409).
 */

/** A label is what a person types for a campaign: 1–100 characters once trimmed. */
export const CAMPAIGN_LABEL_MAX = 100;
/** Labels one channel may keep: far more than tags anyone makes, so a loop cannot fill a disk. */
export const CAMPAIGN_LABELS_MAX = 10_000;

export const campaignLabel = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, contractError("name-empty")),
    z.maxLength(CAMPAIGN_LABEL_MAX, contractError("name-too-long", { max: CAMPAIGN_LABEL_MAX })),
  );

/** The body of `PUT /campaigns/<group_id>/<utm_id>`. */
export const campaignLabelRequest = z.object({ label: campaignLabel });
export type CampaignLabelRequest = z.input<typeof campaignLabelRequest>;

export const campaignLabelItem = z.object({ utm_id: id, label: z.string() });
export type CampaignLabelItem = z.infer<typeof campaignLabelItem>;

/** Every stored label of the channel, by tag id. */
export const campaignLabelsResponse = z.object({
  success: z.literal(true),
  count: int,
  items: z.array(campaignLabelItem),
});
export type CampaignLabelsResponse = z.infer<typeof campaignLabelsResponse>;

export const campaignLabelResponse = z.object({
  success: z.literal(true),
  item: campaignLabelItem,
});

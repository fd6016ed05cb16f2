/**
 * Campaigns of UTM tags: a tag belongs to the campaign the gateway keeps for it, or else to the
 * one its name suggests ("Black Friday — VK Ads" → "Black Friday").
 */

/** The separators people put between a campaign and a source, longest first. */
const SEPARATORS = [" — ", " – ", " - "] as const;

/**
 * The part of a tag name before the first " — " (or " – ", " - "), trimmed; the whole trimmed
 * name when there is none or nothing stands before it.
 */
export function suggestCampaign(tagName: string): string {
  const name = tagName.trim();
  let cut = -1;
  for (const separator of SEPARATORS) {
    const at = name.indexOf(separator);
    if (at > 0 && (cut < 0 || at < cut)) cut = at;
  }
  const head = cut > 0 ? name.slice(0, cut).trim() : "";
  return head === "" ? name : head;
}

export interface TagCampaign {
  /** The campaign's label as shown. */
  label: string;
  /** True when a person stored it; false when it is the name's suggestion. */
  stored: boolean;
}

/** The campaign of a tag: the stored label, or the suggestion of its name. */
export function campaignOf(
  tagName: string | undefined,
  stored: string | undefined,
): TagCampaign | undefined {
  const label = stored?.trim();
  if (label !== undefined && label !== "") return { label, stored: true };
  if (tagName === undefined || tagName.trim() === "") return undefined;
  return { label: suggestCampaign(tagName), stored: false };
}

/**
 * The key two labels share when they name the same campaign: case and inner spaces do not
 * split a campaign ("Black friday" and "Black  Friday" are one).
 */
export function campaignKey(label: string): string {
  return label.trim().replace(/\s+/g, " ").toLocaleLowerCase();
}

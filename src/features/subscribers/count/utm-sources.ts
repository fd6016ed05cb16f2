import * as z from "@/contract/zod";
import type { UtmInfo } from "@/contract/entities";
import { subscriberUtm } from "@/contract/entities";

/**
 * utms/get names a tag; the local Channel API also sends the tag's `utm_source`, which the
 * count filter takes. The production service is not known to send it, so a tag without a
 * source simply offers none.
 */
const tagSource = z.looseObject({ utm_source: subscriberUtm.shape.utm_source });

export interface UtmSourceOption {
  source: string;
  /** Names of the tags that carry this source, to tell a person what the source is. */
  tags: string[];
}

/** The distinct sources of the channel's tags, in alphabetical order. */
export function utmSourceOptions(tags: readonly UtmInfo[]): UtmSourceOption[] {
  const bySource = new Map<string, string[]>();
  for (const tag of tags) {
    const parsed = tagSource.safeParse(tag);
    const source = parsed.success ? parsed.data.utm_source?.trim() : undefined;
    if (!source) continue;
    const names = bySource.get(source);
    if (names) names.push(tag.name);
    else bySource.set(source, [tag.name]);
  }
  return [...bySource]
    .map(([source, names]) => ({ source, tags: names }))
    .sort((a, b) => a.source.localeCompare(b.source));
}

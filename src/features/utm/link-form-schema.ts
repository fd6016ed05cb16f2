import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";

/**
 * The link builder: a tag and a subscription, both chosen from the channel's lists. The
 * messages are said at validation time, in the language shown then.
 */
export const linkForm = z.object({
  tag: z.string().check(z.regex(/^[1-9]\d*$/, { error: () => i18n._(msg`Choose a UTM tag.`) })),
  subscription: z
    .string()
    .check(z.regex(/^[1-9]\d*$/, { error: () => i18n._(msg`Choose a subscription.`) })),
  force: z.boolean(),
});

export type LinkFormValues = z.output<typeof linkForm>;

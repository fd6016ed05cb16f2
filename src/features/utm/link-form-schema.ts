import * as z from "@/contract/zod";

/** The link builder: a tag and a subscription, both chosen from the channel's lists. */
export const linkForm = z.object({
  tag: z.string().regex(/^[1-9]\d*$/, "Choose a UTM tag."),
  subscription: z.string().regex(/^[1-9]\d*$/, "Choose a subscription."),
  force: z.boolean(),
});

export type LinkFormValues = z.output<typeof linkForm>;

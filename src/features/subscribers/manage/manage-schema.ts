import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";
import { userIdsField } from "@/lib/user-ids-field";

/** Said under the select when none is chosen; also the select's empty option. */
export const CHOOSE_SUBSCRIPTION = msg`Choose a subscription`;
/** subscribers/del with subscription_id 0 removes the person from every subscription. */
export const EVERY_SUBSCRIPTION = 0;

const addFields = operations["subscribers/add"].request.shape;
const delFields = operations["subscribers/del"].request.shape;

/**
 * A select's value (a string) read as the number the contract's field takes. Messages are
 * translated as the form is checked (the app's one `i18n`), so they follow a language switch.
 */
function selectedNumber(field: z.ZodMiniType<number>, message: MessageDescriptor) {
  return z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const parsed = field.safeParse(value.trim() === "" ? Number.NaN : Number(value));
      if (!parsed.success) {
        ctx.issues.push({ input: value, code: "custom", message: i18n._(message) });
        return z.NEVER;
      }
      return parsed.data;
    }),
  );
}

/** The pasted ids (src/lib/user-ids-field.ts). */
const userIds = userIdsField(i18n);

const optionalUtm = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    if (value === "") return undefined;
    const parsed = addFields.utm_id.def.innerType.safeParse(Number(value));
    if (!parsed.success) {
      ctx.issues.push({
        input: value,
        code: "custom",
        message: i18n._(msg`Choose a UTM tag or none`),
      });
      return z.NEVER;
    }
    return parsed.data;
  }),
);

/**
 * The add/remove form, checked by the contract's own fields: subscribers/add takes a positive
 * subscription id (and an optional UTM tag), subscribers/del also 0 for "every subscription".
 */
export const manageForm = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("add"),
    subscription: selectedNumber(addFields.subscription_id, CHOOSE_SUBSCRIPTION),
    userIds,
    utm: optionalUtm,
  }),
  z.object({
    action: z.literal("remove"),
    subscription: selectedNumber(delFields.subscription_id, CHOOSE_SUBSCRIPTION),
    userIds,
    // A tag means nothing to a removal; whatever the hidden select holds is dropped.
    utm: z.pipe(
      z.string(),
      z.transform(() => undefined),
    ),
  }),
]);

export type ManageInput = z.input<typeof manageForm>;
export type ManageValues = z.output<typeof manageForm>;
export type ChangeAction = ManageValues["action"];

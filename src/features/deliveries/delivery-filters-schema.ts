import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "@/contract/zod";

/**
 * The filter form: both fields optional; the user id is the channel's kind of id. The messages
 * are said at validation time, in the language shown then.
 */
export const deliveryFiltersForm = z.object({
  user: z.string().check(
    z.trim(),
    z.refine((value) => value === "" || /^\d+$/.test(value), {
      error: () => i18n._(msg`Enter the user id in digits only.`),
    }),
    z.refine(
      (value) => value === "" || (/^[1-9]/.test(value) && Number.isSafeInteger(Number(value))),
      {
        error: () => {
          const max = i18n.number(Number.MAX_SAFE_INTEGER);
          return i18n._(msg`This is not a user id: it must be a whole number from 1 to ${max}.`);
        },
      },
    ),
  ),
  delivery: z.string(),
});

export type DeliveryFiltersInput = z.input<typeof deliveryFiltersForm>;
export type DeliveryFiltersValues = z.output<typeof deliveryFiltersForm>;

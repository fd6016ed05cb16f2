import * as z from "@/contract/zod";

/** The filter form: both fields optional; the user id is the channel's kind of id. */
export const deliveryFiltersForm = z.object({
  user: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d+$/.test(value), "Enter the user id in digits only.")
    .refine(
      (value) => value === "" || (/^[1-9]/.test(value) && Number.isSafeInteger(Number(value))),
      "This is not a user id: it must be a whole number from 1 to 9007199254740991.",
    ),
  delivery: z.string(),
});

export type DeliveryFiltersInput = z.input<typeof deliveryFiltersForm>;
export type DeliveryFiltersValues = z.output<typeof deliveryFiltersForm>;

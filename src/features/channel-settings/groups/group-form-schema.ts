import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";
import type { GroupFormValues } from "@/lib/group-form";

const contract = operations["subscriptions/add"].request.shape;

/**
 * The group form's checks: each field is the contract's own (subscriptions/add's name, lengths
 * and URLs), so the form never sends what the service is told to refuse; the time limit's rules
 * (both ends when it is on, not ending before it starts) are the ones the local Channel API
 * applies, said at the field before anything is sent.
 */
export function groupFormSchema(i18n: I18n) {
  return z
    .object({
      name: contract.name,
      title: contract.title.def.innerType,
      btn_ok: contract.btn_ok.def.innerType,
      btn_cancel: contract.btn_cancel.def.innerType,
      short_description: contract.short_description.def.innerType,
      description: contract.description.def.innerType,
      inactive: z.boolean(),
      hide_subscriptions: z.boolean(),
      disabled_notify: z.boolean(),
      vk_pixel: contract.vk_pixel.def.innerType,
      fb_pixel: contract.fb_pixel.def.innerType,
      ya_metrica: contract.ya_metrica.def.innerType,
      ga_metrica: contract.ga_metrica.def.innerType,
      url_after_subscribing: z.pipe(
        z.string().check(z.trim()),
        contract.url_after_subscribing.def.innerType,
      ),
      url_after_unsubscribing: z.pipe(
        z.string().check(z.trim()),
        contract.url_after_unsubscribing.def.innerType,
      ),
      limit_period: z.boolean(),
      limit_period_from: z.string(),
      limit_period_to: z.string(),
      exclude_subscription_id: z.array(z.string()),
      bot_ids: z.array(z.string()),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!values.limit_period) return;
        if (values.limit_period_from === "") {
          ctx.addIssue({
            code: "custom",
            path: ["limit_period_from"],
            message: i18n._(msg`Choose when the group starts taking subscribers`),
          });
        }
        if (values.limit_period_to === "") {
          ctx.addIssue({
            code: "custom",
            path: ["limit_period_to"],
            message: i18n._(msg`Choose when the group stops taking subscribers`),
          });
        }
        // datetime-local values of one shape compare as text in time order.
        if (
          values.limit_period_from !== "" &&
          values.limit_period_to !== "" &&
          values.limit_period_to < values.limit_period_from
        ) {
          ctx.addIssue({
            code: "custom",
            path: ["limit_period_to"],
            message: i18n._(msg`The end comes before the start`),
          });
        }
      }),
    ) satisfies z.ZodMiniType<GroupFormValues, GroupFormValues>;
}

import { i18n } from "@lingui/core";
import * as z from "@/contract/zod";
import { operations } from "@/contract/operations";
import { userIdsField } from "@/lib/user-ids-field";
import { variableNameField, variableValueField } from "@/lib/variable-fields";

const setFields = operations["vars/set"].request.shape;

/**
 * One variable and value for many people: vars/set once per person. The name and value are
 * checked as every form that adds a variable checks them (src/lib/variable-fields.ts). The
 * schema is built once, at the module's load; its messages are said when a check runs, in the
 * language shown then (the app's one `i18n`).
 */
export const bulkSetForm = z.object({
  name: variableNameField(setFields.name, i18n),
  value: variableValueField(setFields.value, i18n),
  userIds: userIdsField(i18n),
});

export type BulkSetInput = z.input<typeof bulkSetForm>;
export type BulkSetValues = z.output<typeof bulkSetForm>;

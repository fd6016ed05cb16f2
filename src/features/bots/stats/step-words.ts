import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { botStepTypes } from "@/contract/entities";

type StepType = (typeof botStepTypes)[number];

export const STEP_TYPE_LABELS: Record<StepType, MessageDescriptor> = {
  start: msg({ message: "Start", context: "bot step type" }),
  message: msg({ message: "Message", context: "bot step type" }),
  timer: msg({ message: "Timer", context: "bot step type" }),
  if: msg({ message: "Condition", context: "bot step type" }),
  action: msg({ message: "Action", context: "bot step type" }),
};

/** A colour of chart.css per kind; another kind from the API gets the neutral one. */
export const STEP_TYPE_COLORS: Record<StepType, string> = {
  start: "var(--chart-step-start)",
  message: "var(--chart-step-message)",
  timer: "var(--chart-step-timer)",
  if: "var(--chart-step-if)",
  action: "var(--chart-step-action)",
};

function isStepType(type: string): type is StepType {
  return (botStepTypes as readonly string[]).includes(type);
}

export function stepTypeText(type: string, i18n: I18n): string {
  return isStepType(type) ? i18n._(STEP_TYPE_LABELS[type]) : type;
}

export function stepTypeColor(type: string): string {
  return isStepType(type) ? STEP_TYPE_COLORS[type] : "var(--chart-step-action)";
}

export { botStepTypes, type StepType };

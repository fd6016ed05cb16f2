import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DeliveryInfo, MassDeliveryStatus, MassDeliveryType } from "@/contract/entities";
import type { FunnelStage } from "@/lib/delivery-funnel";

export const TYPE_LABELS: Record<MassDeliveryType, MessageDescriptor> = {
  chain: msg`Auto message`,
  subscription: msg`Group mailing`,
  once: msg`Targeted mailing`,
  single: msg`One-time mailing`,
};

export const STATUS_LABELS: Record<MassDeliveryStatus, MessageDescriptor> = {
  waiting: msg({ message: "Waiting", context: "mass delivery status" }),
  progress: msg({ message: "Going out", context: "mass delivery status" }),
  done: msg({ message: "Done", context: "mass delivery status" }),
};

export const STAGE_LABELS: Record<FunnelStage | "errors", MessageDescriptor> = {
  recipients: msg`Recipients`,
  sent: msg({ message: "Sent", context: "funnel stage: messages delivered" }),
  read: msg({ message: "Read", context: "funnel stage" }),
  clicked: msg`Clicked a link`,
  unsubscribed: msg({ message: "Unsubscribed", context: "funnel stage" }),
  errors: msg({ message: "Errors", context: "funnel: messages not delivered" }),
};

/** A stage's rate said with what it is of: "81.2% of sent"; nothing for the recipients. */
export function rateText(stage: FunnelStage | "errors", percent: string, i18n: I18n): string {
  switch (stage) {
    case "recipients":
      return "";
    case "sent":
    case "errors":
      return i18n._(msg`${percent} of recipients`);
    case "read":
    case "clicked":
    case "unsubscribed":
      return i18n._(msg`${percent} of sent`);
  }
}

function known<T extends string>(values: Record<T, MessageDescriptor>, value: unknown) {
  return typeof value === "string" && Object.hasOwn(values, value) ? values[value as T] : undefined;
}

/** The type in words; an unknown value from the API is shown as it came. */
export function typeText(item: DeliveryInfo, i18n: I18n): string {
  const label = known(TYPE_LABELS, item.type);
  return label ? i18n._(label) : String(item.type);
}

/** The status in words, "stopped" for a stopped chain; an unknown value as it came. */
export function statusText(item: DeliveryInfo, i18n: I18n): string {
  if (item.inactive === "1")
    return i18n._(msg({ message: "Stopped", context: "mass delivery status" }));
  const label = known(STATUS_LABELS, item.status);
  return label ? i18n._(label) : String(item.status);
}

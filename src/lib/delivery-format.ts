import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * How a delivery record (deliveries/stat) reads on screen and in the CSV. Two shapes share the
 * list: a mass delivery's record names it by `delivery_id`, a bot step's by `bot_id`, `step_id`
 * and `step_title`, with `bot_test` 1 for a test run. Pure, so the table, the chart and the
 * export all say the same thing for the same record.
 */

import type { DeliveryOutcome } from "./delivery-outcome";

export { deliveryOutcome, type DeliveryOutcome } from "./delivery-outcome";

export interface DeliveryStatus {
  outcome: DeliveryOutcome;
  /** "Sent", "Failed (code 400)", "Not allowed", "Failed (error 7)". */
  label: string;
  /** A sentence for a tooltip or a screen reader. */
  description: string;
}

interface StatusFields {
  error: number;
  error_code: number;
}

/**
 * The record's outcome in words. Values api-facts.md does not name (an `error` of 3) count as
 * failed, with the raw value shown rather than guessed.
 */
export function deliveryStatus(
  { error, error_code: code }: StatusFields,
  i18n: I18n,
): DeliveryStatus {
  if (error === 0) {
    return {
      outcome: "sent",
      label: i18n._(msg({ message: "Sent", context: "delivery status" })),
      description: i18n._(msg`The message was sent.`),
    };
  }
  if (error === 2) {
    return {
      outcome: "not-allowed",
      label: i18n._(msg`Not allowed`),
      description: i18n._(msg`Not sent: the person does not allow messages from the channel.`),
    };
  }
  if (error === 1) {
    return code === 0
      ? {
          outcome: "failed",
          label: i18n._(msg({ message: "Failed", context: "delivery status" })),
          description: i18n._(msg`The send failed.`),
        }
      : {
          outcome: "failed",
          label: i18n._(msg`Failed (code ${code})`),
          description: i18n._(msg`The send failed with code ${code}.`),
        };
  }
  return code === 0
    ? {
        outcome: "failed",
        label: i18n._(msg`Failed (error ${error})`),
        description: i18n._(msg`Not sent (error ${error}).`),
      }
    : {
        outcome: "failed",
        label: i18n._(msg`Failed (error ${error}, code ${code})`),
        description: i18n._(msg`Not sent (error ${error}, code ${code}).`),
      };
}

export interface DeliveryRecordFields extends StatusFields {
  vk_id?: number | undefined;
  conversation_message_id?: number | undefined;
  conversation_part_ids?: readonly number[] | undefined;
  delivery_id?: number | undefined;
  bot_id?: number | undefined;
  step_id?: string | undefined;
  step_title?: string | undefined;
  part_id?: number | undefined;
  bot_test?: number | undefined;
}

export type DeliverySource =
  | { kind: "mass"; deliveryId: number; name: string }
  | {
      kind: "bot";
      botId: number;
      botName: string;
      stepId: string;
      stepTitle: string;
      partId: number | undefined;
      test: boolean;
    };

export interface DeliveryNames {
  deliveries: ReadonlyMap<number, string>;
  bots: ReadonlyMap<number, string>;
}

function nameOr(names: ReadonlyMap<number, string>, id: number, fallback: string): string {
  const name = names.get(id)?.trim();
  return name !== undefined && name !== "" ? name : fallback;
}

/** What sent the message, by name where the lookups know it, else by `#id`. */
export function deliverySource(
  record: DeliveryRecordFields,
  names: DeliveryNames,
  i18n: I18n,
): DeliverySource {
  if (typeof record.bot_id === "number") {
    const botId = record.bot_id;
    const stepId = record.step_id ?? "";
    const title = record.step_title?.trim() ?? "";
    return {
      kind: "bot",
      botId,
      botName: nameOr(names.bots, botId, i18n._(msg`Bot #${botId}`)),
      stepId,
      stepTitle:
        title !== ""
          ? title
          : stepId !== ""
            ? i18n._(msg`Step ${stepId}`)
            : i18n._(msg`Unnamed step`),
      partId: record.part_id,
      test: record.bot_test === 1,
    };
  }
  const id = record.delivery_id ?? 0;
  return {
    kind: "mass",
    deliveryId: id,
    name: nameOr(names.deliveries, id, i18n._(msg`Delivery #${id}`)),
  };
}

/** The source as one line of text (for the CSV and for labels). */
export function deliverySourceText(source: DeliverySource, i18n: I18n): string {
  if (source.kind === "mass") return source.name;
  const { botName, stepTitle } = source;
  return source.test
    ? i18n._(msg`${botName} — ${stepTitle} (test run)`)
    : `${botName} — ${stepTitle}`;
}

export interface MessageIds {
  /** `conversation_message_id`; absent when the send failed. */
  message: number | undefined;
  /** `conversation_part_ids`: one id per part of a message sent in several parts. */
  parts: number[];
}

export function messageIds(record: DeliveryRecordFields): MessageIds {
  return {
    message: record.conversation_message_id,
    parts: [...(record.conversation_part_ids ?? [])],
  };
}

/** "104", "106; parts 201, 202", or "" when the message has no id (it was not sent). */
export function messageIdsText(record: DeliveryRecordFields, i18n: I18n): string {
  const { message, parts } = messageIds(record);
  const list = parts.map(String).join(", ");
  const partsText = parts.length > 0 ? i18n._(msg`parts ${list}`) : "";
  return [message === undefined ? "" : String(message), partsText]
    .filter((text) => text !== "")
    .join("; ");
}

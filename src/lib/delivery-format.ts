/**
 * How a delivery record (deliveries/stat) reads on screen and in the CSV. Two shapes share the
 * list: a mass delivery's record names it by `delivery_id`, a bot step's by `bot_id`, `step_id`
 * and `step_title`, with `bot_test` 1 for a test run. Pure, so the table, the chart and the
 * export all say the same thing for the same record.
 */

/** `error` 0 sent; 1 failed with `error_code`; 2 not sent, the person does not allow messages. */
export type DeliveryOutcome = "sent" | "failed" | "not-allowed";

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
export function deliveryStatus({ error, error_code: code }: StatusFields): DeliveryStatus {
  if (error === 0) {
    return { outcome: "sent", label: "Sent", description: "The message was sent." };
  }
  if (error === 2) {
    return {
      outcome: "not-allowed",
      label: "Not allowed",
      description: "Not sent: the person does not allow messages from the channel.",
    };
  }
  const codeText = code === 0 ? "" : `code ${String(code)}`;
  if (error === 1) {
    return {
      outcome: "failed",
      label: codeText ? `Failed (${codeText})` : "Failed",
      description: codeText ? `The send failed with ${codeText}.` : "The send failed.",
    };
  }
  const raw = `error ${String(error)}${codeText ? `, ${codeText}` : ""}`;
  return { outcome: "failed", label: `Failed (${raw})`, description: `Not sent (${raw}).` };
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
export function deliverySource(record: DeliveryRecordFields, names: DeliveryNames): DeliverySource {
  if (typeof record.bot_id === "number") {
    const stepId = record.step_id ?? "";
    const title = record.step_title?.trim() ?? "";
    return {
      kind: "bot",
      botId: record.bot_id,
      botName: nameOr(names.bots, record.bot_id, `Bot #${String(record.bot_id)}`),
      stepId,
      stepTitle: title !== "" ? title : stepId !== "" ? `Step ${stepId}` : "Unnamed step",
      partId: record.part_id,
      test: record.bot_test === 1,
    };
  }
  const id = record.delivery_id ?? 0;
  return {
    kind: "mass",
    deliveryId: id,
    name: nameOr(names.deliveries, id, `Delivery #${String(id)}`),
  };
}

/** The source as one line of text (for the CSV and for labels). */
export function deliverySourceText(source: DeliverySource): string {
  if (source.kind === "mass") return source.name;
  return `${source.botName} — ${source.stepTitle}${source.test ? " (test run)" : ""}`;
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
export function messageIdsText(record: DeliveryRecordFields): string {
  const { message, parts } = messageIds(record);
  const partsText = parts.length > 0 ? `parts ${parts.map(String).join(", ")}` : "";
  return [message === undefined ? "" : String(message), partsText]
    .filter((text) => text !== "")
    .join("; ");
}

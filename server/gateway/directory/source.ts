import type { UserIdField } from "../../../src/contract/common";
import { subscriber, type Subscriber } from "../../../src/contract/entities";
import { ErrorCode } from "../../../src/contract/errors";
import type { OperationId } from "../../../src/contract/operations";
import type { GatewayChannel } from "../channels";
import type { QueueRegistry } from "../queue";

/** What one read of subscribers/get came to. */
export type ReadOutcome =
  | { ok: true; items: Subscriber[]; offsetId: string }
  | { ok: false; rateLimited: boolean; message: string };

export interface ReadOptions {
  /** The sync's reads go in the queue's background lane; a person waiting goes first. */
  background: boolean;
  signal?: AbortSignal | undefined;
}

/** Where the directory reads a channel's people: subscribers/get, paged or by user id. */
export interface DirectorySource {
  page(cursor: string, count: number, options: ReadOptions): Promise<ReadOutcome>;
  people(userIds: readonly number[], options: ReadOptions): Promise<ReadOutcome>;
  /** The channel's number of subscribers (for the progress of a full pass), if known. */
  count(options: ReadOptions): Promise<number | undefined>;
  /** vk_user_id or tg_user_id; undefined while the channel's kind is not known. */
  field(): Promise<UserIdField | undefined>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A page of subscribers/get as the directory takes it: items that do not match the contract
 * are left out (and counted), so one odd record never stops a pass.
 */
export function readPageAnswer(body: unknown): ReadOutcome & { skipped?: number } {
  if (typeof body !== "object" || body === null) {
    return { ok: false, rateLimited: false, message: "the answer is not a JSON object" };
  }
  const answer = body as Record<string, unknown>;
  if (answer.success !== true) {
    const code = typeof answer.error_code === "number" ? answer.error_code : 0;
    const message = typeof answer.error_message === "string" ? answer.error_message : "";
    return {
      ok: false,
      rateLimited: code === ErrorCode.TooManyRequests,
      message: `error ${String(code)}${message === "" ? "" : `: ${message}`}`,
    };
  }
  if (!Array.isArray(answer.items)) {
    return { ok: false, rateLimited: false, message: "the answer has no items" };
  }
  const items: Subscriber[] = [];
  let skipped = 0;
  for (const item of answer.items) {
    const parsed = subscriber.safeParse(item);
    if (parsed.success) items.push(parsed.data);
    else skipped += 1;
  }
  const offsetId = typeof answer.offset_id === "string" ? answer.offset_id : "";
  return { ok: true, items, offsetId, skipped };
}

const fieldOfKind = (typeName: string | undefined): UserIdField | undefined =>
  typeName === "VK" ? "vk_user_id" : typeName === "Telegram" ? "tg_user_id" : undefined;

/** A channel's people read through its token's queue, like every other call. */
export function channelSource(channel: GatewayChannel, queues: QueueRegistry): DirectorySource {
  const send = async (
    operation: OperationId,
    fields: Record<string, unknown>,
    options: ReadOptions,
  ): Promise<{ ok: true; body: unknown } | { ok: false; message: string }> => {
    try {
      const answer = await queues.for(channel.queueKey).run(
        () => channel.backend.send(operation, { ...fields, ...channel.commonFields() }),
        (result) =>
          (result.body as { error_code?: unknown } | null)?.error_code ===
          ErrorCode.TooManyRequests,
        options.signal,
        { background: options.background },
      );
      if (answer.status !== 200) {
        return {
          ok: false,
          message: `${channel.backend.description} answered HTTP ${String(answer.status)}`,
        };
      }
      return { ok: true, body: answer.body };
    } catch (error) {
      return { ok: false, message: errorText(error) };
    }
  };
  const read = async (fields: Record<string, unknown>, options: ReadOptions) => {
    const sent = await send("subscribers/get", fields, options);
    if (!sent.ok) return { ok: false as const, rateLimited: false, message: sent.message };
    return readPageAnswer(sent.body);
  };
  const source: DirectorySource = {
    field: async () => fieldOfKind((await channel.describe())?.type_name),
    page: (cursor, count, options) =>
      read(cursor === "" ? { count } : { count, offset_id: cursor }, options),
    async people(userIds, options) {
      const field = await source.field();
      if (field === undefined) {
        return { ok: false, rateLimited: false, message: "the channel's kind is not known yet" };
      }
      return read({ count: Math.min(100, userIds.length), [field]: [...userIds] }, options);
    },
    async count(options) {
      const sent = await send("subscribers/subscribersCount", {}, options);
      if (!sent.ok) return undefined;
      const count = (sent.body as { count?: unknown } | null)?.count;
      return typeof count === "number" && Number.isSafeInteger(count) && count >= 0
        ? count
        : undefined;
    },
  };
  return source;
}

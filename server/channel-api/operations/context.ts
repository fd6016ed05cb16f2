import type * as z from "../../../src/contract/zod";
import { formatApiDateTime, parseApiDateTime } from "../../../src/contract/datetime";
import { ErrorCode } from "../../../src/contract/errors";
import type { OperationId, Operations, ResponseOf } from "../../../src/contract/operations";
import { ApiFailure } from "../http/failure";
import type { Db } from "../store/database";
import { statement } from "../store/statements";

export type ChannelKind = "vk" | "tg";

export interface ChannelRow {
  id: number;
  kind: ChannelKind;
  name: string;
  photo: string;
  external_id: string;
  workspace_id: string;
  time_zone: string;
}

export interface Context {
  db: Db;
  channel: ChannelRow;
  /** Now, in unix seconds; injectable so tests can pin it. */
  now: () => number;
}

export type Params<Op extends OperationId> = z.output<Operations[Op]["request"]>;
export type Handler<Op extends OperationId> = (ctx: Context, params: Params<Op>) => ResponseOf<Op>;

export type UserIdField = "vk_user_id" | "tg_user_id";

export function userIdField(channel: ChannelRow): UserIdField {
  return channel.kind === "vk" ? "vk_user_id" : "tg_user_id";
}

interface PersonParams {
  vk_user_id?: number | number[] | undefined;
  tg_user_id?: number | number[] | undefined;
}

/** The user id(s) of a request, refusing the other kind's field with a plain explanation. */
export function userIds(ctx: Context, params: PersonParams): number[] | undefined {
  const field = userIdField(ctx.channel);
  const other: UserIdField = field === "vk_user_id" ? "tg_user_id" : "vk_user_id";
  if (params[other] !== undefined) {
    throw new ApiFailure(
      ErrorCode.InvalidValue,
      `${other}: this channel is a ${ctx.channel.kind === "vk" ? "VK" : "Telegram"} channel; ` +
        `identify people by ${field}`,
    );
  }
  const value = params[field];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

export function oneUserId(ctx: Context, params: PersonParams): number {
  const ids = userIds(ctx, params);
  const first = ids?.[0];
  if (first === undefined || ids?.length !== 1) {
    throw new ApiFailure(ErrorCode.MissingParameter, `${userIdField(ctx.channel)} is required`);
  }
  return first;
}

export interface SubscriberRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  photo: string;
  status: number;
  ignore: number;
  created_at: number;
}

export function findSubscriber(ctx: Context, userId: number): SubscriberRow | undefined {
  return statement(
    ctx.db,
    `SELECT id, user_id, first_name, last_name, photo, status, ignore, created_at
       FROM subscribers WHERE channel_id = ? AND user_id = ?`,
  ).get(ctx.channel.id, userId) as SubscriberRow | undefined;
}

export function requireSubscriber(ctx: Context, userId: number): SubscriberRow {
  const row = findSubscriber(ctx, userId);
  if (!row) {
    throw new ApiFailure(
      ErrorCode.UserNotFound,
      `user not found: no ${userIdField(ctx.channel)} ${String(userId)} in this channel`,
    );
  }
  return row;
}

/** A request date-time in the channel's zone, as unix seconds. */
export function toSeconds(ctx: Context, field: string, text: string): number {
  const instant = parseApiDateTime(text, ctx.channel.time_zone);
  if (instant === null) {
    throw new ApiFailure(ErrorCode.InvalidValue, `${field}: expected DD.MM.YYYY HH:MM:SS`);
  }
  return Math.floor(instant / 1000);
}

export function period(ctx: Context, params: { date_from: string; date_to: string }) {
  const from = toSeconds(ctx, "date_from", params.date_from);
  const to = toSeconds(ctx, "date_to", params.date_to);
  if (from > to) {
    throw new ApiFailure(ErrorCode.InvalidValue, "date_from must not be after date_to");
  }
  return { from, to };
}

export function formatDate(ctx: Context, seconds: number): string {
  return formatApiDateTime(seconds * 1000, ctx.channel.time_zone);
}

/** `?, ?, ?` for an IN list. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}

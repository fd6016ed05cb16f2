import { formatApiDateTime } from "../../../src/contract/datetime";
import type { ForwardedCall } from "../forward-events";
import { recordBotRun } from "../store/directory-history";
import {
  addSubscription,
  removeSubscription,
  replaceVariables,
  setVariable,
} from "../store/directory-people";
import type { ChannelDirectory } from "./channel-directory";
import { readPageAnswer } from "./source";

/**
 * What a successful call through `/api` tells the directory: pages of subscribers/get and
 * vars/get refresh what it holds; the writes (add, del, vars set/del) change it at once and,
 * where the API decides details the gateway cannot know (dates, sources), the person is read
 * again; bot starts and stops are remembered for the person view.
 */

function idsOf(params: Record<string, unknown>): number[] {
  const value = params.vk_user_id ?? params.tg_user_id;
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.filter((id): id is number => typeof id === "number" && Number.isSafeInteger(id));
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
}

export function applyForwarded(directory: ChannelDirectory, call: ForwardedCall): void {
  const { db } = directory;
  const now = directory.now();
  const body = call.body as Record<string, unknown>;
  const [userId] = idsOf(call.params);
  switch (call.operation) {
    case "subscribers/get": {
      const page = readPageAnswer(call.body);
      if (page.ok) directory.writer.upsertSoon(directory.ref(), page.items, now);
      return;
    }
    case "vars/get": {
      if (userId === undefined || !Array.isArray(body.items)) return;
      const items = (body.items as unknown[]).flatMap((item) => {
        const record = item as Record<string, unknown> | null;
        const name = text(record?.name);
        const value = text(record?.value);
        return name === undefined || value === undefined ? [] : [{ name, value }];
      });
      const { dirId } = directory.ref();
      const name = text(call.params.name);
      if (name === undefined) replaceVariables(db, dirId, userId, items, now);
      else
        setVariable(
          db,
          dirId,
          userId,
          name,
          items.find((item) => item.name === name)?.value ?? null,
          now,
        );
      return;
    }
    case "vars/set":
    case "vars/del": {
      const name = text(call.params.name);
      if (userId === undefined || name === undefined) return;
      const value = call.operation === "vars/set" ? (text(call.params.value) ?? "") : null;
      setVariable(db, directory.ref().dirId, userId, name, value, now);
      return;
    }
    case "subscribers/add": {
      const subscriptionId = num(call.params.subscription_id);
      if (subscriptionId === undefined) return;
      const results = Array.isArray(body.subscribers) ? (body.subscribers as unknown[]) : [];
      const added = idsOf(call.params).filter((id) =>
        results.some((result) => {
          const record = result as Record<string, unknown> | null;
          const named = record?.vk_user_id ?? record?.tg_user_id;
          return String(named) === String(id) && record?.success === true;
        }),
      );
      const date = formatApiDateTime(now, directory.channel.timeZone);
      for (const id of added) {
        addSubscription(
          db,
          directory.ref().dirId,
          id,
          { subscription_id: subscriptionId, date, source: "api" },
          now,
        );
      }
      directory.sync.readPeople(added);
      return;
    }
    case "subscribers/del": {
      const subscriptionId = num(call.params.subscription_id);
      if (userId === undefined || subscriptionId === undefined) return;
      removeSubscription(db, directory.ref().dirId, userId, subscriptionId, now);
      directory.sync.readPeople([userId]);
      return;
    }
    case "bots/addSubscriber":
    case "bots/delSubscriber": {
      const botId = num(call.params.bot_id);
      if (userId === undefined || botId === undefined) return;
      recordBotRun(db, directory.ref().dirId, userId, {
        action: call.operation === "bots/addSubscriber" ? "start" : "stop",
        bot_id: botId,
        step_id:
          call.operation === "bots/addSubscriber" ? (text(call.params.step_id) ?? null) : null,
        at: now,
        by: call.username,
      });
      return;
    }
    default:
      return;
  }
}

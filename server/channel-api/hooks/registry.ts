import type { Db } from "../store/database";
import { statement } from "../store/statements";
import { HookSender, type HookSenderOptions } from "./sender";

/**
 * One sender per database. The operations wake it after recording events; when none is
 * attached yet and the database has an active hook, one is started with the system clock and
 * `fetch`, so hooks work wherever the local Channel API runs (alone, in the gateway, in tests).
 * Tests attach their own first, with a clock of their own.
 */
const senders = new WeakMap<Db, HookSender>();

export function attachHookSender(db: Db, options: HookSenderOptions = {}): HookSender {
  void senders.get(db)?.stop();
  const sender = new HookSender(db, options);
  senders.set(db, sender);
  sender.wake();
  return sender;
}

export function hookSenderOf(db: Db): HookSender | undefined {
  return senders.get(db);
}

export async function detachHookSender(db: Db): Promise<void> {
  const sender = senders.get(db);
  senders.delete(db);
  await sender?.stop();
}

export function notifyHooks(db: Db): void {
  let sender = senders.get(db);
  if (!sender) {
    const active = statement(db, "SELECT 1 FROM hooks WHERE state = 'active' LIMIT 1").get();
    if (!active) return;
    sender = attachHookSender(db);
  }
  sender.wake();
}

import type { UserIdField } from "../../../src/contract/common";
import type { DirectoryStatus } from "../../../src/contract/directory";
import type { HookEvent } from "../../../src/contract/hooks";
import type { GatewayChannel } from "../channels";
import type { GatewayDb } from "../store/database";
import {
  type DirectoryChannelRow,
  dropDirectory,
  ensureDirectory,
} from "../store/directory-channels";
import { recordEvent } from "../store/directory-history";
import {
  addSubscription,
  type DirectoryRef,
  removeSubscription,
  upsertPeople,
} from "../store/directory-people";
import type { DirectorySource } from "./source";
import { type SyncClock, type SyncSettings, DirectorySync } from "./sync";
import { statusOf } from "./views";
import { type DirectoryWriter, threadWriter } from "./writer";

/**
 * One channel's directory: its sync, its WebHook secret, and what comes in from hooks and
 * from calls passing through the gateway. Writes are synchronous SQLite; reads of the API go
 * through the sync (background) or, when a person waits for them, straight through the queue.
 */
export class ChannelDirectory {
  readonly sync: DirectorySync;
  private knownField: UserIdField | undefined;

  constructor(
    readonly db: GatewayDb,
    readonly channel: GatewayChannel,
    readonly source: DirectorySource,
    private readonly clock: SyncClock,
    private readonly settings: SyncSettings & { share: number },
    /** The secret of `/hooks/<group_id>/<secret>`; undefined: the channel takes no hooks. */
    readonly hookSecret: string | undefined,
    log: (line: string) => void,
    /** Where the sync's pages and the pages passing through are written. */
    readonly writer: DirectoryWriter = threadWriter(db, settings.writeShare),
  ) {
    this.sync = new DirectorySync(
      db,
      channel.groupId,
      channel.timeZone,
      source,
      clock,
      settings,
      log,
      writer,
    );
  }

  get groupId(): number {
    return this.channel.groupId;
  }

  now(): number {
    return this.clock.now();
  }

  row(): DirectoryChannelRow {
    return ensureDirectory(this.db, this.groupId, this.clock.now());
  }

  ref(): DirectoryRef {
    return { dirId: this.row().dir_id, timeZone: this.channel.timeZone };
  }

  status(): DirectoryStatus {
    return statusOf(this.row(), {
      fullEveryMs: this.settings.fullEveryMs,
      leftKeepMs: this.settings.leftKeepMs,
      share: this.settings.share,
      hooksConfigured: this.hookSecret !== undefined,
    });
  }

  /** vk_user_id or tg_user_id: known at once for local channels, after groups/get otherwise. */
  async field(): Promise<UserIdField | undefined> {
    this.knownField ??= await this.source.field();
    return this.knownField;
  }

  /** Reads one person from the API now, for someone waiting: true when the API answered. */
  async readNow(userId: number, signal?: AbortSignal): Promise<boolean> {
    const outcome = await this.source.people([userId], { background: false, signal });
    if (!outcome.ok) return false;
    upsertPeople(this.db, this.ref(), outcome.items, this.clock.now());
    return true;
  }

  /** A subscribe or unsubscribe pushed by the service: applied now, the person read soon. */
  applyHook(event: HookEvent): void {
    const userId = event.object.vk_user_id ?? event.object.tg_user_id;
    if (userId === undefined) return;
    const { dirId } = this.ref();
    const now = this.clock.now();
    const fresh = recordEvent(this.db, dirId, {
      event_id: event.event_id,
      user_id: userId,
      type: event.type,
      subscription_id: event.object.subscription_id,
      utm_id: event.object.utm_id,
      source: event.object.source,
      date: event.object.date,
      received_at: now,
    });
    if (!fresh) return;
    if (event.type === "subscribe") {
      addSubscription(
        this.db,
        dirId,
        userId,
        {
          subscription_id: event.object.subscription_id,
          date: event.object.date,
          source: event.object.source,
        },
        now,
      );
    } else {
      removeSubscription(this.db, dirId, userId, event.object.subscription_id, now);
    }
    this.sync.readPeople([userId]);
  }

  /** Starts a full pass now (an administrator's "Refresh now"). */
  refresh(): void {
    this.sync.requestFullPass();
  }

  /** Forgets everything and reads the channel again from the start. */
  wipe(): void {
    dropDirectory(this.db, this.groupId);
    ensureDirectory(this.db, this.groupId, this.clock.now());
    this.sync.reset();
  }
}

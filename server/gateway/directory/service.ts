import { randomBytes } from "node:crypto";
import { listHooks, registerHook, removeHook } from "../../channel-api/hooks";
import type { Db as ChannelApiDb } from "../../channel-api/store/database";
import type { GatewayChannel } from "../channels";
import type { ForwardedCall } from "../forward-events";
import type { QueueRegistry } from "../queue";
import type { GatewayDb } from "../store/database";
import { dropDirectoriesExcept, localHookSecret, sweepTrash } from "../store/directory-channels";
import { ChannelDirectory } from "./channel-directory";
import { applyForwarded } from "./pass-through";
import { channelSource, type DirectorySource } from "./source";
import { workerWriter } from "./worker-writer";
import { type DirectoryWriter, threadWriter } from "./writer";
import { DEFAULT_SYNC_SETTINGS, type SyncClock, type SyncSettings, systemSyncClock } from "./sync";

export interface DirectoryServiceOptions {
  db: GatewayDb;
  channels: readonly GatewayChannel[];
  queues: QueueRegistry;
  /** The share of each token's calls per second the sync may use (DIRECTORY_SYNC_SHARE). */
  share: number;
  settings?: Partial<SyncSettings>;
  clock?: SyncClock;
  /** WebHook secrets of upstream channels, from the environment the channels file names. */
  hookSecrets?: ReadonlyMap<number, string>;
  /** The embedded local Channel API, whose channels get a hook made by the gateway. */
  localDb?: ChannelApiDb | undefined;
  /** How each channel is read (tests put their own); by default through the queues. */
  sourceOf?: (channel: GatewayChannel) => DirectorySource;
  /**
   * The sync's writes in a worker thread (default for a database file; a database in memory
   * cannot be shared with one) or on the event loop.
   */
  writeInWorker?: boolean;
  log: (line: string) => void;
}

const isLocal = (channel: GatewayChannel) => channel.queueKey.startsWith("local:");

/** The directories of all configured channels: their syncs, hooks and the sweeper. */
export class DirectoryService {
  private readonly directories = new Map<number, ChannelDirectory>();
  private sweeping = false;
  private stopped = false;
  private readonly writer: DirectoryWriter;

  constructor(private readonly options: DirectoryServiceOptions) {
    const settings = { ...DEFAULT_SYNC_SETTINGS, ...options.settings, share: options.share };
    const clock = options.clock ?? systemSyncClock;
    const { db } = options;
    this.writer =
      (options.writeInWorker ?? true) && !db.memory
        ? workerWriter(db.name, settings.writeShare, options.log)
        : threadWriter(db, settings.writeShare);
    for (const channel of options.channels) {
      const secret =
        options.localDb !== undefined && isLocal(channel)
          ? localHookSecret(options.db, channel.groupId, () =>
              randomBytes(24).toString("base64url"),
            )
          : options.hookSecrets?.get(channel.groupId);
      const source = options.sourceOf?.(channel) ?? channelSource(channel, options.queues);
      this.directories.set(
        channel.groupId,
        new ChannelDirectory(
          options.db,
          channel,
          source,
          clock,
          settings,
          secret,
          options.log,
          this.writer,
        ),
      );
    }
  }

  get(groupId: number): ChannelDirectory | undefined {
    return this.directories.get(groupId);
  }

  /** Drops the directories of channels no longer configured, then starts every sync. */
  start(): void {
    const dropped = dropDirectoriesExcept(this.options.db, [...this.directories.keys()]);
    for (const groupId of dropped) {
      this.options.log(
        `directory of ${String(groupId)} deleted: the channel is no longer configured`,
      );
    }
    this.sweep();
    for (const directory of this.directories.values()) directory.sync.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.directories.values()].map((directory) => directory.sync.stop()));
    await this.writer.close();
  }

  /** Deletes the rows of dropped directories a batch at a time, between other work. */
  sweep(): void {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    const next = () => {
      if (this.stopped || sweepTrash(this.options.db) === 0) {
        this.sweeping = false;
        return;
      }
      setImmediate(next);
    };
    setImmediate(next);
  }

  wipe(directory: ChannelDirectory): void {
    directory.wipe();
    this.sweep();
  }

  onForwarded(call: ForwardedCall): void {
    const directory = this.directories.get(call.channel.groupId);
    if (directory) applyForwarded(directory, call);
  }

  /**
   * Points the local Channel API's WebHooks of its channels at this gateway (`baseUrl`, known
   * once it listens), and removes hooks an earlier run left pointing at another address.
   */
  registerLocalHooks(baseUrl: string): void {
    const localDb = this.options.localDb;
    if (!localDb) return;
    for (const directory of this.directories.values()) {
      const secret = directory.hookSecret;
      if (!isLocal(directory.channel) || secret === undefined) continue;
      const path = `/hooks/${String(directory.groupId)}/`;
      const url = `${baseUrl}${path}${secret}`;
      for (const hook of listHooks(localDb, directory.groupId)) {
        if (hook.url !== url && new URL(hook.url).pathname.startsWith(path))
          removeHook(localDb, hook.id);
      }
      registerHook(localDb, { groupId: directory.groupId, url, method: "json", secret });
    }
  }
}

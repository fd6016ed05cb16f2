import { setMaxListeners } from "node:events";
import type { UserIdField } from "../../../src/contract/common";
import { mayRunJob } from "../../../src/contract/job-kinds";
import type { JobPersonState } from "../../../src/contract/jobs";
import type { GatewayChannel } from "../channels";
import type { QueueRegistry } from "../queue";
import { findAccount } from "../store/accounts";
import type { GatewayDb } from "../store/database";
import type { JobStore, StoredJob } from "../store/jobs";
import { JobCallError, JobCalls, type WriteOutcome } from "./calls";

export interface JobRunnerOptions {
  db: GatewayDb;
  store: JobStore;
  channels: readonly GatewayChannel[];
  queues: QueueRegistry;
  log: (line: string) => void;
  /** Wait after the service failed to answer, doubled at each failure in a row (default 5 s). */
  retryMs?: number;
  /** Failures in a row before a job gives up (default 6: about 5 minutes of waiting). */
  maxFailures?: number;
}

interface Change {
  recordId: number;
  from: JobPersonState;
  to: JobPersonState;
  error?: string | null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

const fieldOfKind = (typeName: string | undefined): UserIdField | undefined =>
  typeName === "VK" ? "vk_user_id" : typeName === "Telegram" ? "tg_user_id" : undefined;

/** A job that cannot go on, whatever happens next: it ends as failed with this message. */
class JobRefusedError extends Error {}

/**
 * Runs the gateway's jobs: each reads its segment page by page and writes to its people a few
 * at a time, every step committed before the next (store/jobs.ts), so that a job resumes
 * after a restart where it stopped and writes to nobody twice. `start` resumes the jobs left
 * unfinished; `stop` lets the writes under way finish and leaves the jobs to the next start.
 */
export class JobRunner {
  private readonly byGroupId: ReadonlyMap<number, GatewayChannel>;
  private readonly running = new Map<number, Promise<void>>();
  /** Ends the wait of a job that waits to try again (a cancel must not wait minutes). */
  private readonly waits = new Map<number, AbortController>();
  private readonly stopping = new AbortController();
  private readonly retryMs: number;
  private readonly maxFailures: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.byGroupId = new Map(options.channels.map((channel) => [channel.groupId, channel]));
    this.retryMs = options.retryMs ?? 5_000;
    this.maxFailures = options.maxFailures ?? 6;
    // Every job's read waiting in the queue listens to this one signal (and lets go once sent):
    // a dozen jobs at once are expected, not a leak for Node to warn about.
    setMaxListeners(0, this.stopping.signal);
  }

  start(): void {
    for (const id of this.options.store.unfinished()) this.kick(id);
  }

  /** Runs job `id` unless it is running already. */
  kick(id: number): void {
    if (this.running.has(id) || this.stopping.signal.aborted) return;
    const run = this.run(id)
      .catch((error: unknown) => {
        this.options.log(`job ${String(id)} stopped: ${String(error)}`);
      })
      .finally(() => {
        this.running.delete(id);
      });
    this.running.set(id, run);
  }

  /** A job waiting to try again looks at its state now (after a cancel). */
  wake(id: number): void {
    this.waits.get(id)?.abort();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.running.values());
  }

  private async run(id: number): Promise<void> {
    const { store, log } = this.options;
    const signal = this.stopping.signal;
    const stopped = () => signal.aborted;
    let failures = 0;
    let calls: JobCalls | undefined;
    while (!signal.aborted) {
      const job = store.stored(id);
      if (!job || (job.state !== "running" && job.state !== "cancelling")) return;
      if (job.state === "cancelling" && store.inState(id, "sending", 1).length === 0) {
        // Nothing to check with the service: a cancel needs no call, even one it cannot answer.
        store.finish(id, "cancelled");
        return;
      }
      try {
        calls ??= await this.callsFor(job);
        if (await this.step(job, calls)) return;
        failures = 0;
      } catch (error) {
        // A stop aborts the reads waiting in the queue: not a failure of the job.
        if (stopped()) return;
        const message = error instanceof Error ? error.message : String(error);
        failures += 1;
        const permanent =
          error instanceof JobRefusedError || (error instanceof JobCallError && error.permanent);
        if (permanent || failures >= this.maxFailures) {
          store.finish(id, "failed", message);
          return;
        }
        log(`job ${String(id)}: ${message}; trying again`);
        const wait = new AbortController();
        this.waits.set(id, wait);
        await sleep(
          this.retryMs * 2 ** Math.min(failures - 1, 6),
          AbortSignal.any([signal, wait.signal]),
        );
        this.waits.delete(id);
      }
    }
  }

  /** The channel's calls for the job, once its owner is found still allowed to run it. */
  private async callsFor(job: StoredJob): Promise<JobCalls> {
    const channel = this.byGroupId.get(job.groupId);
    if (!channel) throw new JobRefusedError(`channel ${String(job.groupId)} is not served`);
    this.checkOwner(job);
    const field = fieldOfKind((await channel.describe())?.type_name);
    if (!field) throw new Error(`the kind of channel ${String(job.groupId)} is not known yet`);
    return new JobCalls(channel, this.options.queues, field, this.stopping.signal);
  }

  /** The job runs with its owner's role, as it is now. */
  private checkOwner(job: StoredJob): void {
    const account = findAccount(this.options.db, job.owner);
    if (!account) throw new JobRefusedError(`the account ${job.owner} no longer exists`);
    if (account.role !== "admin" && !account.channels.includes(job.groupId)) {
      throw new JobRefusedError(`${job.owner} no longer has access to the channel`);
    }
    if (!mayRunJob(account.role, job.action.kind)) {
      throw new JobRefusedError(`the ${account.role} role may not run ${job.action.kind} jobs`);
    }
  }

  /** One step of a job; true once it has ended. */
  private async step(job: StoredJob, calls: JobCalls): Promise<boolean> {
    const { store } = this.options;
    // A write left "sending" by a stop: read whether it landed before anything else.
    const sending = store.inState(job.id, "sending", calls.parallel);
    if (sending.length > 0) {
      const found = await Promise.all(
        sending.map((person) => calls.check(job.action, person.userId)),
      );
      store.move(
        job.id,
        sending.map((person, index): Change => {
          const outcome = found[index];
          return outcome === "done"
            ? { recordId: person.recordId, from: "sending", to: "done" }
            : outcome === "gone"
              ? {
                  recordId: person.recordId,
                  from: "sending",
                  to: "skipped",
                  error: "not on the channel",
                }
              : { recordId: person.recordId, from: "sending", to: "pending" };
        }),
      );
      return false;
    }
    if (job.state === "cancelling") {
      store.finish(job.id, "cancelled");
      return true;
    }
    const pending = store.inState(job.id, "pending", calls.parallel);
    if (pending.length > 0) {
      await this.write(job, calls, pending);
      return false;
    }
    if (job.readAll) {
      store.finish(job.id, "done");
      return true;
    }
    this.checkOwner(job);
    const page = await calls.page(job.filters, job.cursor);
    store.addPage(job.id, page.people, page.cursor, page.last);
    return false;
  }

  private async write(
    job: StoredJob,
    calls: JobCalls,
    people: readonly { recordId: number; userId: number }[],
  ): Promise<void> {
    const { store } = this.options;
    store.move(
      job.id,
      people.map((person) => ({ recordId: person.recordId, from: "pending", to: "sending" })),
    );
    const outcomes = await Promise.all(
      people.map((person) => calls.write(job.action, person.userId)),
    );
    let unknown: string | undefined;
    const changes: Change[] = [];
    people.forEach((person, index) => {
      const outcome: WriteOutcome = outcomes[index] ?? { kind: "unknown", error: "no outcome" };
      const recordId = person.recordId;
      switch (outcome.kind) {
        case "done":
          changes.push({ recordId, from: "sending", to: "done" });
          break;
        case "gone":
          changes.push({ recordId, from: "sending", to: "skipped", error: "not on the channel" });
          break;
        case "failed":
          changes.push({ recordId, from: "sending", to: "failed", error: outcome.error });
          break;
        case "limited":
          // Refused by the rate limit even after the queue's re-sends: nothing was written.
          changes.push({ recordId, from: "sending", to: "pending" });
          unknown ??= "the service kept refusing calls as too many";
          break;
        case "unknown":
          // Left "sending": the next step reads whether it landed.
          unknown ??= outcome.error;
          break;
      }
    });
    store.move(job.id, changes);
    if (unknown !== undefined) throw new Error(unknown);
  }
}

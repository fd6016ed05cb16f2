import type {
  JobAction,
  JobItem,
  JobPerson,
  JobPersonState,
  JobState,
} from "../../../src/contract/jobs";
import type { SegmentFilters } from "../../../src/contract/subscriber-filters";
import type { GatewayDb } from "./database";

interface JobRow {
  id: number;
  group_id: number;
  owner: string;
  action: string;
  filters: string;
  retry_of: number | null;
  state: JobState;
  cursor: string;
  read_all: number;
  expected: number | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A job as the runner needs it. */
export interface StoredJob {
  id: number;
  groupId: number;
  owner: string;
  action: JobAction;
  filters: SegmentFilters;
  retryOf: number | null;
  state: JobState;
  cursor: string;
  readAll: boolean;
}

export interface PersonRef {
  recordId: number;
  userId: number;
}

function toStored(row: JobRow): StoredJob {
  return {
    id: row.id,
    groupId: row.group_id,
    owner: row.owner,
    action: JSON.parse(row.action) as JobAction,
    filters: JSON.parse(row.filters) as SegmentFilters,
    retryOf: row.retry_of,
    state: row.state,
    cursor: row.cursor,
    readAll: row.read_all === 1,
  };
}

/**
 * The people job `?` failed for that a retry still has to write: not those another job doing
 * the same thing on the channel is writing to (two retries at once), nor those a later one has
 * written to already (a second retry of the same job). Arguments: `retryableArgs`.
 */
const retryableSql = `FROM job_people failed
  WHERE failed.job_id = ? AND failed.state = 'failed'
    AND NOT EXISTS (
      SELECT 1 FROM job_people other
       WHERE other.job_id IN (
               SELECT other_job.id FROM jobs other_job, jobs this_job
                WHERE this_job.id = ? AND other_job.id != this_job.id
                  AND other_job.group_id = this_job.group_id
                  AND other_job.action = this_job.action
                  AND (other_job.id > this_job.id
                       OR other_job.state IN ('running', 'cancelling')))
         AND other.record_id = failed.record_id
         AND other.state IN ('pending', 'sending', 'done'))`;
const retryableArgs = (jobId: number) => [jobId, jobId];

const countsSql = `SELECT state, count(*) AS n FROM job_people WHERE job_id = ? GROUP BY state`;

function toItem(db: GatewayDb, row: JobRow): JobItem {
  const counts: Record<JobPersonState, number> = {
    pending: 0,
    sending: 0,
    done: 0,
    failed: 0,
    skipped: 0,
  };
  for (const { state, n } of db.prepare(countsSql).all(row.id) as {
    state: JobPersonState;
    n: number;
  }[]) {
    counts[state] = n;
  }
  return {
    job_id: row.id,
    group_id: row.group_id,
    owner: row.owner,
    action: JSON.parse(row.action) as JobAction,
    filters: JSON.parse(row.filters) as SegmentFilters,
    retry_of: row.retry_of,
    state: row.state,
    read: counts.pending + counts.sending + counts.done + counts.failed + counts.skipped,
    read_all: row.read_all === 1,
    expected: row.expected,
    done: counts.done,
    failed: counts.failed,
    skipped: counts.skipped,
    error: row.error,
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  };
}

export class JobStore {
  constructor(
    private readonly db: GatewayDb,
    private readonly now: () => number = Date.now,
  ) {}

  create(job: {
    groupId: number;
    owner: string;
    action: JobAction;
    filters: SegmentFilters;
    expected?: number | undefined;
    retryOf?: number | undefined;
  }): number {
    const at = this.now();
    return this.db
      .transaction(() => {
        const { lastInsertRowid } = this.db
          .prepare(
            `INSERT INTO jobs (group_id, owner, action, filters, retry_of, state, expected,
                               created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?)`,
          )
          .run(
            job.groupId,
            job.owner,
            JSON.stringify(job.action),
            JSON.stringify(job.filters),
            job.retryOf ?? null,
            job.expected ?? null,
            at,
            at,
          );
        const id = Number(lastInsertRowid);
        if (job.retryOf !== undefined) {
          // A retry's people are known at once: the failed ones of the job it retries.
          this.db
            .prepare(
              `INSERT INTO job_people (job_id, record_id, user_id, state, updated_at)
               SELECT ?, record_id, user_id, 'pending', ? ${retryableSql}`,
            )
            .run(id, at, ...retryableArgs(job.retryOf));
          this.db.prepare("UPDATE jobs SET read_all = 1, expected = NULL WHERE id = ?").run(id);
        }
        return id;
      })
      .immediate();
  }

  /** How many people a retry of job `id` would write to now (see retryableSql). */
  retryable(id: number): number {
    const row = this.db
      .prepare(`SELECT count(*) AS n ${retryableSql}`)
      .get(...retryableArgs(id)) as { n: number };
    return row.n;
  }

  /** How many of `owner`'s jobs on the channel have not ended. */
  unfinishedOf(groupId: number, owner: string): number {
    const row = this.db
      .prepare(
        `SELECT count(*) AS n FROM jobs
          WHERE group_id = ? AND owner = ? AND state IN ('running', 'cancelling')`,
      )
      .get(groupId, owner) as { n: number };
    return row.n;
  }

  row(id: number): JobRow | undefined {
    return this.db.prepare("SELECT * FROM jobs WHERE id = ?").get(id) as JobRow | undefined;
  }

  stored(id: number): StoredJob | undefined {
    const row = this.row(id);
    return row && toStored(row);
  }

  item(id: number): JobItem | undefined {
    const row = this.row(id);
    return row && toItem(this.db, row);
  }

  /** Newest first: the channel's jobs, or only `owner`'s. */
  list(
    groupId: number,
    owner: string | undefined,
    offset: number,
    count: number,
  ): { count: number; items: JobItem[] } {
    const where = owner === undefined ? "group_id = ?" : "group_id = ? AND owner = ?";
    const args = owner === undefined ? [groupId] : [groupId, owner];
    const total = this.db.prepare(`SELECT count(*) AS n FROM jobs WHERE ${where}`).get(...args) as {
      n: number;
    };
    const rows = this.db
      .prepare(`SELECT * FROM jobs WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(...args, count, offset) as JobRow[];
    return { count: total.n, items: rows.map((row) => toItem(this.db, row)) };
  }

  people(
    id: number,
    state: JobPersonState | undefined,
    offset: number,
    count: number,
  ): { count: number; items: JobPerson[] } {
    const where = state === undefined ? "job_id = ?" : "job_id = ? AND state = ?";
    const args = state === undefined ? [id] : [id, state];
    const total = this.db
      .prepare(`SELECT count(*) AS n FROM job_people WHERE ${where}`)
      .get(...args) as { n: number };
    const rows = this.db
      .prepare(
        `SELECT record_id, user_id, state, error, updated_at FROM job_people WHERE ${where}
          ORDER BY record_id LIMIT ? OFFSET ?`,
      )
      .all(...args, count, offset) as {
      record_id: number;
      user_id: number;
      state: JobPersonState;
      error: string | null;
      updated_at: number;
    }[];
    return {
      count: total.n,
      items: rows.map((row) => ({ ...row, record_id: String(row.record_id) })),
    };
  }

  unfinished(): number[] {
    return (
      this.db
        .prepare("SELECT id FROM jobs WHERE state IN ('running', 'cancelling') ORDER BY id")
        .all() as { id: number }[]
    ).map((row) => row.id);
  }

  /** A page read: its people become pending and the cursor moves on, in one transaction. */
  addPage(id: number, people: readonly PersonRef[], cursor: string, last: boolean): void {
    const at = this.now();
    this.db
      .transaction(() => {
        const insert = this.db.prepare(
          `INSERT INTO job_people (job_id, record_id, user_id, state, updated_at)
           VALUES (?, ?, ?, 'pending', ?) ON CONFLICT DO NOTHING`,
        );
        for (const person of people) insert.run(id, person.recordId, person.userId, at);
        this.db
          .prepare("UPDATE jobs SET cursor = ?, read_all = ?, updated_at = ? WHERE id = ?")
          .run(cursor, last ? 1 : 0, at, id);
      })
      .immediate();
  }

  /** The next people to write, in record order. */
  inState(id: number, state: JobPersonState, limit: number): PersonRef[] {
    return (
      this.db
        .prepare(
          `SELECT record_id, user_id FROM job_people WHERE job_id = ? AND state = ?
            ORDER BY record_id LIMIT ?`,
        )
        .all(id, state, limit) as { record_id: number; user_id: number }[]
    ).map((row) => ({ recordId: row.record_id, userId: row.user_id }));
  }

  /** Moves people from one state to another (with the service's words), in one transaction. */
  move(
    id: number,
    changes: readonly {
      recordId: number;
      from: JobPersonState;
      to: JobPersonState;
      error?: string | null;
    }[],
  ): void {
    if (changes.length === 0) return;
    const at = this.now();
    this.db
      .transaction(() => {
        const update = this.db.prepare(
          `UPDATE job_people SET state = ?, error = ?, updated_at = ?
            WHERE job_id = ? AND record_id = ? AND state = ?`,
        );
        for (const change of changes) {
          update.run(change.to, change.error ?? null, at, id, change.recordId, change.from);
        }
        this.db.prepare("UPDATE jobs SET updated_at = ? WHERE id = ?").run(at, id);
      })
      .immediate();
  }

  /** Asks a running job to stop after the writes under way; false if it has ended. */
  requestCancel(id: number): boolean {
    const { changes } = this.db
      .prepare(
        "UPDATE jobs SET state = 'cancelling', updated_at = ? WHERE id = ? AND state = 'running'",
      )
      .run(this.now(), id);
    return changes > 0 || this.row(id)?.state === "cancelling";
  }

  /**
   * The job's end: the people not written are skipped when it was cancelled or failed (a
   * failed job may leave some whose write is unknown: skipped too, with the job's error).
   */
  finish(id: number, state: "done" | "cancelled" | "failed", error: string | null = null): void {
    const at = this.now();
    this.db
      .transaction(() => {
        if (state !== "done") {
          this.db
            .prepare(
              `UPDATE job_people SET state = 'skipped', error = ?, updated_at = ?
                WHERE job_id = ? AND state IN ('pending', 'sending')`,
            )
            .run(state === "cancelled" ? "cancelled" : error, at, id);
        }
        this.db
          .prepare(
            "UPDATE jobs SET state = ?, error = ?, updated_at = ?, finished_at = ? WHERE id = ?",
          )
          .run(state, error, at, at, id);
      })
      .immediate();
  }
}

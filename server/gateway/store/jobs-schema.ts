/**
 * Jobs on segments (issue 18) and the state of every person of each, so that a job resumes
 * after a restart without writing to anyone twice: a person goes pending → sending (just
 * before the write leaves) → done | failed | skipped (once its answer is in), each step
 * committed. Someone found "sending" at start was being written when the gateway stopped: the
 * runner reads their state before it writes again.
 */
export const JOBS_SCHEMA = `
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL,
    owner TEXT NOT NULL,
    -- JSON of src/contract/jobs.ts: what to do, and to whom (the segment's filters).
    action TEXT NOT NULL,
    filters TEXT NOT NULL,
    retry_of INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
    state TEXT NOT NULL CHECK (state IN ('running', 'cancelling', 'done', 'cancelled', 'failed')),
    -- subscribers/get's offset_id after the last page read ('' before the first).
    cursor TEXT NOT NULL DEFAULT '',
    read_all INTEGER NOT NULL DEFAULT 0,
    expected INTEGER,
    error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    finished_at INTEGER
  );
  CREATE INDEX jobs_by_channel ON jobs (group_id, id);
  CREATE INDEX jobs_by_owner ON jobs (owner, group_id, id);
  CREATE INDEX jobs_unfinished ON jobs (state) WHERE state IN ('running', 'cancelling');

  CREATE TABLE job_people (
    job_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    -- The subscriber record's id: the order people are read and written in.
    record_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'done', 'failed', 'skipped')),
    error TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (job_id, record_id)
  ) WITHOUT ROWID;
  CREATE INDEX job_people_by_state ON job_people (job_id, state, record_id);
`;

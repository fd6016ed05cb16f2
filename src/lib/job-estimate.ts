/**
 * What a job on a segment will take and how far it has got (issue 18), for the confirmation
 * before it starts and for its progress bar. Pure: the rate comes from the contract's figures.
 */

export interface JobRate {
  /** Calls a second the service allows per token. */
  callsPerSecond: number;
  /** The share of them background work (jobs) may hold. */
  backgroundShare: number;
  /** People read per call of subscribers/get. */
  pageSize: number;
}

/**
 * Seconds a job over `people` people takes at the background share of the rate limit: one
 * write per person and one read per page of the segment, at least one call a second.
 */
export function estimateJobSeconds(people: number, rate: JobRate): number {
  if (people <= 0) return 0;
  const calls = people + Math.ceil(people / rate.pageSize);
  const perSecond = Math.max(1, Math.floor(rate.callsPerSecond * rate.backgroundShare));
  return Math.ceil(calls / perSecond);
}

export interface JobCounts {
  read: number;
  read_all: boolean;
  expected: number | null;
  done: number;
  failed: number;
  skipped: number;
}

export interface JobProgress {
  /** People whose write has an outcome (done, failed or skipped). */
  finished: number;
  /** The people of the segment: read so far, or the size counted when the job started. */
  total: number;
  /** Whether `total` is the segment's true size (read to its end) rather than a count before. */
  exact: boolean;
  /** 0..1 for the bar. */
  ratio: number;
}

export function jobProgress(job: JobCounts): JobProgress {
  const finished = job.done + job.failed + job.skipped;
  const total = job.read_all ? job.read : Math.max(job.read, job.expected ?? 0, finished);
  const ratio = total === 0 ? (job.read_all ? 1 : 0) : Math.min(1, finished / total);
  return { finished, total, exact: job.read_all, ratio };
}

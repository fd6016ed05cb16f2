import type { OperationId } from "./operations";
import { mayCall, type Role } from "./roles";

// No zod here: the SPA's navigation reads `mayRunJobs` from its entry (see roles.ts).

/** What a job does to each person (src/contract/jobs.ts has the whole shape). */
export const jobKinds = [
  "subscription-add",
  "subscription-del",
  "var-set",
  "var-del",
  "bot-start",
  "bot-stop",
] as const;
export type JobKind = (typeof jobKinds)[number];

/** The write each kind of job makes for one person. */
export const jobOperation = {
  "subscription-add": "subscribers/add",
  "subscription-del": "subscribers/del",
  "var-set": "vars/set",
  "var-del": "vars/del",
  "bot-start": "bots/addSubscriber",
  "bot-stop": "bots/delSubscriber",
} as const satisfies Record<JobKind, OperationId>;

/**
 * Kinds of job a role may start (issue 18): administrators every kind; support variable jobs;
 * marketing none. On top of this a role must be allowed the job's write and subscribers/get.
 */
const roleJobKinds = {
  admin: jobKinds,
  marketing: [],
  support: ["var-set", "var-del"],
} as const satisfies Record<Role, readonly JobKind[]>;

export function mayRunJob(role: Role, kind: JobKind): boolean {
  const kinds: readonly JobKind[] = roleJobKinds[role];
  return (
    kinds.includes(kind) && mayCall(role, jobOperation[kind]) && mayCall(role, "subscribers/get")
  );
}

/** Whether the role may start some kind of job (the Jobs page is in its navigation). */
export function mayRunJobs(role: Role): boolean {
  return jobKinds.some((kind) => mayRunJob(role, kind));
}

/**
 * How many calls a second a job may count on: the service's 20 calls a second per token
 * (api-facts.md), of which background work holds half (the queue's default share).
 */
export const JOB_CALLS_PER_SECOND = 20;
export const JOB_BACKGROUND_SHARE = 0.5;
/**
 * Unfinished jobs a person may have on a channel: every job shares the channel's background
 * calls, so one person's flood of jobs would hold them (and the directory's sync) for hours.
 */
export const JOBS_RUNNING_MAX = 3;
/** People read per call of subscribers/get (the API's maximum page). */
export const JOB_PAGE_SIZE = 100;

import * as z from "./zod";
import { id, int, VARIABLE_VALUE_MAX } from "./common";
import { contractError } from "./messages";
import { variableName } from "./operations";
import { segmentFilters } from "./subscriber-filters";

/**
 * Jobs on a segment (issue 18), kept and run by the gateway (not part of the Channel API): one
 * write for every person a segment's filters select, read page by page from subscribers/get
 * and written as it goes, in the background lane of the channel's queue. A job belongs to the
 * account that started it and runs with that account's role. Endpoints (under the session):
 *
 * - `POST /jobs` `jobCreateRequest`                       → `jobResponse` (the job, with its id)
 * - `GET  /jobs?group_id&offset&count`                    → `jobListResponse` (mine; an
 *   administrator sees every job of the channel)
 * - `GET  /jobs/<job_id>`                                  → `jobResponse` (with its progress)
 * - `GET  /jobs/<job_id>/people?state&offset&count`       → `jobPeopleResponse`
 * - `POST /jobs/<job_id>/cancel`                          → `jobResponse` (stops after the
 *   writes under way)
 * - `POST /jobs/<job_id>/retry`                           → `jobResponse`: a new job over the
 *   people this one failed for
 *
 * Refusals are the failure body with a `reason` of src/contract/gateway-reasons.ts.
 */

/** What a job does to each person, and with which operation of the API. */
export const jobAction = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("subscription-add"), subscription_id: id }),
  z.strictObject({ kind: z.literal("subscription-del"), subscription_id: id }),
  z.strictObject({
    kind: z.literal("var-set"),
    name: variableName,
    value: z
      .string()
      .check(
        z.maxLength(
          VARIABLE_VALUE_MAX,
          contractError("variable-value-too-long", { max: VARIABLE_VALUE_MAX }),
        ),
      ),
  }),
  z.strictObject({ kind: z.literal("var-del"), name: variableName }),
  z.strictObject({
    kind: z.literal("bot-start"),
    bot_id: id,
    step_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
  z.strictObject({ kind: z.literal("bot-stop"), bot_id: id }),
]);
export type JobAction = z.infer<typeof jobAction>;
export type { JobKind } from "./job-kinds";

/** The body of `POST /jobs`. `expected`: the segment's size as the page showed it, if known. */
export const jobCreateRequest = z.strictObject({
  group_id: id,
  filters: segmentFilters,
  action: jobAction,
  expected: z.optional(int.check(z.gte(0))),
});
export type JobCreateRequest = z.input<typeof jobCreateRequest>;

export const jobStates = ["running", "cancelling", "done", "cancelled", "failed"] as const;
export type JobState = (typeof jobStates)[number];

/** A job as the gateway shows it. Times are milliseconds since the epoch. */
export const jobItem = z.object({
  job_id: id,
  group_id: id,
  owner: z.string(),
  action: jobAction,
  filters: segmentFilters,
  /** The job whose failed people this one retries, if it is a retry. */
  retry_of: z.nullable(id),
  state: z.enum(jobStates),
  /** People read from the segment so far, and whether the whole segment has been read. */
  read: int,
  read_all: z.boolean(),
  /** The segment's size as the page that started the job counted it, if it did. */
  expected: z.nullable(int),
  done: int,
  failed: int,
  skipped: int,
  /** Why the job stopped before its end (state failed), in English for logs. */
  error: z.nullable(z.string()),
  created_at: int,
  updated_at: int,
  finished_at: z.nullable(int),
});
export type JobItem = z.infer<typeof jobItem>;

export const jobResponse = z.object({ success: z.literal(true), item: jobItem });
export const jobListResponse = z.object({
  success: z.literal(true),
  count: int,
  items: z.array(jobItem),
});
export type JobListResponse = z.infer<typeof jobListResponse>;

export const jobPersonStates = ["pending", "sending", "done", "failed", "skipped"] as const;
export type JobPersonState = (typeof jobPersonStates)[number];

/** One person of a job: where the write stands, and the service's words when it failed. */
export const jobPerson = z.object({
  record_id: z.string(),
  user_id: id,
  state: z.enum(jobPersonStates),
  error: z.nullable(z.string()),
  updated_at: int,
});
export type JobPerson = z.infer<typeof jobPerson>;

export const jobPeopleResponse = z.object({
  success: z.literal(true),
  count: int,
  items: z.array(jobPerson),
});
export type JobPeopleResponse = z.infer<typeof jobPeopleResponse>;

/** Paging of the two lists. */
export const JOBS_PAGE_MAX = 100;
export const jobListQuery = z.object({
  group_id: z.pipe(z.coerce.number(), id),
  offset: z.optional(z.pipe(z.coerce.number(), int.check(z.gte(0)))),
  count: z.optional(z.pipe(z.coerce.number(), int.check(z.gte(1), z.lte(JOBS_PAGE_MAX)))),
});
export const jobPeopleQuery = z.object({
  state: z.optional(z.enum(jobPersonStates)),
  offset: z.optional(z.pipe(z.coerce.number(), int.check(z.gte(0)))),
  count: z.optional(z.pipe(z.coerce.number(), int.check(z.gte(1), z.lte(JOBS_PAGE_MAX)))),
});

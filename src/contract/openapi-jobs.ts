import type * as z from "./zod";
import { jobCreateRequest, jobListResponse, jobPeopleResponse, jobResponse } from "./jobs";

type JsonSchema = Record<string, unknown>;

/** The gateway's jobs on segments (src/contract/jobs.ts), beside the API's operations. */
export function jobPaths(
  toSchema: (schema: z.ZodMiniType, io: "input" | "output") => JsonSchema,
  failureContent: JsonSchema,
): Record<string, unknown> {
  const json = (schema: z.ZodMiniType) => ({
    "application/json": { schema: toSchema(schema, "output") },
  });
  const refusals = {
    "400": { description: "A bad job, query or id (reason job-invalid)", content: failureContent },
    "401": { description: "No session", content: failureContent },
  };
  const notFound = {
    "404": { description: "No such job of yours (job-not-found)", content: failureContent },
  };
  const jobId = { name: "job_id", in: "path", required: true, schema: { type: "integer" } };
  const paging = (extra: JsonSchema[]) => [
    ...extra,
    { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } },
    { name: "count", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
  ];
  return {
    "/jobs": {
      post: {
        operationId: "jobs_create",
        summary:
          "Start a job: one write (group, variable or bot) for every person of a segment, run by the gateway with the caller's role",
        tags: ["jobs"],
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(jobCreateRequest, "input") } },
        },
        responses: {
          "200": { description: "The job, with its id", content: json(jobResponse) },
          ...refusals,
          "403": {
            description: "Not the account's channel, or the role may not run this kind of job",
            content: failureContent,
          },
          "409": {
            description:
              "The caller has JOBS_RUNNING_MAX (3) unfinished jobs on the channel (jobs-full)",
            content: failureContent,
          },
        },
      },
      get: {
        operationId: "jobs_list",
        summary: "The caller's jobs on a channel, newest first (an administrator's: every job)",
        tags: ["jobs"],
        parameters: paging([
          { name: "group_id", in: "query", required: true, schema: { type: "integer" } },
        ]),
        responses: {
          "200": { description: "The jobs", content: json(jobListResponse) },
          ...refusals,
          "403": { description: "Not the account's channel", content: failureContent },
        },
      },
    },
    "/jobs/{job_id}": {
      get: {
        operationId: "jobs_get",
        summary: "One job and its progress (read, done, failed, skipped)",
        tags: ["jobs"],
        parameters: [jobId],
        responses: {
          "200": { description: "The job", content: json(jobResponse) },
          ...refusals,
          ...notFound,
        },
      },
    },
    "/jobs/{job_id}/people": {
      get: {
        operationId: "jobs_people",
        summary: "The job's people and where each write stands, in record order",
        tags: ["jobs"],
        parameters: paging([
          jobId,
          {
            name: "state",
            in: "query",
            schema: { enum: ["pending", "sending", "done", "failed", "skipped"] },
          },
        ]),
        responses: {
          "200": { description: "The people", content: json(jobPeopleResponse) },
          ...refusals,
          ...notFound,
        },
      },
    },
    "/jobs/{job_id}/cancel": {
      post: {
        operationId: "jobs_cancel",
        summary: "Stop the job after the writes under way",
        tags: ["jobs"],
        parameters: [jobId],
        responses: {
          "200": { description: "The job, stopping", content: json(jobResponse) },
          ...refusals,
          ...notFound,
          "409": { description: "The job has ended (job-finished)", content: failureContent },
        },
      },
    },
    "/jobs/{job_id}/retry": {
      post: {
        operationId: "jobs_retry",
        summary: "A new job over the people this one failed for",
        tags: ["jobs"],
        parameters: [jobId],
        responses: {
          "200": { description: "The new job", content: json(jobResponse) },
          ...refusals,
          "403": { description: "The role may not run this kind of job", content: failureContent },
          ...notFound,
          "409": {
            description:
              "The job is running, failed for nobody, or its failed people are being or have been written to again (job-nothing-to-retry); the caller has 3 unfinished jobs on the channel (jobs-full)",
            content: failureContent,
          },
        },
      },
    },
  };
}

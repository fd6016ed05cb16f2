import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../../src/contract/errors";
import { JOBS_RUNNING_MAX, mayRunJob } from "../../../src/contract/job-kinds";
import {
  jobCreateRequest,
  jobListQuery,
  jobPeopleQuery,
  type JobItem,
} from "../../../src/contract/jobs";
import type * as z from "../../../src/contract/zod";
import type { ChannelAccess } from "../channel-access";
import type { JobRunner } from "../jobs/runner";
import { refuse } from "../refuse";
import type { Account } from "../store/accounts";
import type { JobStore } from "../store/jobs";

export interface JobRoutesOptions {
  store: JobStore;
  runner: JobRunner;
  channels: ChannelAccess;
}

const JOB_ID = /^[1-9]\d{0,15}$/;
const PAGE_DEFAULT = 20;

interface JobParams {
  Params: { job: string };
}

/**
 * `/jobs`: jobs on segments (shapes and rules in src/contract/jobs.ts). A person sees and
 * stops their own jobs; an administrator every job of their channels.
 */
export const jobRoutes: FastifyPluginCallback<JobRoutesOptions> = (app, options, done) => {
  const { store, runner, channels } = options;
  const requireSession = app.requireSession({
    message: "Your session has ended: sign in again.",
    reason: "session-ended",
  });

  const ok = (reply: FastifyReply, body: object) =>
    reply
      .code(200)
      .header("cache-control", "no-store")
      .send({ success: true, ...body });

  function invalid(reply: FastifyReply, error: z.core.$ZodError) {
    const issue = error.issues[0];
    const path = issue?.path.join(".") ?? "";
    return refuse(reply, {
      status: 400,
      message: `${path === "" ? "the request" : path}: ${issue?.message ?? "is invalid"}`,
      reason: "job-invalid",
      details: { path },
      code: ErrorCode.InvalidValue,
    });
  }

  const accountOf = (request: FastifyRequest): Account | undefined => request.session?.account;

  function noChannel(reply: FastifyReply, groupId: number) {
    return refuse(reply, {
      status: 403,
      message: `You have no access to channel ${String(groupId)}.`,
      reason: "no-channel-access",
      details: { group_id: groupId },
    });
  }

  function refused(reply: FastifyReply, account: Account, kind: string) {
    return refuse(reply, {
      status: 403,
      message: `The ${account.role} role may not run ${kind} jobs.`,
      reason: "job-refused",
      details: { role: account.role, kind },
    });
  }

  /** Refuses a job beyond the person's JOBS_RUNNING_MAX unfinished ones on the channel. */
  function full(reply: FastifyReply, account: Account, groupId: number) {
    if (store.unfinishedOf(groupId, account.username) < JOBS_RUNNING_MAX) return false;
    void refuse(reply, {
      status: 409,
      message: `You have ${String(JOBS_RUNNING_MAX)} jobs on this channel that have not ended: wait for one or cancel it.`,
      reason: "jobs-full",
      details: { max: JOBS_RUNNING_MAX },
    });
    return true;
  }

  /** The job of the path, if this account may see it: its own, or any of its channels' (admin). */
  function visibleJob(
    request: FastifyRequest<JobParams>,
    reply: FastifyReply,
  ): { account: Account; job: JobItem } | undefined {
    const account = accountOf(request);
    const id = request.params.job;
    const job = account && JOB_ID.test(id) ? store.item(Number(id)) : undefined;
    const visible =
      account !== undefined &&
      job !== undefined &&
      channels.find(account, job.group_id) !== undefined &&
      (job.owner === account.username || account.role === "admin");
    if (!account || !job || !visible) {
      void refuse(reply, {
        status: 404,
        message: `There is no job ${id} of yours.`,
        reason: "job-not-found",
      });
      return undefined;
    }
    return { account, job };
  }

  app.post<{ Body: unknown }>("/jobs", { preHandler: requireSession }, (request, reply) => {
    const account = accountOf(request);
    if (!account) return reply;
    const parsed = jobCreateRequest.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error);
    const { group_id: groupId, filters, action, expected } = parsed.data;
    if (!channels.find(account, groupId)) return noChannel(reply, groupId);
    if (!mayRunJob(account.role, action.kind)) return refused(reply, account, action.kind);
    if (full(reply, account, groupId)) return reply;
    const id = store.create({ groupId, owner: account.username, action, filters, expected });
    runner.kick(id);
    return ok(reply, { item: store.item(id) });
  });

  app.get<{ Querystring: unknown }>("/jobs", { preHandler: requireSession }, (request, reply) => {
    const account = accountOf(request);
    if (!account) return reply;
    const parsed = jobListQuery.safeParse(request.query);
    if (!parsed.success) return invalid(reply, parsed.error);
    const { group_id: groupId, offset = 0, count = PAGE_DEFAULT } = parsed.data;
    if (!channels.find(account, groupId)) return noChannel(reply, groupId);
    const owner = account.role === "admin" ? undefined : account.username;
    return ok(reply, store.list(groupId, owner, offset, count));
  });

  app.get<JobParams>("/jobs/:job", { preHandler: requireSession }, (request, reply) => {
    const found = visibleJob(request, reply);
    if (!found) return reply;
    return ok(reply, { item: found.job });
  });

  app.get<JobParams & { Querystring: unknown }>(
    "/jobs/:job/people",
    { preHandler: requireSession },
    (request, reply) => {
      const found = visibleJob(request, reply);
      if (!found) return reply;
      const parsed = jobPeopleQuery.safeParse(request.query);
      if (!parsed.success) return invalid(reply, parsed.error);
      const { state, offset = 0, count = PAGE_DEFAULT } = parsed.data;
      return ok(reply, store.people(found.job.job_id, state, offset, count));
    },
  );

  app.post<JobParams>("/jobs/:job/cancel", { preHandler: requireSession }, (request, reply) => {
    const found = visibleJob(request, reply);
    if (!found) return reply;
    if (!store.requestCancel(found.job.job_id)) {
      return refuse(reply, {
        status: 409,
        message: `Job ${String(found.job.job_id)} has ended.`,
        reason: "job-finished",
      });
    }
    runner.wake(found.job.job_id);
    return ok(reply, { item: store.item(found.job.job_id) });
  });

  app.post<JobParams>("/jobs/:job/retry", { preHandler: requireSession }, (request, reply) => {
    const found = visibleJob(request, reply);
    if (!found) return reply;
    const { account, job } = found;
    if (
      job.state === "running" ||
      job.state === "cancelling" ||
      store.retryable(job.job_id) === 0
    ) {
      return refuse(reply, {
        status: 409,
        message: `Job ${String(job.job_id)} is running, failed for nobody, or its failed people are being or have been written to again.`,
        reason: "job-nothing-to-retry",
      });
    }
    if (!mayRunJob(account.role, job.action.kind)) {
      return refused(reply, account, job.action.kind);
    }
    if (full(reply, account, job.group_id)) return reply;
    const id = store.create({
      groupId: job.group_id,
      owner: account.username,
      action: job.action,
      filters: job.filters,
      retryOf: job.job_id,
    });
    runner.kick(id);
    return ok(reply, { item: store.item(id) });
  });
  done();
};

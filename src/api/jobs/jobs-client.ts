import type { GatewayFetch } from "@/api/api-context";
import type { JobOperation } from "@/api/api-error";
import { DEFAULT_TIMEOUT_MS } from "@/api/client";
import type { ContractSchemas } from "@/api/contract-schemas";
import { exchange, failFor, readAnswer, schemasOrFail } from "@/api/exchange";
import type {
  JobCreateRequest,
  JobItem,
  JobListResponse,
  JobPeopleResponse,
  JobPersonState,
} from "@/contract/jobs";
import type * as z from "@/contract/zod";

/**
 * The gateway's jobs on segments (`/jobs`, src/contract/jobs.ts): each answer parsed by the
 * contract and each failure an ApiError, as for the API's operations. The schemas come from
 * the contract's lazy chunk, as for views and the directory: the jobs page's route loader is
 * in the entry, which must not carry zod (issue 15).
 */
async function send<T extends z.ZodMiniType>(
  gateway: GatewayFetch,
  operation: JobOperation,
  path: string,
  init: Omit<RequestInit, "signal"> & { signal?: AbortSignal | undefined },
  pick: (schemas: ContractSchemas) => T,
): Promise<z.infer<T>> {
  const fail = failFor(operation);
  const schemas = await schemasOrFail(fail);
  const { signal, ...rest } = init;
  if (signal?.aborted === true) {
    throw fail({ kind: "aborted", message: "The request was cancelled." });
  }
  const answer = await exchange(
    path,
    {
      ...rest,
      headers: {
        Accept: "application/json",
        ...(init.method === "GET" ? {} : { "X-Channel-Desk": "1" }),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
    },
    { fetch: gateway, signal, timeoutMs: DEFAULT_TIMEOUT_MS, fail },
  );
  return readAnswer(answer, pick(schemas), { failureBody: schemas.failureBody, fail });
}

export interface JobsApi {
  list(
    groupId: number,
    page: { offset: number; count: number },
    signal?: AbortSignal,
  ): Promise<JobListResponse>;
  get(jobId: number, signal?: AbortSignal): Promise<JobItem>;
  people(
    jobId: number,
    page: { state?: JobPersonState | undefined; offset: number; count: number },
    signal?: AbortSignal,
  ): Promise<JobPeopleResponse>;
  create(request: JobCreateRequest): Promise<JobItem>;
  cancel(jobId: number): Promise<JobItem>;
  retry(jobId: number): Promise<JobItem>;
}

export function jobsApi(gateway: GatewayFetch): JobsApi {
  const get = { method: "GET" } as const;
  return {
    list: (groupId, page, signal) =>
      send(
        gateway,
        "jobs/list",
        `/jobs?group_id=${String(groupId)}&offset=${String(page.offset)}&count=${String(page.count)}`,
        { ...get, signal },
        (schemas) => schemas.jobListResponse,
      ),
    get: async (jobId, signal) =>
      (
        await send(
          gateway,
          "jobs/get",
          `/jobs/${String(jobId)}`,
          { ...get, signal },
          (schemas) => schemas.jobResponse,
        )
      ).item,
    people: (jobId, page, signal) => {
      const query = new URLSearchParams({ offset: String(page.offset), count: String(page.count) });
      if (page.state !== undefined) query.set("state", page.state);
      return send(
        gateway,
        "jobs/people",
        `/jobs/${String(jobId)}/people?${query.toString()}`,
        { ...get, signal },
        (schemas) => schemas.jobPeopleResponse,
      );
    },
    create: async (request) =>
      (
        await send(
          gateway,
          "jobs/create",
          "/jobs",
          { method: "POST", body: JSON.stringify(request) },
          (schemas) => schemas.jobResponse,
        )
      ).item,
    cancel: async (jobId) =>
      (
        await send(
          gateway,
          "jobs/cancel",
          `/jobs/${String(jobId)}/cancel`,
          { method: "POST" },
          (schemas) => schemas.jobResponse,
        )
      ).item,
    retry: async (jobId) =>
      (
        await send(
          gateway,
          "jobs/retry",
          `/jobs/${String(jobId)}/retry`,
          { method: "POST" },
          (schemas) => schemas.jobResponse,
        )
      ).item,
  };
}

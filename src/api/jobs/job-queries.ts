import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { GatewayFetch } from "@/api/api-context";
import type { JobItem, JobPersonState } from "@/contract/jobs";
import { jobsApi } from "./jobs-client";

/** Query keys of the jobs: all → a channel's lists → one job → its people. */
export const jobKeys = {
  all: ["jobs"] as const,
  lists: (groupId: number) => [...jobKeys.all, "list", groupId] as const,
  list: (groupId: number, page: number) => [...jobKeys.lists(groupId), page] as const,
  job: (jobId: number) => [...jobKeys.all, "job", jobId] as const,
  people: (jobId: number, state: JobPersonState | undefined, page: number) =>
    [...jobKeys.job(jobId), "people", state ?? "all", page] as const,
};

export const JOBS_PAGE_SIZE = 20;
/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 2_000;

export const isRunning = (job: Pick<JobItem, "state">) =>
  job.state === "running" || job.state === "cancelling";

export function jobListQuery(groupId: number, page: number, gateway: GatewayFetch) {
  // The gateway fetch is the same for every query of the app: not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: jobKeys.list(groupId, page),
    queryFn: ({ signal }) =>
      jobsApi(gateway).list(
        groupId,
        { offset: (page - 1) * JOBS_PAGE_SIZE, count: JOBS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some(isRunning) === true ? JOB_POLL_MS : false,
  });
}

export function jobQuery(jobId: number, gateway: GatewayFetch) {
  // The gateway fetch is the same for every query of the app: not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: jobKeys.job(jobId),
    queryFn: ({ signal }) => jobsApi(gateway).get(jobId, signal),
    refetchInterval: (query) =>
      query.state.data !== undefined && isRunning(query.state.data) ? JOB_POLL_MS : false,
  });
}

export function jobPeopleQuery(
  jobId: number,
  state: JobPersonState | undefined,
  page: number,
  gateway: GatewayFetch,
  running: boolean,
) {
  // The gateway fetch is the same for every query of the app: not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: jobKeys.people(jobId, state, page),
    queryFn: ({ signal }) =>
      jobsApi(gateway).people(
        jobId,
        { state, offset: (page - 1) * JOBS_PAGE_SIZE, count: JOBS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: running ? JOB_POLL_MS : false,
  });
}

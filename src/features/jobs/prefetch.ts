import { jobListQuery, jobQuery } from "@/api/jobs/job-queries";
import type { PageVisit } from "@/api/page-visit";
import { startQuery } from "@/api/prefetch";

/** The first page of the channel's jobs, started by the router with the page's code. */
export function prefetchJobs({ queryClient, gateway, groupId }: PageVisit): Promise<void> {
  return startQuery(queryClient, jobListQuery(groupId, 1, gateway));
}

/** One job, when the URL names a well-formed id. */
export function prefetchJob({
  queryClient,
  gateway,
  params,
}: PageVisit): Promise<void> | undefined {
  const raw = params.jobId ?? "";
  if (!/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  return startQuery(queryClient, jobQuery(Number(raw), gateway));
}

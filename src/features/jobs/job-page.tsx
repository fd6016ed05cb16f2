import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { isRunning, jobKeys, jobQuery } from "@/api/jobs/job-queries";
import { jobsApi } from "@/api/jobs/jobs-client";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { JobProgressBar } from "@/components/jobs/job-progress-bar";
import { useJobActionText } from "@/components/jobs/use-job-action-text";
import { useDocumentTitle } from "@/components/use-document-title";
import type { JobItem } from "@/contract/jobs";
import { useFormat } from "@/i18n/use-format";
import { jobErrorText } from "@/api/job-error-text";
import { channelPath } from "@/lib/channel-path";
import { JobPeople } from "./job-people";
import { jobStateWords } from "./job-words";
import "@/components/data-table.css";
import "./jobs.css";

/** `/c/:g/jobs/:jobId`: one job, its progress, Cancel, "Retry the failed" and its people. */
export function JobPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Job`);
  const { jobId: raw = "" } = useParams();
  const jobId = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
  const { gateway } = useApi();
  const job = useQuery({ ...jobQuery(jobId ?? 0, gateway), enabled: jobId !== undefined });
  const groupId = useCurrentChannel().group_id;

  return (
    <>
      <p className="jobs-back">
        <Link to={channelPath(groupId, "jobs")}>
          <Trans>All jobs</Trans>
        </Link>
      </p>
      {jobId === undefined ? (
        <p role="alert" className="notice notice-error">
          <Trans>This address names no job.</Trans>
        </p>
      ) : job.isError && !job.data ? (
        <ErrorState
          title={t`Could not load the job`}
          error={job.error}
          onRetry={() => void job.refetch()}
          retrying={job.isFetching}
        />
      ) : job.data === undefined ? (
        <p className="data-table-status" role="status">
          <Trans>Loading the job…</Trans>
        </p>
      ) : job.data.group_id !== groupId ? (
        // A hand-edited address: shown here, the job's group, bot and people would be named
        // from this channel's lists, which are not its own.
        <p role="alert" className="notice notice-warning">
          <Trans>This job is of another channel.</Trans>{" "}
          <Link to={channelPath(job.data.group_id, `jobs/${String(job.data.job_id)}`)}>
            <Trans>Open it in its channel</Trans>
          </Link>
        </p>
      ) : (
        <JobView job={job.data} />
      )}
    </>
  );
}

function JobView({ job }: { job: JobItem }) {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  const { gateway } = useApi();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const what = useJobActionText(groupId)(job.action);
  const running = isRunning(job);

  const refresh = (item: JobItem) => {
    queryClient.setQueryData(jobKeys.job(item.job_id), item);
    void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  };
  const cancel = useMutation({
    mutationFn: () => jobsApi(gateway).cancel(job.job_id),
    onSuccess: refresh,
  });
  const retry = useMutation({
    mutationFn: () => jobsApi(gateway).retry(job.job_id),
    onSuccess: (item) => {
      refresh(item);
      void navigate(channelPath(groupId, `jobs/${String(item.job_id)}`));
    },
  });
  const failure = cancel.error ?? retry.error;
  const owner = job.owner;
  const started = format.dateTime(job.created_at, channel.time_zone);
  const ended =
    job.finished_at === null ? undefined : format.dateTime(job.finished_at, channel.time_zone);
  // The gateway writes English for its log: said again in the person's language.
  const stoppedBy = job.error === null ? null : jobErrorText(job.error, i18n);
  const counts: [string, number][] = [
    [t`Read from the segment`, job.read],
    [t`Done`, job.done],
    [t({ message: "Failed", context: "a person in a job" }), job.failed],
    [t`Skipped`, job.skipped],
  ];

  return (
    <>
      <h1>{what}</h1>
      <div className="card job-summary">
        <p>
          <span className={`job-state job-state-${job.state}`}>
            {i18n._(jobStateWords[job.state])}
          </span>
        </p>
        <JobProgressBar job={job} label={t`Progress of “${what}”`} />
        <dl className="job-counts">
          {counts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{format.number(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="job-meta">
          <Trans>
            Started by {owner} on {started}
          </Trans>
          {ended !== undefined && (
            <>
              {" · "}
              <Trans>ended {ended}</Trans>
            </>
          )}
        </p>
        {job.retry_of !== null && (
          <p>
            <Link to={channelPath(groupId, `jobs/${String(job.retry_of)}`)}>
              <Trans>Retries the failed people of an earlier job</Trans>
            </Link>
          </p>
        )}
        {stoppedBy !== null && (
          <p className="notice notice-error">
            <Trans>The job stopped: {stoppedBy}</Trans>
          </p>
        )}
        <div className="job-actions">
          {running && (
            <button
              type="button"
              className="button"
              aria-disabled={job.state === "cancelling" || cancel.isPending || undefined}
              onClick={() => {
                if (job.state === "running" && !cancel.isPending) cancel.mutate();
              }}
            >
              {job.state === "cancelling"
                ? t`Stopping after the writes under way…`
                : t({ message: "Cancel", context: "stop a running job" })}
            </button>
          )}
          {!running && job.failed > 0 && (
            <button
              type="button"
              className="button button-primary"
              aria-disabled={retry.isPending || undefined}
              onClick={() => {
                if (!retry.isPending) retry.mutate();
              }}
            >
              <Trans>Retry the failed</Trans>
            </button>
          )}
        </div>
        {failure && (
          <p role="alert" className="notice notice-error">
            {describeApiError(failure, i18n)}
          </p>
        )}
      </div>
      <JobPeople jobId={job.job_id} running={running} />
    </>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { jobKeys } from "@/api/jobs/job-queries";
import { jobsApi } from "@/api/jobs/jobs-client";
import { botsQuery, subscriptionsQuery } from "@/api/lookup-queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { jobKinds, mayRunJob } from "@/contract/job-kinds";
import type { JobAction, JobItem, JobKind } from "@/contract/jobs";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { channelPath } from "@/lib/channel-path";
import "./segment-actions.css";

// The confirmation and its fields are fetched when the menu is first opened, not with the
// list (issue 15): by the time an action is chosen the chunk is there.
const loadJobDialog = () => import("./segment-job-dialog");
const SegmentJobDialog = lazy(() =>
  loadJobDialog().then((module) => ({ default: module.SegmentJobDialog })),
);

export interface SegmentActionsProps {
  /** The segment: the list's filters (`{}`: everyone). */
  filters: SegmentFilters;
  /** Its size as the page counted it, if it did. */
  size: number | undefined;
  /** Starts the page's count of the segment (a filtered one), for the confirmation to offer. */
  onCount?: () => void;
  /** How many the page's count has counted so far, while it runs. */
  counting?: number;
}

/**
 * "Act on this segment": a job in the gateway for every person of the list's filters (add to
 * or remove from a group, set or delete a variable, start or stop a bot), each after a
 * confirmation naming how many people and how long; then a link to the job's page.
 */
export function SegmentActions({ filters, size, onCount, counting }: SegmentActionsProps) {
  const { t, i18n } = useLingui();
  const groupId = useCurrentChannel().group_id;
  const { role } = useSignedInSession();
  const { call, gateway } = useApi();
  const queryClient = useQueryClient();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<JobKind | undefined>();
  const [started, setStarted] = useState<JobItem | undefined>();
  const kinds = jobKinds.filter((one) => mayRunJob(role, one));
  const subscriptions = useQuery({
    ...subscriptionsQuery(groupId, call),
    enabled: kind !== undefined,
  });
  const bots = useQuery({ ...botsQuery(groupId, call), enabled: kind !== undefined });
  const create = useMutation({
    mutationFn: (action: JobAction) =>
      jobsApi(gateway).create({
        group_id: groupId,
        filters,
        action,
        ...(size === undefined ? {} : { expected: size }),
      }),
    onSuccess: (job) => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.lists(groupId) });
      setStarted(job);
      setKind(undefined);
    },
  });
  if (kinds.length === 0) return null;

  const labels: Record<JobKind, string> = {
    "subscription-add": t`Add to a group…`,
    "subscription-del": t`Remove from a group…`,
    "var-set": t`Set a variable…`,
    "var-del": t`Delete a variable…`,
    "bot-start": t`Start a bot…`,
    "bot-stop": t`Stop a bot…`,
  };

  return (
    <div className="segment-actions">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          void loadJobDialog();
          setOpen((current) => !current);
        }}
      >
        <Trans>Act on this segment</Trans>
      </button>
      {open && (
        <ul id={menuId} className="segment-actions-menu">
          {kinds.map((one) => (
            <li key={one}>
              <button
                type="button"
                className="segment-actions-item"
                onClick={() => {
                  setOpen(false);
                  setStarted(undefined);
                  create.reset();
                  setKind(one);
                }}
              >
                {labels[one]}
              </button>
            </li>
          ))}
        </ul>
      )}
      {kind !== undefined && (
        <ChunkBoundary what={t`This form could not be loaded.`}>
          <Suspense fallback={null}>
            <SegmentJobDialog
              kind={kind}
              size={size}
              subscriptions={subscriptions.data ?? []}
              bots={bots.data ?? []}
              busy={create.isPending}
              onCount={onCount}
              counting={counting}
              onConfirm={(action) => {
                create.mutate(action);
              }}
              onClose={() => {
                setKind(undefined);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      )}
      {started && (
        <p role="status" className="segment-actions-started">
          <Trans>The job has started.</Trans>{" "}
          <Link to={channelPath(groupId, `jobs/${String(started.job_id)}`)}>
            <Trans>Follow it on the Jobs page</Trans>
          </Link>
        </p>
      )}
      {create.isError && (
        <p role="alert" className="notice notice-error">
          {describeApiError(create.error, i18n)}
        </p>
      )}
    </div>
  );
}

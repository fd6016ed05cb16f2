import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useApi } from "@/api/api-context";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { draftKey } from "@/lib/drafts";
import { userIdField } from "@/lib/subscriber-format";
import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { useDirectoryStatus } from "../directory/directory-status-query";
import { ManageForm } from "./manage-form";
import { EVERY_SUBSCRIPTION, type ManageValues } from "./manage-schema";
import type { ChangeTarget } from "./outcome-text";
import { useChangeJob } from "./use-change-job";
import "./manage.css";

// What a run shows (its progress, then each person's outcome) is fetched once the page is
// drawn, not as part of its first load (issue 15): there is no run before the form is sent.
const loadRunReport = () => import("./run-report");
const ChangeProgress = lazy(() =>
  loadRunReport().then((module) => ({ default: module.ChangeProgress })),
);
const ChangeResults = lazy(() =>
  loadRunReport().then((module) => ({ default: module.ChangeResults })),
);

/** subscribers/add and subscribers/del for one or many people at once. */
export function ManagePage() {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  const channelName = channel.name;
  useDocumentTitle(t`Add or remove subscribers`);
  const { call } = useApi();
  const field = userIdField(channel.type_name) ?? "tg_user_id";
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  const job = useChangeJob(groupId, field);
  const directoryStatus = useDirectoryStatus(groupId);
  const namesAccepted = (directoryStatus.data?.people ?? 0) > 0;
  const [pending, setPending] = useState<ManageValues | undefined>();
  useEffect(() => {
    void loadRunReport().catch(() => undefined);
  }, []);

  const target = (values: ManageValues): ChangeTarget => {
    if (values.action === "remove" && values.subscription === EVERY_SUBSCRIPTION) {
      return { kind: "every" };
    }
    const name = subscriptions.data?.find(
      (item) => item.subscription_id === values.subscription,
    )?.name;
    return { kind: "subscription", name: name ?? `#${String(values.subscription)}` };
  };

  const saved = job.run?.results?.every(
    (result) => result.outcome === "added" || result.outcome === "removed",
  )
    ? job.run.id
    : undefined;

  const start = (values: ManageValues) => {
    job.start({ values, target: target(values) });
  };

  return (
    <>
      <h1>
        <Trans>Add or remove subscribers</Trans>
      </h1>
      <p className="manage-intro">
        <Trans>
          Add people to a subscription of {channelName}, or remove them, by their user ids.
        </Trans>{" "}
        {namesAccepted && <Trans>Names and profile links work too, one a line.</Trans>}
      </p>
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        {subscriptions.isPending || utms.isPending ? (
          <p role="status" className="muted">
            <Trans>Loading the subscriptions…</Trans>
          </p>
        ) : subscriptions.isError || utms.isError ? (
          <ErrorState
            title={t`Could not load the subscriptions and UTM tags.`}
            error={subscriptions.error ?? utms.error}
            retrying={subscriptions.isFetching || utms.isFetching}
            onRetry={() => {
              void subscriptions.refetch();
              void utms.refetch();
            }}
          />
        ) : (
          <ManageForm
            subscriptions={subscriptions.data}
            utms={utms.data}
            idName={field}
            busy={job.running}
            groupId={groupId}
            namesAccepted={namesAccepted}
            draftKey={draftKey(groupId, "subscribers-manage")}
            saved={saved}
            onSubmit={(values) => {
              if (values.action === "remove") setPending(values);
              else start(values);
            }}
          />
        )}

        <ChunkBoundary what={t`The run’s report could not be loaded.`}>
          <Suspense fallback={null}>
            {job.run && job.running && <ChangeProgress run={job.run} onCancel={job.cancel} />}
            {job.run?.results && (
              <ChangeResults
                key={job.run.id}
                action={job.run.values.action}
                results={job.run.results}
                names={{ groupId, enabled: directoryStatus.data !== undefined }}
              />
            )}
          </Suspense>
        </ChunkBoundary>
      </Later>
      <UnsavedChangesGuard
        when={job.running}
        title={t`Stop the run and leave?`}
        description={t`A run is under way — leaving stops it; what was not sent is not sent, and the list to retry is lost.`}
      />
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open) setPending(undefined);
        }}
        tone="danger"
        title={pending ? removeTitle(pending, target(pending), i18n) : ""}
        description={pending ? removeDescription(pending, target(pending), i18n) : ""}
        confirmLabel={t`Remove`}
        onConfirm={() => {
          if (pending) start(pending);
          setPending(undefined);
        }}
      />
    </>
  );
}

function removeTitle(values: ManageValues, target: ChangeTarget, i18n: I18n): string {
  const count = values.userIds.length;
  if (target.kind === "every") {
    return i18n._(
      msg`${plural(count, {
        one: "Remove # person from every subscription?",
        other: "Remove # people from every subscription?",
      })}`,
    );
  }
  const name = target.name;
  return i18n._(
    msg`${plural(count, {
      one: `Remove # person from “${name}”?`,
      other: `Remove # people from “${name}”?`,
    })}`,
  );
}

function removeDescription(values: ManageValues, target: ChangeTarget, i18n: I18n): string {
  const count = values.userIds.length;
  if (target.kind === "every") {
    return i18n._(
      msg`${plural(count, {
        1: "This person will be removed from every subscription of this channel, not only one. They stop getting any of its subscriptions’ messages until they subscribe again.",
        other:
          "These # people will be removed from every subscription of this channel, not only one. They stop getting any of its subscriptions’ messages until they subscribe again.",
      })}`,
    );
  }
  const name = target.name;
  return i18n._(
    msg`${plural(count, {
      1: `This person will be removed from “${name}”. They stop getting its messages until they subscribe again.`,
      other: `These # people will be removed from “${name}”. They stop getting its messages until they subscribe again.`,
    })}`,
  );
}

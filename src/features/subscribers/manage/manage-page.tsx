import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "@/api/api-context";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { userIdField } from "@/lib/subscriber-format";
import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { ChangeProgress } from "./change-progress";
import { ChangeResults } from "./change-results";
import { ManageForm } from "./manage-form";
import { EVERY_SUBSCRIPTION, type ManageValues } from "./manage-schema";
import { people } from "./outcome-text";
import { useChangeJob } from "./use-change-job";
import "./manage.css";

/** subscribers/add and subscribers/del for one or many people at once. */
export function ManagePage() {
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  useDocumentTitle("Add or remove subscribers");
  const { call } = useApi();
  const field = userIdField(channel.type_name) ?? "tg_user_id";
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  const job = useChangeJob(groupId, field);
  const [pending, setPending] = useState<ManageValues | undefined>();

  const target = (values: ManageValues) => {
    if (values.action === "remove" && values.subscription === EVERY_SUBSCRIPTION) {
      return "every subscription";
    }
    const name = subscriptions.data?.find(
      (item) => item.subscription_id === values.subscription,
    )?.name;
    return name === undefined ? `subscription ${String(values.subscription)}` : `“${name}”`;
  };

  const start = (values: ManageValues) => {
    job.start({ values, target: target(values) });
  };

  return (
    <>
      <h1>Add or remove subscribers</h1>
      <p className="manage-intro">
        Add people to a subscription of {channel.name}, or remove them, by their user ids.
      </p>
      {subscriptions.isPending || utms.isPending ? (
        <p role="status" className="muted">
          Loading the subscriptions…
        </p>
      ) : subscriptions.isError || utms.isError ? (
        <ErrorState
          title="Could not load the subscriptions and UTM tags."
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
          onSubmit={(values) => {
            if (values.action === "remove") setPending(values);
            else start(values);
          }}
        />
      )}

      {job.run && job.running && <ChangeProgress run={job.run} onCancel={job.cancel} />}
      {job.run?.results && (
        <ChangeResults key={job.run.id} action={job.run.values.action} results={job.run.results} />
      )}

      <UnsavedChangesGuard
        when={job.running}
        title="Stop the run and leave?"
        description="A run is under way — leaving stops it; what was not sent is not sent, and the list to retry is lost."
      />
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open) setPending(undefined);
        }}
        tone="danger"
        title={pending ? removeTitle(pending, target(pending)) : ""}
        description={pending ? removeDescription(pending, target(pending)) : ""}
        confirmLabel="Remove"
        onConfirm={() => {
          if (pending) start(pending);
          setPending(undefined);
        }}
      />
    </>
  );
}

function removeTitle(values: ManageValues, target: string): string {
  return `Remove ${people(values.userIds.length)} from ${target}?`;
}

function removeDescription(values: ManageValues, target: string): string {
  const who =
    values.userIds.length === 1 ? "This person" : `These ${people(values.userIds.length)}`;
  return values.subscription === EVERY_SUBSCRIPTION
    ? `${who} will be removed from every subscription of this channel, not only one. They stop getting any of its subscriptions’ messages until they subscribe again.`
    : `${who} will be removed from ${target}. They stop getting its messages until they subscribe again.`;
}

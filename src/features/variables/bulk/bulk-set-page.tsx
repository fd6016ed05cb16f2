import { useState } from "react";
import { BulkProgress } from "@/components/bulk-progress";
import { BulkResults } from "@/components/bulk-results";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { useDocumentTitle } from "@/components/use-document-title";
import { idsToRetry } from "@/lib/bulk-run";
import { userIdField } from "@/lib/subscriber-format";
import { BulkSetForm } from "./bulk-form";
import type { BulkSetValues } from "./bulk-schema";
import { people, quoted, setOutcomes, summaryLine } from "./outcome-text";
import { CALLS_PER_SECOND } from "./run-bulk-set";
import { useBulkSetJob } from "./use-bulk-set-job";
import "./bulk-set.css";

const numbers = new Intl.NumberFormat("en");

/** vars/set of one variable and value for a pasted list of people, with progress and retry. */
export function BulkSetPage() {
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  useDocumentTitle("Set a variable for many people");
  const field = userIdField(channel.type_name) ?? "tg_user_id";
  const job = useBulkSetJob(groupId, field);
  const [pending, setPending] = useState<BulkSetValues | undefined>();
  const run = job.run;
  const retryIds = run?.results ? idsToRetry(run.results) : [];

  return (
    <>
      <h1>Set a variable for many people</h1>
      <p className="bulk-set-intro">
        Save one variable with the same value for up to 1,000 people of {channel.name}, by their
        user ids. Each person is one call; the run keeps within the service’s limit of{" "}
        {CALLS_PER_SECOND} calls a second, can be cancelled, and what failed can be retried.
      </p>
      <BulkSetForm
        idName={field}
        busy={job.running}
        fieldError={job.running ? undefined : run?.fieldError}
        onSubmit={(values) => {
          if (values.userIds.length > 1) setPending(values);
          else job.start(values);
        }}
      />

      {run && job.running && (
        <BulkProgress
          verb={`Saving ${quoted(run.name)}`}
          label="Saving the variable"
          done={run.done}
          total={run.userIds.length}
          cancelling={run.cancelling}
          onCancel={job.cancel}
        />
      )}
      {run?.stopped !== undefined && !job.running && (
        <p className="bulk-set-stopped" role="alert">
          The run stopped: {run.stopped}{" "}
          {run.fieldError
            ? `The service refused the variable’s ${run.fieldError.field} itself, so it was not sent to the others: correct it at the field and run again.`
            : "What was saved stays saved; the rest is marked “Not run” — retry it when the service answers again."}
        </p>
      )}
      {run?.results && (
        <BulkResults
          key={run.id}
          label="Results of the run"
          results={run.results}
          outcomes={setOutcomes}
          summary={`${quoted(run.name)} set to ${quoted(run.value)}: ${summaryLine(run.results)}`}
          actions={
            retryIds.length > 0 &&
            run.fieldError === undefined && (
              <button
                type="button"
                className="button"
                disabled={job.running}
                onClick={() => {
                  job.start({
                    name: run.name,
                    value: run.value,
                    userIds: retryIds,
                    earlier: run.results,
                  });
                }}
              >
                Retry the failed and not run ({numbers.format(retryIds.length)})
              </button>
            )
          }
        />
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
        title={pending ? `Set ${quoted(pending.name)} for ${people(pending.userIds.length)}?` : ""}
        description={pending ? describeRun(pending) : ""}
        confirmLabel="Set the variable"
        onConfirm={() => {
          if (pending) job.start(pending);
          setPending(undefined);
        }}
      />
    </>
  );
}

function describeRun(values: BulkSetValues): string {
  const seconds = Math.ceil(values.userIds.length / CALLS_PER_SECOND);
  const time =
    seconds < 60
      ? `about ${numbers.format(seconds)} second${seconds === 1 ? "" : "s"}`
      : `about ${numbers.format(Math.ceil(seconds / 60))} minute${seconds <= 60 ? "" : "s"}`;
  return (
    `${quoted(values.name)} becomes ${quoted(values.value, 80)} for each of these ` +
    `${people(values.userIds.length)}, replacing any value they have. ` +
    `At the service’s limit this takes ${time}; you can cancel at any time.`
  );
}

import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "@/api/api-context";
import { directoryStatusOptions } from "@/api/directory";
import { BulkProgress } from "@/components/bulk-progress";
import { BulkResults } from "@/components/bulk-results";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { useDocumentTitle } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { useFormat } from "@/i18n/use-format";
import { idsToRetry } from "@/lib/bulk-run";
import { draftKey } from "@/lib/drafts";
import { USER_IDS_MAX } from "@/lib/user-ids";
import { userIdField } from "@/lib/subscriber-format";
import { BulkSetForm } from "./bulk-form";
import type { BulkSetValues } from "./bulk-schema";
import { quoted, setOutcomes, summaryLine } from "./outcome-text";
import { CALLS_PER_SECOND } from "./run-bulk-set";
import { useBulkSetJob } from "./use-bulk-set-job";
import "./bulk-set.css";

/** vars/set of one variable and value for a pasted list of people, with progress and retry. */
export function BulkSetPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  useDocumentTitle(t`Set a variable for many people`);
  const field = userIdField(channel.type_name) ?? "tg_user_id";
  const job = useBulkSetJob(groupId, field);
  const { directory } = useApi();
  // A gateway without a directory answers 404: the form then takes ids alone, as before.
  const directoryStatus = useQuery(directoryStatusOptions(groupId, directory));
  const namesAccepted = (directoryStatus.data?.people ?? 0) > 0;
  const [pending, setPending] = useState<BulkSetValues | undefined>();
  const run = job.run;
  const retryIds = run?.results ? idsToRetry(run.results) : [];
  const channelName = channel.name;
  const most = format.number(USER_IDS_MAX);
  const perSecond = format.number(CALLS_PER_SECOND);
  const retryCount = format.number(retryIds.length);
  const saved = run?.results?.every((result) => result.outcome === "saved") ? run.id : undefined;

  return (
    <>
      <h1>
        <Trans>Set a variable for many people</Trans>
      </h1>
      <p className="bulk-set-intro">
        <Trans>
          Save one variable with the same value for up to {most} people of {channelName}, by their
          user ids. Each person is one call; the run keeps within the service’s limit of {perSecond}{" "}
          calls a second, can be cancelled, and what failed can be retried.
        </Trans>
      </p>
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <BulkSetForm
          idName={field}
          busy={job.running}
          groupId={groupId}
          namesAccepted={namesAccepted}
          draftKey={draftKey(groupId, "variables-bulk")}
          saved={saved}
          fieldError={job.running ? undefined : run?.fieldError}
          onSubmit={(values) => {
            if (values.userIds.length > 1) setPending(values);
            else job.start(values);
          }}
        />

        {run && job.running && (
          <BulkProgress
            verb={savingVerb(run.name, i18n)}
            label={t`Saving the variable`}
            done={run.done}
            total={run.userIds.length}
            cancelling={run.cancelling}
            onCancel={job.cancel}
          />
        )}
        {run?.stopped !== undefined && !job.running && (
          <p className="bulk-set-stopped" role="alert">
            {stoppedText(run.stopped, run.fieldError?.field, i18n)}
          </p>
        )}
        {run?.results && (
          <BulkResults
            key={run.id}
            label={t`Results of the run`}
            results={run.results}
            names={{ groupId, enabled: directoryStatus.data !== undefined }}
            outcomes={setOutcomes(i18n)}
            summary={resultsSummary(run.name, run.value, run.results, i18n)}
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
                  <Trans>Retry the failed and not run ({retryCount})</Trans>
                </button>
              )
            }
          />
        )}
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
        title={pending ? confirmTitle(pending, i18n) : ""}
        description={pending ? describeRun(pending, i18n) : ""}
        confirmLabel={t`Set the variable`}
        onConfirm={() => {
          if (pending) job.start(pending);
          setPending(undefined);
        }}
      />
    </>
  );
}

function savingVerb(name: string, i18n: I18n): string {
  const what = quoted(name, i18n);
  return i18n._(msg`Saving ${what}`);
}

function stoppedText(stopped: string, field: "name" | "value" | undefined, i18n: I18n): string {
  if (field === "name") {
    return i18n._(
      msg`The run stopped: ${stopped} The service refused the variable’s name itself, so it was not sent to the others: correct it at the field and run again.`,
    );
  }
  if (field === "value") {
    return i18n._(
      msg`The run stopped: ${stopped} The service refused the variable’s value itself, so it was not sent to the others: correct it at the field and run again.`,
    );
  }
  return i18n._(
    msg`The run stopped: ${stopped} What was saved stays saved; the rest is marked “Not run” — retry it when the service answers again.`,
  );
}

function resultsSummary(
  name: string,
  value: string,
  results: Parameters<typeof summaryLine>[0],
  i18n: I18n,
): string {
  const what = quoted(name, i18n);
  const to = quoted(value, i18n);
  const summary = summaryLine(results, i18n);
  return i18n._(msg`${what} set to ${to}: ${summary}`);
}

function confirmTitle(values: BulkSetValues, i18n: I18n): string {
  const what = quoted(values.name, i18n);
  const count = values.userIds.length;
  return i18n._(msg`Set ${what} for ${plural(count, { one: "# person", other: "# people" })}?`);
}

function describeRun(values: BulkSetValues, i18n: I18n): string {
  const what = quoted(values.name, i18n);
  const to = quoted(values.value, i18n, 80);
  const count = values.userIds.length;
  const seconds = Math.ceil(count / CALLS_PER_SECOND);
  const minutes = Math.ceil(seconds / 60);
  const time =
    seconds < 60
      ? i18n._(msg`${plural(seconds, { one: "about # second", other: "about # seconds" })}`)
      : i18n._(msg`${plural(minutes, { one: "about # minute", other: "about # minutes" })}`);
  return i18n._(
    msg`${what} becomes ${to} for each of these ${plural(count, { one: "# person", other: "# people" })}, replacing any value they have. At the service’s limit this takes ${time}; you can cancel at any time.`,
  );
}

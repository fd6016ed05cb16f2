import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { useDocumentTitle } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { draftKey } from "@/lib/drafts";
import { channelVariablesQuery } from "../variables-query";
import { AddChannelVariable } from "./add-channel-variable";
import { ChannelVariableRow } from "./channel-variable-row";
import "@/components/data-table.css";
import "../settings.css";

/**
 * `/c/:groupId/channel-variables`: the channel-wide variables (vars_global/*), which messages
 * insert as `[%name%]`: listed with their placeholder, added, edited in place, deleted after a
 * question. Unsaved text (the add form, a value being edited) asks before the page is left.
 */
export function ChannelVariablesPage() {
  const { t } = useLingui();
  const channel = useCurrentChannel();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const groupId = channel.group_id;
  const channelName = channel.name;
  useDocumentTitle(t`Channel variables`);
  const query = channelVariablesQuery(groupId, call);
  const variables = useQuery(query);
  const items = useMemo(() => variables.data?.items ?? [], [variables.data]);
  const names = useMemo(() => new Set(items.map((item) => item.name)), [items]);
  const [editing, setEditing] = useState<{ name: string; value: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const deletingName = deleting ?? "";
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  const editedName = editing?.name ?? "";
  const editChanged =
    editing !== null && items.find((item) => item.name === editing.name)?.value !== editing.value;

  const add = useCallback(
    async ({ name, value }: { name: string; value: string }) => {
      await call("vars_global/set", { name, value }, { groupId });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
      notify("success", t`Variable “${name}” added.`);
    },
    [call, groupId, queryClient, query.queryKey, t],
  );

  return (
    <div className="settings">
      <h1>
        <Trans>Channel variables</Trans>
      </h1>
      <p className="settings-intro">
        <Trans>
          Values shared by every message of {channelName}: a message that contains [%name%] shows
          the variable’s value in its place (for example, [%promo_code%]). Unlike a subscriber’s
          variables, they are the same for everyone.
        </Trans>
      </p>
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <AddChannelVariable
          existing={names}
          draftKey={draftKey(groupId, "channel-variable")}
          onAdd={add}
          onDirtyChange={setAdding}
        />
        <Later>
          {variables.isPending ? (
            <p className="muted">
              <Trans>Loading the variables…</Trans>
            </p>
          ) : variables.isError ? (
            <ErrorState
              title={t`Could not load the channel’s variables`}
              error={variables.error}
              onRetry={() => void variables.refetch()}
              retrying={variables.isFetching}
            />
          ) : items.length === 0 ? (
            <p className="muted">
              <Trans>The channel has no variables yet.</Trans>
            </p>
          ) : (
            <div className="data-table-scroll">
              <table className="data-table settings-table">
                <caption className="visually-hidden">
                  <Trans>Variables of the channel</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col">
                      <Trans>In a message</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Value</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Actions</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <ChannelVariableRow
                      key={item.name}
                      name={item.name}
                      value={item.value}
                      editing={editing?.name === item.name ? editing.value : undefined}
                      onEdit={(value) => {
                        setEditing(value === undefined ? null : { name: item.name, value });
                      }}
                      onSave={async (value) => {
                        await call("vars_global/set", { name: item.name, value }, { groupId });
                        await refresh();
                        setEditing(null);
                        const name = item.name;
                        notify("success", t`Variable “${name}” saved.`);
                      }}
                      onDelete={() => {
                        setDeleting(item.name);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Later>
      </Later>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        tone="danger"
        title={t`Delete the variable “${deletingName}”?`}
        description={
          <p>
            <Trans>Messages that contain [%{deletingName}%] will show nothing in its place.</Trans>
          </p>
        }
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (deleting === null) return;
          const name = deleting;
          if (editing?.name === name) setEditing(null);
          call("vars_global/del", { name }, { groupId }).then(
            async () => {
              await refresh();
              notify("success", t`Variable “${name}” deleted.`);
            },
            (error: unknown) => {
              const reason = describeApiError(error, globalI18n);
              notify("error", t`Variable “${name}” was not deleted: ${reason}`);
            },
          );
        }}
      />
      <UnsavedChangesGuard
        when={adding || editChanged}
        description={
          editChanged
            ? t`Your edit of “${editedName}” is not saved.`
            : t`The new variable is not saved.`
        }
      />
    </div>
  );
}

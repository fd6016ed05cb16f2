import { i18n as globalI18n } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { utmTagsKey } from "@/api/query-keys";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { NameDialog } from "@/components/name-dialog";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";

/** Which of a tag's dialogs is open, and for which tag. */
export type UtmTagDialog =
  | { kind: "new"; onCreated?: (utmId: number) => void }
  | { kind: "rename"; utmId: number; name: string }
  /** `people`: how many carry the tag (utms/get's `count`), when the caller knows it. */
  | { kind: "delete"; utmId: number; name: string; people?: number | undefined };

// The forms check a name as the contract will: utms/add's and utms/edit's own `name`.
const tagNameForm = z.object({ name: operations["utms/add"].request.shape.name });

interface UtmTagDialogsProps {
  groupId: number;
  dialog: UtmTagDialog | null;
  onClose: () => void;
}

/**
 * Creating, renaming and deleting a campaign tag (utms/add, utms/edit, utms/del), shared by the
 * UTM page and the tags' own page: one dialog at a time, a refusal said under the name (what was
 * typed stays), a toast for the outcome, the tags and their counts read again after a change.
 */
export function UtmTagDialogs({ groupId, dialog, onClose }: UtmTagDialogsProps) {
  const { t } = useLingui();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const refreshTags = () => queryClient.invalidateQueries({ queryKey: utmTagsKey(groupId) });

  const deleting = dialog?.kind === "delete" ? dialog : undefined;
  const deletingName = deleting?.name ?? "";
  const people = deleting?.people;

  return (
    <>
      <NameDialog
        open={dialog?.kind === "new"}
        onClose={onClose}
        title={t`New UTM tag`}
        label={t`Tag name`}
        initial=""
        schema={tagNameForm}
        submitLabel={t`Create tag`}
        busyLabel={t`Creating…`}
        onSubmit={async (name) => {
          const answer = await call("utms/add", { name }, { groupId });
          await refreshTags();
          notify("success", t`Tag “${name}” created.`);
          if (dialog?.kind === "new") dialog.onCreated?.(answer.utm_id);
        }}
      />
      <NameDialog
        open={dialog?.kind === "rename"}
        onClose={onClose}
        title={t`Rename the tag`}
        label={t`Tag name`}
        initial={dialog?.kind === "rename" ? dialog.name : ""}
        schema={tagNameForm}
        submitLabel={t`Rename`}
        busyLabel={t`Renaming…`}
        onSubmit={async (name) => {
          if (dialog?.kind !== "rename") return;
          await call("utms/edit", { utm_id: dialog.utmId, name }, { groupId });
          await refreshTags();
          notify("success", t`Tag renamed to “${name}”.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        tone="danger"
        title={t`Delete the tag “${deletingName}”?`}
        description={
          <>
            {people !== undefined && (
              <p>
                <Plural
                  value={people}
                  _0="Nobody carries this tag."
                  one="# person carries this tag; they lose it."
                  other="# people carry this tag; they lose it."
                />
              </p>
            )}
            <p>
              <Trans>
                Links with this tag stop counting new subscribers. Its past events stay in the
                statistics, shown by its number.
              </Trans>
            </p>
          </>
        }
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (!deleting) return;
          const { utmId, name } = deleting;
          call("utms/del", { utm_id: utmId }, { groupId }).then(
            async () => {
              await refreshTags();
              notify("success", t`Tag “${name}” deleted.`);
            },
            (error: unknown) => {
              const reason = describeApiError(error, globalI18n);
              notify("error", t`Tag “${name}” was not deleted: ${reason}`);
            },
          );
        }}
      />
    </>
  );
}

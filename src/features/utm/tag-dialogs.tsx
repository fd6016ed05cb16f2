import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { campaignLabel } from "@/contract/campaigns";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";
import { forgetCampaignLabel, saveCampaignLabel } from "./campaign-labels-api";
import { NameDialog } from "./name-dialog";
import { campaignLabelKeys, utmTagsKey } from "./queries";

/** Which dialog is open, and for which tag. */
export type TagDialog =
  | { kind: "new"; onCreated?: (utmId: number) => void }
  | { kind: "rename"; utmId: number; name: string }
  | { kind: "campaign"; utmId: number; name: string; label: string; stored: boolean }
  | { kind: "delete"; utmId: number; name: string };

// The forms check a name as the contract will: utms/add's and utms/edit's own `name`.
const tagNameForm = z.object({ name: operations["utms/add"].request.shape.name });
const campaignForm = z.object({ name: campaignLabel });

interface TagDialogsProps {
  groupId: number;
  dialog: TagDialog | null;
  onClose: () => void;
}

/**
 * Creating, renaming and deleting a tag (utms/add, utms/edit, utms/del) and setting the
 * campaign it belongs to (the gateway's labels): one dialog at a time, a toast for the outcome,
 * the tags and their counts read again after a change.
 */
export function TagDialogs({ groupId, dialog, onClose }: TagDialogsProps) {
  const { t } = useLingui();
  const { call, gateway } = useApi();
  const queryClient = useQueryClient();
  const refreshTags = () => queryClient.invalidateQueries({ queryKey: utmTagsKey(groupId) });
  const refreshLabels = () =>
    queryClient.invalidateQueries({ queryKey: campaignLabelKeys.channel(groupId) });

  const deleting = dialog?.kind === "delete" ? dialog : undefined;
  const deletingName = deleting?.name ?? "";

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
          toast.success(t`Tag “${name}” created.`);
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
          toast.success(t`Tag renamed to “${name}”.`);
        }}
      />
      <NameDialog
        open={dialog?.kind === "campaign"}
        onClose={onClose}
        title={dialog?.kind === "campaign" ? campaignTitle(dialog.name) : t`Campaign of the tag`}
        label={t`Campaign`}
        initial={dialog?.kind === "campaign" ? dialog.label : ""}
        schema={campaignForm}
        submitLabel={t`Save`}
        busyLabel={t`Saving…`}
        extra={
          dialog?.kind === "campaign" && dialog.stored
            ? {
                label: t`Use the name’s suggestion`,
                onClick: () => {
                  const { utmId } = dialog;
                  onClose();
                  forgetCampaignLabel(gateway, groupId, utmId).then(
                    async () => {
                      await refreshLabels();
                      toast.success(t`The campaign follows the tag’s name again.`);
                    },
                    (error: unknown) => {
                      toast.error(describeApiError(error, globalI18n));
                    },
                  );
                },
              }
            : undefined
        }
        onSubmit={async (label) => {
          if (dialog?.kind !== "campaign") return;
          await saveCampaignLabel(gateway, groupId, dialog.utmId, label);
          await refreshLabels();
          toast.success(t`Campaign saved.`);
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
          <p>
            <Trans>
              Links with this tag stop counting new subscribers. Its past events stay in the
              statistics, shown by its number.
            </Trans>
          </p>
        }
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (!deleting) return;
          const { utmId, name } = deleting;
          call("utms/del", { utm_id: utmId }, { groupId }).then(
            async () => {
              await refreshTags();
              toast.success(t`Tag “${name}” deleted.`);
            },
            (error: unknown) => {
              const reason = describeApiError(error, globalI18n);
              toast.error(t`Tag “${name}” was not deleted: ${reason}`);
            },
          );
        }}
      />
    </>
  );

  function campaignTitle(name: string): string {
    return t`Campaign of “${name}”`;
  }
}

import { i18n as globalI18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { NameDialog } from "@/components/name-dialog";
import { UtmTagDialogs, type UtmTagDialog } from "@/components/utm-tags/utm-tag-dialogs";
import { campaignLabel } from "@/contract/campaigns";
import * as z from "@/contract/zod";
import { forgetCampaignLabel, saveCampaignLabel } from "./campaign-labels-api";
import { campaignLabelKeys } from "./queries";

/** Which dialog is open, and for which tag: the shared ones, or the tag's campaign. */
export type TagDialog =
  UtmTagDialog | { kind: "campaign"; utmId: number; name: string; label: string; stored: boolean };

const campaignForm = z.object({ name: campaignLabel });

interface TagDialogsProps {
  groupId: number;
  dialog: TagDialog | null;
  onClose: () => void;
}

/**
 * The tag's own dialogs (src/components/utm-tags, shared with the tags' page) and, on this page
 * only, the campaign a tag belongs to (the gateway's labels).
 */
export function TagDialogs({ groupId, dialog, onClose }: TagDialogsProps) {
  const { t } = useLingui();
  const { gateway } = useApi();
  const queryClient = useQueryClient();
  const refreshLabels = () =>
    queryClient.invalidateQueries({ queryKey: campaignLabelKeys.channel(groupId) });
  const campaign = dialog?.kind === "campaign" ? dialog : undefined;

  return (
    <>
      <UtmTagDialogs
        groupId={groupId}
        dialog={dialog?.kind === "campaign" ? null : dialog}
        onClose={onClose}
      />
      <NameDialog
        open={campaign !== undefined}
        onClose={onClose}
        title={campaign ? campaignTitle(campaign.name) : t`Campaign of the tag`}
        label={t`Campaign`}
        initial={campaign?.label ?? ""}
        schema={campaignForm}
        submitLabel={t`Save`}
        busyLabel={t`Saving…`}
        extra={
          campaign?.stored
            ? {
                label: t`Use the name’s suggestion`,
                onClick: () => {
                  const { utmId } = campaign;
                  onClose();
                  forgetCampaignLabel(gateway, groupId, utmId).then(
                    async () => {
                      await refreshLabels();
                      notify("success", t`The campaign follows the tag’s name again.`);
                    },
                    (error: unknown) => {
                      notify("error", describeApiError(error, globalI18n));
                    },
                  );
                },
              }
            : undefined
        }
        onSubmit={async (label) => {
          if (!campaign) return;
          await saveCampaignLabel(gateway, groupId, campaign.utmId, label);
          await refreshLabels();
          notify("success", t`Campaign saved.`);
        }}
      />
    </>
  );

  function campaignTitle(name: string): string {
    return t`Campaign of “${name}”`;
  }
}

import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import {
  useChangeView,
  useCreateView,
  useDeleteView,
  usePinView,
  viewsQuery,
} from "@/api/views/view-queries";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { ViewItem } from "@/contract/views";
import { ViewDialog, type ViewFormValues } from "./view-dialog";
import { ViewsMenu, type ViewAction } from "./views-menu";
import "./saved-views.css";

interface SavedViewsProps {
  groupId: number;
  /** What the page shows, as a view's search (shownViewSearch). */
  shown: string;
  /** The view the page shows now, if any. */
  currentId: number | undefined;
  admin: boolean;
}

type Dialog = { kind: "new" } | { kind: "rename" | "delete"; view: ViewItem } | null;

const NEW_VIEW: ViewFormValues = { name: "", shared: false, pinned: false };

/** "Save view…" and the "Views" menu of the subscribers page's toolbar. */
export function SavedViews({ groupId, shown, currentId, admin }: SavedViewsProps) {
  const { t } = useLingui();
  const { gateway } = useApi();
  const views = useQuery(viewsQuery(groupId, gateway));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    setDialog(null);
  };
  const failed = (error: unknown) => {
    toast.error(describeApiError(error, globalI18n));
  };
  const create = useCreateView(groupId);
  const change = useChangeView(groupId);
  const remove = useDeleteView(groupId);
  const pin = usePinView(groupId);
  const busy = change.isPending || remove.isPending || pin.isPending;

  const onAction = (view: ViewItem, action: ViewAction) => {
    const viewId = view.view_id;
    const name = view.name;
    switch (action) {
      case "rename":
      case "delete":
        setDialog({ kind: action, view });
        return;
      case "share":
      case "unshare":
        change.mutate(
          { viewId, change: { shared: action === "share" } },
          {
            onSuccess: () =>
              toast.success(
                action === "share"
                  ? t`“${name}” is shared with the team.`
                  : t`“${name}” is yours alone now.`,
              ),
            onError: failed,
          },
        );
        return;
      case "pin":
      case "unpin":
        pin.mutate({ viewId, pinned: action === "pin" }, { onError: failed });
        return;
    }
  };

  const renaming = dialog?.kind === "rename" ? dialog.view : undefined;
  const renamingName = renaming?.name ?? "";
  // One object while the dialog is open: a new one would reset the form under the typing.
  const renameInitial = useMemo(
    () => ({ name: renamingName, shared: false, pinned: false }),
    [renamingName],
  );
  const deleting = dialog?.kind === "delete" ? dialog.view : undefined;
  const deletingName = deleting?.name ?? "";
  const deletingShared = deleting?.shared ?? false;

  return (
    <div className="saved-views">
      <button
        type="button"
        className="button"
        onClick={() => {
          setDialog({ kind: "new" });
        }}
      >
        <Trans>Save view…</Trans>
      </button>
      <ViewsMenu
        groupId={groupId}
        views={views.data}
        failed={views.isError}
        onRetry={() => void views.refetch()}
        currentId={currentId}
        admin={admin}
        busy={busy}
        onAction={onAction}
      />
      <ViewDialog
        open={dialog?.kind === "new"}
        kind="new"
        initial={NEW_VIEW}
        onClose={close}
        onSubmit={async (values) => {
          const view = await create.mutateAsync({ ...values, search: shown });
          const name = view?.name ?? values.name;
          toast.success(t`View “${name}” saved.`);
        }}
      />
      <ViewDialog
        open={renaming !== undefined}
        kind="rename"
        initial={renameInitial}
        onClose={close}
        onSubmit={(values) =>
          change.mutateAsync({ viewId: renaming?.view_id ?? 0, change: { name: values.name } })
        }
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={t`Delete the view “${deletingName}”?`}
        description={
          deletingShared ? (
            <p>
              <Trans>
                The team will no longer see it. The subscribers themselves are not changed.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>Only the saved view goes; the subscribers themselves are not changed.</Trans>
            </p>
          )
        }
        confirmLabel={t`Delete view`}
        tone="danger"
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.view_id, {
            onSuccess: () => toast.success(t`View “${name}” deleted.`),
            onError: failed,
          });
        }}
      />
    </div>
  );
}

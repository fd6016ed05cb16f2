import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import {
  useChangeView,
  useCreateView,
  useDeleteView,
  usePinView,
  viewsQuery,
} from "@/api/views/view-queries";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { notify } from "@/components/notify";
import type { ViewItem } from "@/contract/views";
import type { ViewFormValues } from "./view-dialog";
import { ViewsMenu, type ViewAction } from "./views-menu";
import { withCatalogs } from "@/i18n/with-catalogs";
import "./saved-views.css";

// The naming form (react-hook-form, the contract's check of a name) is fetched when it is
// first wanted ("Save view…" hovered or focused, or a rename chosen), not with the list.
const loadViewDialog = () => withCatalogs("forms", () => import("./view-dialog"));
const ViewDialog = lazy(() => loadViewDialog().then((module) => ({ default: module.ViewDialog })));
const preloadViewDialog = () => {
  void loadViewDialog();
};

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
    notify("error", describeApiError(error, globalI18n));
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
              notify(
                "success",
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
        onPointerEnter={preloadViewDialog}
        onFocus={preloadViewDialog}
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
      {dialog?.kind === "new" && (
        <ChunkBoundary what={t`This form could not be loaded.`}>
          <Suspense fallback={null}>
            <ViewDialog
              open
              kind="new"
              initial={NEW_VIEW}
              onClose={close}
              onSubmit={async (values) => {
                const view = await create.mutateAsync({ ...values, search: shown });
                const name = view?.name ?? values.name;
                notify("success", t`View “${name}” saved.`);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      )}
      {renaming !== undefined && (
        <ChunkBoundary what={t`This form could not be loaded.`}>
          <Suspense fallback={null}>
            <ViewDialog
              open
              kind="rename"
              initial={renameInitial}
              onClose={close}
              onSubmit={(values) =>
                change.mutateAsync({
                  viewId: renaming.view_id,
                  change: { name: values.name },
                })
              }
            />
          </Suspense>
        </ChunkBoundary>
      )}
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
            onSuccess: () => {
              notify("success", t`View “${name}” deleted.`);
            },
            onError: failed,
          });
        }}
      />
    </div>
  );
}

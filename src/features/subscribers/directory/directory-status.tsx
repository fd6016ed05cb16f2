import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "@/api/api-context";
import { directoryKeys } from "@/api/query-keys";
import { describeApiError } from "@/api/error-text";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { DirectoryStatus } from "@/contract/directory";
import { useFormat } from "@/i18n/use-format";
import { useNow } from "./use-now";

interface DirectoryStatusLineProps {
  groupId: number;
  status: DirectoryStatus;
  /** Administrators may start a full pass and wipe the directory. */
  admin: boolean;
}

/**
 * "Directory: 48,213 people, updated 3 minutes ago" or "Reading subscribers… 31 %", with the
 * administrators' "Refresh now" and "Wipe the directory".
 */
export function DirectoryStatusLine({ groupId, status, admin }: DirectoryStatusLineProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const now = useNow();
  const { directory } = useApi();
  const queryClient = useQueryClient();
  const [confirmWipe, setConfirmWipe] = useState(false);
  const settle = (next: DirectoryStatus) => {
    queryClient.setQueryData(directoryKeys.status(groupId), next);
    // Everything read from the directory before may be gone or about to change.
    void queryClient.invalidateQueries({
      queryKey: directoryKeys.channel(groupId),
      predicate: (query) => query.queryKey[2] !== "status",
    });
  };
  const refresh = useMutation({ mutationFn: () => directory.refresh(groupId), onSuccess: settle });
  const wipe = useMutation({ mutationFn: () => directory.wipe(groupId), onSuccess: settle });
  const failed = refresh.error ?? wipe.error;
  const busy = refresh.isPending || wipe.isPending;

  return (
    <div className="directory-status">
      <p role="status" className="directory-status-text">
        {statusText(status, now)}
      </p>
      {status.error && <p className="muted directory-status-error">{errorText(status.error)}</p>}
      {admin && (
        <div className="directory-status-actions">
          <button
            type="button"
            className="button"
            disabled={busy || status.full_pass !== null}
            onClick={() => {
              refresh.mutate();
            }}
          >
            <Trans>Refresh now</Trans>
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy || status.state === "empty"}
            onClick={() => {
              setConfirmWipe(true);
            }}
          >
            <Trans>Wipe the directory</Trans>
          </button>
        </div>
      )}
      {failed && (
        <p role="alert" className="field-error">
          {describeApiError(failed, i18n)}
        </p>
      )}
      <ConfirmDialog
        open={confirmWipe}
        onOpenChange={setConfirmWipe}
        tone="danger"
        title={t`Wipe the directory of this channel?`}
        description={t`Every person the directory holds is deleted from it; it is read again from the start, and searching by name works only once that reading ends. Nothing changes in the channel itself.`}
        confirmLabel={t`Wipe`}
        onConfirm={() => {
          setConfirmWipe(false);
          wipe.mutate();
        }}
      />
    </div>
  );

  function statusText(current: DirectoryStatus, at: number): string {
    const pass = current.full_pass;
    if (pass && current.state !== "ready") {
      if (pass.percent === null) {
        const read = format.number(pass.read);
        return t`Reading subscribers… ${read} read`;
      }
      const percent = format.percent(pass.percent / 100, 0);
      return t`Reading subscribers… ${percent}`;
    }
    if (current.state === "empty") return t`Directory: not read yet.`;
    const count = current.people;
    const updated = current.updated_at === null ? null : Date.parse(current.updated_at);
    if (updated === null) {
      return t`Directory: ${plural(count, { one: "# person", other: "# people" })}`;
    }
    const when = format.ago(updated, at);
    // A later full pass re-reads what is already there: the list stays usable meanwhile.
    const again = pass?.percent ?? null;
    if (again === null) {
      return t`Directory: ${plural(count, { one: "# person", other: "# people" })}, updated ${when}`;
    }
    const percent = format.percent(again / 100, 0);
    return t`Directory: ${plural(count, { one: "# person", other: "# people" })}, updated ${when}; reading again… ${percent}`;
  }

  function errorText(error: NonNullable<DirectoryStatus["error"]>): string {
    if (error.retry_at === null) return t`The last reading failed; it will be tried again.`;
    const when = format.relative(Date.parse(error.retry_at), now);
    return t`The last reading failed; it is tried again ${when}.`;
  }
}

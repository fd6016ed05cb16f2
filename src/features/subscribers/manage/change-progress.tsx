import { useLingui } from "@lingui/react/macro";
import { BulkProgress } from "@/components/bulk-progress";
import type { ChangeRun } from "./use-change-job";

/** "Adding… 120 of 300" with a bar, and the way to stop. */
export function ChangeProgress({ run, onCancel }: { run: ChangeRun; onCancel: () => void }) {
  const { t } = useLingui();
  const adding = run.values.action === "add";
  return (
    <BulkProgress
      verb={adding ? t`Adding` : t`Removing`}
      label={adding ? t`Adding people` : t`Removing people`}
      done={run.done}
      total={run.values.userIds.length}
      onCancel={onCancel}
    />
  );
}

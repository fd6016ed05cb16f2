import { BulkProgress } from "@/components/bulk-progress";
import type { ChangeRun } from "./use-change-job";

/** "Adding… 120 of 300" with a bar, and the way to stop. */
export function ChangeProgress({ run, onCancel }: { run: ChangeRun; onCancel: () => void }) {
  const verb = run.values.action === "add" ? "Adding" : "Removing";
  return (
    <BulkProgress
      verb={verb}
      label={`${verb} people`}
      done={run.done}
      total={run.values.userIds.length}
      onCancel={onCancel}
    />
  );
}

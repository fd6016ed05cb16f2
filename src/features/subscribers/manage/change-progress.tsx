import type { ChangeRun } from "./use-change-job";

const numbers = new Intl.NumberFormat("en");

/** "Adding… 120 of 300" with a bar, and the way to stop. */
export function ChangeProgress({ run, onCancel }: { run: ChangeRun; onCancel: () => void }) {
  const total = run.values.userIds.length;
  const verb = run.values.action === "add" ? "Adding" : "Removing";
  const text = `${numbers.format(run.done)} of ${numbers.format(total)}`;
  return (
    <div className="manage-progress">
      <p role="status" className="manage-progress-text">
        {verb}… {text}
      </p>
      <progress max={total} value={run.done} aria-label={`${verb} people`} aria-valuetext={text} />
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

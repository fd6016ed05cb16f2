import "./bulk-run.css";

const numbers = new Intl.NumberFormat("en");

interface BulkProgressProps {
  /** What is going on, as "Saving" or "Adding". */
  verb: string;
  /** What the bar measures, for its label: "Saving the variable". */
  label: string;
  done: number;
  total: number;
  onCancel: () => void;
  /** Cancel was pressed: the calls in flight are finishing. */
  cancelling?: boolean;
}

/** "Saving… 120 of 300" with a bar, and the way to stop. */
export function BulkProgress({
  verb,
  label,
  done,
  total,
  onCancel,
  cancelling = false,
}: BulkProgressProps) {
  const text = `${numbers.format(done)} of ${numbers.format(total)}`;
  // A screen reader hears every tenth of the way, not each of a thousand ids.
  const tenth = total > 0 ? Math.floor((done / total) * 10) : 0;
  const heard = total > 0 ? Math.min(total, Math.ceil((tenth * total) / 10)) : 0;
  return (
    <div className="bulk-progress">
      <p className="bulk-progress-text" aria-hidden="true">
        {cancelling ? "Cancelling: finishing the calls under way…" : `${verb}… ${text}`}
      </p>
      <p role="status" className="visually-hidden">
        {cancelling
          ? "Cancelling: finishing the calls under way."
          : `${verb}: ${numbers.format(heard)} of ${numbers.format(total)} done.`}
      </p>
      <progress max={total} value={done} aria-label={label} aria-valuetext={text} />
      <button
        type="button"
        className="button"
        onClick={onCancel}
        aria-disabled={cancelling || undefined}
      >
        Cancel
      </button>
    </div>
  );
}

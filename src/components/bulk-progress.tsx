import { useLingui } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import "./bulk-run.css";

interface BulkProgressProps {
  /** What is going on, as "Saving" or "Adding" (in the person's language). */
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
  const { t } = useLingui();
  const format = useFormat();
  const doneText = format.number(done);
  const totalText = format.number(total);
  const text = t`${doneText} of ${totalText}`;
  // A screen reader hears every tenth of the way, not each of a thousand ids.
  const tenth = total > 0 ? Math.floor((done / total) * 10) : 0;
  const heardText = format.number(total > 0 ? Math.min(total, Math.ceil((tenth * total) / 10)) : 0);
  return (
    <div className="bulk-progress">
      <p className="bulk-progress-text" aria-hidden="true">
        {cancelling ? t`Cancelling: finishing the calls under way…` : t`${verb}… ${text}`}
      </p>
      <p role="status" className="visually-hidden">
        {cancelling
          ? t`Cancelling: finishing the calls under way.`
          : t`${verb}: ${heardText} of ${totalText} done.`}
      </p>
      <progress max={total} value={done} aria-label={label} aria-valuetext={text} />
      <button
        type="button"
        className="button"
        onClick={onCancel}
        aria-disabled={cancelling || undefined}
      >
        {t({ message: "Cancel", context: "stop an operation that is running" })}
      </button>
    </div>
  );
}

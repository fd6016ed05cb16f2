import { useLingui } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import { type JobCounts, jobProgress } from "@/lib/job-estimate";
import "./job-progress-bar.css";

/** A job's bar: "1,200 of 5,000" (of "about 5,000" while the segment is still being read). */
export function JobProgressBar({ job, label }: { job: JobCounts; label: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const progress = jobProgress(job);
  const finished = format.number(progress.finished);
  const total = format.number(progress.total);
  const text = progress.exact ? t`${finished} of ${total}` : t`${finished} of about ${total}`;
  return (
    <div className="job-progress">
      <progress max={1} value={progress.ratio} aria-label={label} aria-valuetext={text} />
      <span className="job-progress-text">{text}</span>
    </div>
  );
}

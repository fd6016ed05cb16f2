import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { ErrorText } from "@/components/error-text";
import { useFormat } from "@/i18n/use-format";
import type { useSegmentCount } from "./use-segment-count";

interface SegmentCountProps {
  count: ReturnType<typeof useSegmentCount>;
}

/**
 * The segment's size: the channel's total without filters; with filters the directory's count
 * at once when it keeps every filter, else a count the person starts, read page by page
 * ("Counted 12,400 so far…") with Cancel.
 */
export function SegmentCount({ count }: SegmentCountProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { run, size } = count;
  if (!count.filtered) {
    // Its line is kept while the size is not known yet: the bar below does not jump when it
    // comes (a layout shift, issue 15).
    if (size === undefined) {
      return (
        <p className="segment-count muted" aria-hidden="true">
          &nbsp;
        </p>
      );
    }
    const n = size.count;
    return (
      <p className="segment-count muted" role="status">
        {t`${plural(n, { one: "# subscriber in the channel", other: "# subscribers in the channel" })}`}
      </p>
    );
  }
  if (size?.complete) {
    const n = size.count;
    return (
      <p className="segment-count" role="status">
        <strong>{t`${plural(n, { one: "# person in this segment", other: "# people in this segment" })}`}</strong>{" "}
        {size.byDirectory && (
          <span className="muted">
            <Trans>counted by the directory</Trans>{" "}
          </span>
        )}
        <button type="button" className="button segment-small" onClick={count.start}>
          <Trans>Count again</Trans>
        </button>
      </p>
    );
  }
  if (count.asking && run.state === "idle") {
    return (
      <p className="segment-count muted" role="status">
        <Trans>Counting…</Trans>
      </p>
    );
  }
  if (run.state === "counting") {
    const so = format.number(run.counted);
    return (
      <p className="segment-count" role="status">
        <span aria-live="polite">{t`Counted ${so} so far…`}</span>{" "}
        <button type="button" className="button segment-small" onClick={count.cancel}>
          <Trans>Cancel</Trans>
        </button>
      </p>
    );
  }
  const stopped = run.state === "cancelled" ? format.number(run.counted) : "";
  return (
    <p className="segment-count" role="status">
      {run.state === "cancelled" && <span>{t`Counting stopped at ${stopped}.`} </span>}
      {run.state === "failed" && (
        <span className="field-error">
          <Trans>Counting failed:</Trans> <ErrorText error={run.error} />{" "}
        </span>
      )}
      <button type="button" className="button segment-small" onClick={count.start}>
        {run.state === "idle" ? <Trans>Count the people</Trans> : <Trans>Count again</Trans>}
      </button>
    </p>
  );
}

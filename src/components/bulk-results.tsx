import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useFormat } from "@/i18n/use-format";
import { PersonName, usePeople } from "./person-name";
import "./bulk-run.css";

/** A run can hold 1,000 rows; pages keep the table short. */
const ROWS_PER_PAGE = 50;

export interface BulkRow<Outcome extends string> {
  userId: number;
  outcome: Outcome;
}

/** How one outcome reads: its name in the filter, a row's words, its colour. */
export interface OutcomeStyle<Row> {
  label: string;
  text: (row: Row) => string;
  tone: "success" | "danger" | "muted";
}

interface BulkResultsProps<Outcome extends string, Row extends BulkRow<Outcome>> {
  results: readonly Row[];
  outcomes: Record<Outcome, OutcomeStyle<Row>>;
  /** One line over the table, as "250 saved, 10 failed, 40 not run." */
  summary: string;
  /** Under the table: what the results do not tell. */
  hint?: ReactNode;
  /** Buttons beside the summary, as "Retry the failed and not run". */
  actions?: ReactNode;
  /** Name of the region, as "Results of the change". */
  label: string;
  /**
   * Name each id from the channel's directory (one look-up per page of rows), when the role
   * may read it; without it the ids stand alone.
   */
  names?: { groupId: number; enabled: boolean } | undefined;
}

/**
 * One row per id, in the order given, with the service's words for each failure; a filter by
 * outcome and pages of 50. The focus lands on the summary when the run's Cancel button that
 * had it is gone, so the keyboard stays here.
 */
export function BulkResults<Outcome extends string, Row extends BulkRow<Outcome>>({
  results,
  outcomes,
  summary,
  hint,
  actions,
  label,
  names,
}: BulkResultsProps<Outcome, Row>) {
  const { t } = useLingui();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<Outcome | "all">("all");
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const filterId = useId();
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      summaryRef.current?.focus();
    }
  }, []);

  const present = (Object.keys(outcomes) as Outcome[])
    .map((outcome) => ({
      outcome,
      count: results.filter((row) => row.outcome === outcome).length,
    }))
    .filter((entry) => entry.count > 0);
  // A filter left on an outcome that a retry emptied falls back to every row.
  const filter = present.some((entry) => entry.outcome === shown) ? shown : "all";
  const rowsShown = filter === "all" ? results : results.filter((row) => row.outcome === filter);
  const pages = Math.max(1, Math.ceil(rowsShown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const rows = rowsShown.slice(current * ROWS_PER_PAGE, (current + 1) * ROWS_PER_PAGE);
  const first = format.number(current * ROWS_PER_PAGE + 1);
  const last = format.number(current * ROWS_PER_PAGE + rows.length);
  const shownCount = format.number(rowsShown.length);
  const allCount = format.number(results.length);
  const pageIds = useMemo(() => rows.map((row) => row.userId), [rows]);
  const people = usePeople(names?.groupId ?? 0, pageIds, names?.enabled ?? false);

  return (
    <section className="bulk-results" aria-label={label}>
      <div className="bulk-results-head">
        <p ref={summaryRef} tabIndex={-1} className="bulk-results-summary">
          {summary}
        </p>
        {actions}
      </div>
      {present.length > 1 && (
        <div className="bulk-filter">
          <label htmlFor={filterId}>
            <Trans>Show</Trans>
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              setShown(event.target.value as Outcome | "all");
              setPage(0);
            }}
          >
            <option value="all">{t`All (${allCount})`}</option>
            {present.map(({ outcome, count }) => (
              <option key={outcome} value={outcome}>
                {outcomes[outcome].label} ({format.number(count)})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="bulk-table-wrap">
        <table className="bulk-table">
          <caption>
            <Trans>Results</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>User id</Trans>
              </th>
              <th scope="col">
                <Trans>Result</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.userId} className={`bulk-tone-${outcomes[row.outcome].tone}`}>
                <td>
                  {names ? (
                    <PersonName
                      groupId={names.groupId}
                      userId={row.userId}
                      label={String(row.userId)}
                      enabled={names.enabled}
                      known={people.get(row.userId) ?? null}
                    />
                  ) : (
                    row.userId
                  )}
                </td>
                <td>{outcomes[row.outcome].text(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hint && <p className="bulk-hint">{hint}</p>}
      {pages > 1 && (
        <nav className="bulk-pager" aria-label={t`Result pages`}>
          <button
            type="button"
            className="button"
            disabled={current === 0}
            onClick={() => {
              setPage(current - 1);
            }}
          >
            <Trans>Previous</Trans>
          </button>
          <span>
            <Trans>
              Rows {first}–{last} of {shownCount}
            </Trans>
          </span>
          <button
            type="button"
            className="button"
            disabled={current >= pages - 1}
            onClick={() => {
              setPage(current + 1);
            }}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      )}
    </section>
  );
}

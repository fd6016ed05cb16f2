import { useEffect, useRef, useState } from "react";
import { countOutcomes, outcomeText, people } from "./outcome-text";
import type { ChangeResult } from "./run-changes";

/** A run can hold 1,000 rows; pages keep the table short. */
const ROWS_PER_PAGE = 50;

const numbers = new Intl.NumberFormat("en");

interface ChangeResultsProps {
  action: "add" | "remove";
  results: readonly ChangeResult[];
}

/** One row per id, in the order given, with the service's words for each failure. */
export function ChangeResults({ action, results }: ChangeResultsProps) {
  const [page, setPage] = useState(0);
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The Cancel button that had the focus is gone once the run ends: keep the keyboard here.
    if (document.activeElement === document.body || document.activeElement === null) {
      summary.current?.focus();
    }
  }, []);
  const pages = Math.max(1, Math.ceil(results.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const rows = results.slice(current * ROWS_PER_PAGE, (current + 1) * ROWS_PER_PAGE);
  const counts = countOutcomes(results);
  const first = current * ROWS_PER_PAGE + 1;
  const last = current * ROWS_PER_PAGE + rows.length;

  return (
    <section className="manage-results" aria-label="Results of the change">
      <p ref={summary} tabIndex={-1} className="manage-results-summary">
        {action === "add" ? `${people(counts.added)} added` : `${people(counts.removed)} removed`}
        {counts.failed > 0 && `, ${numbers.format(counts.failed)} failed`}
        {counts["not-sent"] > 0 && `, ${numbers.format(counts["not-sent"])} not sent`}.
      </p>
      <div className="manage-table-wrap">
        <table className="manage-table">
          <caption>Results</caption>
          <thead>
            <tr>
              <th scope="col">User id</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((result) => (
              <tr key={result.userId} className={`manage-outcome-${result.outcome}`}>
                <td>{result.userId}</td>
                <td>{outcomeText(result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {action === "add" && (
        <p className="manage-hint">
          “Added” includes people who were already in the subscription: the service does not tell
          them apart.
        </p>
      )}
      {pages > 1 && (
        <nav className="manage-pager" aria-label="Result pages">
          <button
            type="button"
            className="button"
            disabled={current === 0}
            onClick={() => {
              setPage(current - 1);
            }}
          >
            Previous
          </button>
          <span>
            Rows {numbers.format(first)}–{numbers.format(last)} of {numbers.format(results.length)}
          </span>
          <button
            type="button"
            className="button"
            disabled={current >= pages - 1}
            onClick={() => {
              setPage(current + 1);
            }}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

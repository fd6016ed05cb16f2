import type { ReactNode } from "react";

const ROWS = Array.from({ length: 10 }, (_, index) => index);
const LINKS = Array.from({ length: 6 }, (_, index) => index);

/**
 * The placeholders of the main area until the page is there: the same as index.html's shell,
 * painted before any script ran, so nothing jumps when React takes over. The status line is
 * for screen readers; the page's region says it is busy.
 */
export function LoadingFrame({ children }: { children: ReactNode }) {
  return (
    <div aria-busy="true">
      <p role="status" className="visually-hidden">
        {children}
      </p>
      {/* Shown instead of the heading and rows before a signed-out visit's sign-in form. */}
      <div className="sign-in boot-sign-in" aria-hidden="true">
        <span className="skeleton boot-sign-in-heading" />
        <span className="skeleton boot-sign-in-intro" />
        <span className="sign-in-form boot-sign-in-form" />
      </div>
      <span className="skeleton boot-heading" aria-hidden="true" />
      <div className="boot-rows" aria-hidden="true">
        {ROWS.map((row) => (
          <span key={row} className="skeleton boot-row" />
        ))}
      </div>
    </div>
  );
}

/** The page links' placeholders while the session (which decides them) is checked. */
export function NavPlaceholder() {
  return (
    <ul className="boot-nav" aria-hidden="true">
      {LINKS.map((link) => (
        <li key={link}>
          <span className="skeleton boot-link" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The channel switcher's, the person search's and the user menu's placeholders while the session
 * is checked (the search is there for administrators and support, not for marketing).
 */
export function HeaderPlaceholder() {
  return (
    <div className="shell-header-end" aria-hidden="true">
      <span className="skeleton boot-control boot-switcher" />
      <span className="skeleton boot-control boot-search" />
      <span className="skeleton boot-control boot-user" />
    </div>
  );
}

import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useSignedOut } from "./signed-out";

interface LayoutProps {
  /** Shown at the end of the header: the channel switcher and the user menu once signed in. */
  header?: ReactNode;
  /** The page links (a `<ul>`); none before sign-in. */
  nav?: ReactNode;
  /** Instead of the matched page: the session check's progress or failure. */
  children?: ReactNode;
}

export function Layout({ header, nav, children }: LayoutProps) {
  const signedOut = useSignedOut();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="brand">Channel Desk</span>
        {header}
      </header>
      <nav className="shell-nav" aria-label="Pages">
        {nav ?? <ul />}
      </nav>
      <main id="main" className="shell-main" tabIndex={-1}>
        {signedOut.value && (
          <p role="alert" className="notice notice-error">
            Your session has ended or the channel refused its token. Sign in again to go on.
          </p>
        )}
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

import { Outlet } from "react-router";
import { useSignedOut } from "./signed-out";

export function Layout() {
  const signedOut = useSignedOut();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="brand">Channel Desk</span>
      </header>
      <nav className="shell-nav" aria-label="Pages">
        <ul />
      </nav>
      <main id="main" className="shell-main" tabIndex={-1}>
        {signedOut.value && (
          <p role="alert" className="notice notice-error">
            Your session has ended or the channel refused its token. Sign in again to go on.
          </p>
        )}
        <Outlet />
      </main>
    </div>
  );
}

import { Link, useLocation } from "react-router";

export function NotFound() {
  const { pathname } = useLocation();
  if (pathname === "/") {
    return (
      <>
        <h1>Channel Desk</h1>
        <p>The dashboard for channels of the Subscriber Channel API.</p>
      </>
    );
  }
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. <Link to="/">Go to the start page</Link>.
      </p>
    </>
  );
}

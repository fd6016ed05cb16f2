import { Link, useLocation } from "react-router";

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. <Link to="/">Go to the start page</Link>.
      </p>
    </>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { useDocumentTitle } from "@/components/use-document-title";

export function NotFound() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  useDocumentTitle(t`Page not found`);
  return (
    <>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>
          There is no page at <code>{pathname}</code>. <Link to="/">Go to the start page</Link>.
        </Trans>
      </p>
    </>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useLocation, useMatch } from "react-router";
import { useApi } from "@/api/api-context";
import { sessionQuery } from "@/api/session";
import { SessionProvider } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { APP_NAME } from "@/components/use-document-title";
import { ChannelSwitcher } from "@/features/session/channel-switcher";
import { UserMenu } from "@/features/session/user-menu";
import { useAccountLocale } from "@/i18n/use-account-locale";
import { parseGroupId } from "@/lib/channel-path";
import { signInPath } from "@/lib/safe-next";
import { Layout } from "./layout";
import { PageNav } from "./page-nav";
import { useSignedOut } from "./signed-out";

/**
 * The layout of every signed-in page. Nobody signed in, or a call that ended the session
 * (signed-out.ts), leads to the sign-in page, which brings the person back here afterwards.
 */
export function RequireSession() {
  const { t } = useLingui();
  const { session: sessionApi } = useApi();
  const query = useQuery(sessionQuery(sessionApi));
  useAccountLocale(query.data, sessionApi);
  const signedOut = useSignedOut();
  const location = useLocation();
  const channelMatch = useMatch("/c/:groupId/*");
  const here = location.pathname + location.search;

  if (query.data === undefined) {
    return (
      <Layout>
        {query.isError ? (
          <>
            <h1>{APP_NAME}</h1>
            <ErrorState
              title={t`Could not check whether you are signed in.`}
              error={query.error}
              retrying={query.isFetching}
              onRetry={() => void query.refetch()}
            />
            <p>
              <Link to={signInPath(here)}>
                <Trans>Go to the sign-in page</Trans>
              </Link>
            </p>
          </>
        ) : (
          <p role="status" className="page-loading">
            <Trans>Checking your sign-in…</Trans>
          </p>
        )}
      </Layout>
    );
  }

  // The sign-in page drops the cache once this layout is gone (dropping it here would make
  // this layout's own query fetch again before it unmounts).
  if (query.data === null || signedOut.value) return <Navigate to={signInPath(here)} replace />;

  const session = query.data;
  const groupId = parseGroupId(channelMatch?.params.groupId);
  const current = session.channels.some((channel) => channel.group_id === groupId)
    ? groupId
    : undefined;

  return (
    <SessionProvider session={session}>
      <Layout
        header={
          <div className="shell-header-end">
            <ChannelSwitcher channels={session.channels} currentGroupId={current} />
            <UserMenu username={session.username} role={session.role} />
          </div>
        }
        nav={<PageNav role={session.role} groupId={current} />}
      />
    </SessionProvider>
  );
}

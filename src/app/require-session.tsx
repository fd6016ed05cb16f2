import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, Navigate, useLocation, useMatch } from "react-router";
import { useApi } from "@/api/api-context";
import { sessionQuery } from "@/api/session";
import { SessionProvider } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { HeaderPersonSearch } from "@/components/person-search/header-person-search";
import { APP_NAME } from "@/components/use-document-title";
import { mayCall } from "@/contract/roles";
import type { SessionResponse } from "@/contract/session";
import { ChannelSwitcher } from "@/features/session/channel-switcher";
import { SignInDialog } from "@/features/session/sign-in-dialog";
import { UserMenu } from "@/features/session/user-menu";
import { useAccountLocale } from "@/i18n/use-account-locale";
import { parseGroupId } from "@/lib/channel-path";
import { SIGNED_OUT_ATTRIBUTE } from "@/lib/page-preferences";
import { signInPath } from "@/lib/safe-next";
import { Layout } from "./layout";
import { HeaderPlaceholder, LoadingFrame, NavPlaceholder } from "./loading-frame";
import { PageNav } from "./page-nav";
import { useSignedOut } from "./signed-out";

/**
 * The layout of every signed-in page. Nobody signed in leads to the sign-in page, which brings
 * the person back here afterwards. A session that ends while the person works (a call
 * answered 401, or the session check found none) keeps the page as it is, with what was
 * typed into it, under a dialog to sign in again in place.
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

  // The person the pages are shown for, kept while their session has ended (the cache then
  // says null). Another person's session (signed in from another tab) is never shown in
  // their place: it starts afresh with a full page load, which forgets everything loaded.
  const [shownFor, setShownFor] = useState<SessionResponse>();
  const current = query.data ?? undefined;
  const otherPerson =
    current !== undefined && shownFor !== undefined && current.username !== shownFor.username;
  if (current !== undefined && current !== shownFor && !otherPerson) setShownFor(current);
  useEffect(() => {
    if (otherPerson) window.location.assign("/");
  }, [otherPerson]);

  const session = otherPerson ? shownFor : (current ?? shownFor);
  // Signed in, whatever the gateway saw: a link from another site sends no SameSite=Strict
  // cookie with the page, so its shell was the sign-in form's (styles.css, data-signed-out).
  const signedIn = session !== undefined;
  useEffect(() => {
    if (signedIn) document.documentElement.removeAttribute(SIGNED_OUT_ATTRIBUTE);
  }, [signedIn]);
  if (session === undefined) {
    return (
      // While checking, the frame index.html painted: the links' and the page's placeholders.
      // Nobody signed in when the app opened: the sign-in page, whose code may still be on its
      // way; the frame stays until it is drawn, rather than an empty page for up to a second
      // on a slow line (the Russian probe's finding). With no session the gateway marked the
      // page signed out, so the frame is the sign-in form's (styles.css, data-signed-out).
      <Layout
        header={query.isError ? undefined : <HeaderPlaceholder />}
        nav={query.isError ? undefined : <NavPlaceholder />}
      >
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
          <>
            {query.data === null && <Navigate to={signInPath(here)} replace />}
            <LoadingFrame>
              <Trans>Checking your sign-in…</Trans>
            </LoadingFrame>
          </>
        )}
      </Layout>
    );
  }

  const ended = signedOut.value || query.data === null;
  const groupId = parseGroupId(channelMatch?.params.groupId);
  const currentChannel = session.channels.find((channel) => channel.group_id === groupId);
  const currentGroup = currentChannel?.group_id;
  // The directory answers only roles that may call subscribers/get; the others never see it.
  const searchable = currentChannel !== undefined && mayCall(session.role, "subscribers/get");

  return (
    <SessionProvider session={session}>
      <Layout
        header={
          <div className="shell-header-end">
            <ChannelSwitcher channels={session.channels} currentGroupId={currentGroup} />
            {searchable && (
              <HeaderPersonSearch
                key={currentChannel.group_id}
                channel={currentChannel}
                otherChannels={session.channels.filter((item) => item !== currentChannel)}
              />
            )}
            <UserMenu username={session.username} role={session.role} />
          </div>
        }
        nav={<PageNav role={session.role} groupId={currentGroup} />}
      />
      {ended && !otherPerson && <SignInDialog username={session.username} />}
    </SessionProvider>
  );
}

import { useLingui } from "@lingui/react";
import { Navigate, Outlet, useMatches, useParams } from "react-router";
import { CurrentChannelProvider, useSignedInSession } from "@/components/current-channel";
import { APP_NAME } from "@/components/use-document-title";
import { mayCall } from "@/contract/roles";
import { channelPath, parseGroupId } from "@/lib/channel-path";
import { NoChannelAccess, NotForYourRole, YourChannels } from "./no-channel-access";
import { isPageHandle } from "./pages";

/** `/c/:groupId/…`: only the session's channels, and only pages the role may use. */
export function ChannelGate() {
  const { i18n } = useLingui();
  const session = useSignedInSession();
  const { groupId: raw = "" } = useParams();
  const matches = useMatches();
  const groupId = parseGroupId(raw);
  const channel = session.channels.find((candidate) => candidate.group_id === groupId);

  if (!channel) return <NoChannelAccess requested={raw} channels={session.channels} />;

  const handle = matches.at(-1)?.handle;
  if (isPageHandle(handle) && !mayCall(session.role, handle.page.operation)) {
    return <NotForYourRole label={i18n._(handle.page.label)} groupId={channel.group_id} />;
  }

  return (
    // Keyed by channel, so a page's own state never carries over to another channel.
    <CurrentChannelProvider key={channel.group_id} channel={channel}>
      <Outlet />
    </CurrentChannelProvider>
  );
}

/** `/`: the first of the person's channels. */
export function FirstChannel() {
  const session = useSignedInSession();
  const first = session.channels[0];
  if (!first) {
    return (
      <>
        <h1>{APP_NAME}</h1>
        <YourChannels channels={session.channels} />
      </>
    );
  }
  return <Navigate to={channelPath(first.group_id)} replace />;
}

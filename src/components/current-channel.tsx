import { createContext, use, type ReactNode } from "react";
import type { SessionChannel, SessionResponse } from "@/contract/session";

const SessionContext = createContext<SessionResponse | null>(null);
const ChannelContext = createContext<SessionChannel | null>(null);

/** The signed-in person, for pages under the session guard. */
export function SessionProvider({
  session,
  children,
}: {
  session: SessionResponse;
  children: ReactNode;
}) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSignedInSession(): SessionResponse {
  const session = use(SessionContext);
  if (!session) throw new Error("useSignedInSession is used outside the session guard");
  return session;
}

/** The channel of the URL, already checked to be one of the session's channels. */
export function CurrentChannelProvider({
  channel,
  children,
}: {
  channel: SessionChannel;
  children: ReactNode;
}) {
  return <ChannelContext value={channel}>{children}</ChannelContext>;
}

/** The channel of the URL on a channel's pages; none elsewhere (sign-in, not found). */
export function useChannelIfAny(): SessionChannel | null {
  return use(ChannelContext);
}

export function useCurrentChannel(): SessionChannel {
  const channel = use(ChannelContext);
  if (!channel) throw new Error("useCurrentChannel is used outside a channel's pages");
  return channel;
}

import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { SessionChannel } from "@/contract/session";
import { channelPath } from "@/lib/channel-path";

/** A channel of the URL that is not the person's: say so, and offer theirs. */
export function NoChannelAccess({
  requested,
  channels,
}: {
  requested: string;
  channels: readonly SessionChannel[];
}) {
  return (
    <>
      <h1>
        <Trans>No access to this channel</Trans>
      </h1>
      <p>
        <Trans>
          Your account has no access to the channel <code>{requested}</code>, or there is no such
          channel.
        </Trans>
      </p>
      <YourChannels channels={channels} />
    </>
  );
}

export function YourChannels({ channels }: { channels: readonly SessionChannel[] }) {
  if (channels.length === 0) {
    return (
      <p>
        <Trans>Your account has no channels yet. Ask an administrator to give you access.</Trans>
      </p>
    );
  }
  return (
    <>
      <h2>
        <Trans>Your channels</Trans>
      </h2>
      <ul className="channel-links">
        {channels.map((channel) => (
          <li key={channel.group_id}>
            <Link to={channelPath(channel.group_id)}>{channel.name}</Link>{" "}
            <span className="badge">{channel.type_name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A role may not use a page: the gateway would refuse every call it makes. */
export function NotForYourRole({ label, groupId }: { label: string; groupId: number }) {
  return (
    <>
      <h1>{label}</h1>
      <p>
        <Trans>Your role does not allow this page.</Trans>
      </p>
      <p>
        <Link to={channelPath(groupId)}>
          <Trans>Go to the channel page</Trans>
        </Link>
      </p>
    </>
  );
}

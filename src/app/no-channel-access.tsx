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
      <h1>No access to this channel</h1>
      <p>
        Your account has no access to the channel <code>{requested}</code>, or there is no such
        channel.
      </p>
      <YourChannels channels={channels} />
    </>
  );
}

export function YourChannels({ channels }: { channels: readonly SessionChannel[] }) {
  if (channels.length === 0) {
    return <p>Your account has no channels yet. Ask an administrator to give you access.</p>;
  }
  return (
    <>
      <h2>Your channels</h2>
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
      <p>Your role does not allow this page.</p>
      <p>
        <Link to={channelPath(groupId)}>Go to the channel page</Link>
      </p>
    </>
  );
}

import { i18n } from "@lingui/core";
import { useId } from "react";
import { Avatar } from "@/components/avatar";
import type { Channel } from "@/contract/entities";
import { channelKindLabel } from "@/lib/channel-kind";
import "./channel.css";

interface ChannelCardProps {
  /** The answer of groups/get; every value is shown as text. */
  channel: Channel;
  /** The channel's time zone from the session (groups/get does not tell it). */
  timeZone: string;
}

export function ChannelCard({ channel, timeZone }: ChannelCardProps) {
  const titleId = useId();
  return (
    <article className="card channel-card" aria-labelledby={titleId}>
      <div className="channel-card-head">
        <Avatar name={channel.name} photo={channel.photo} size={64} className="channel-photo" />
        <h2 id={titleId} className="channel-card-name">
          {channel.name || "Unnamed channel"}
        </h2>
      </div>
      <dl className="facts">
        <Fact term="Kind" value={channelKindLabel(channel.type_id, i18n)} />
        <Fact term="Group id" value={channel.group_id} />
        <Fact term="External id" value={channel.external_id} />
        <Fact term="Workspace id" value={channel.workspace_id} />
        <Fact term="Time zone" value={timeZone} />
      </dl>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{value || <span className="muted">not set</span>}</dd>
    </div>
  );
}

export function ChannelCardSkeleton() {
  return (
    <div className="card channel-card" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading the channel…
      </p>
      <div className="channel-card-head" aria-hidden="true">
        <span className="channel-photo skeleton" />
        <span className="skeleton skeleton-line skeleton-title" />
      </div>
      <div className="facts" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((line) => (
          <span key={line} className="skeleton skeleton-line" />
        ))}
      </div>
    </div>
  );
}

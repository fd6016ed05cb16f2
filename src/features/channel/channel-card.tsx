import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Avatar } from "@/components/avatar";
import type { Channel } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
import { channelKindLabel } from "@/lib/channel-kind";
import "./channel.css";

interface ChannelCardProps {
  /** The answer of groups/get; every value is shown as text. */
  channel: Channel;
  /** The channel's time zone from the session (groups/get does not tell it). */
  timeZone: string;
}

export function ChannelCard({ channel, timeZone }: ChannelCardProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const titleId = useId();
  // As people say it ("MSK (UTC+3)"), today's offset; the IANA name on hover.
  const [now] = useState(() => Date.now());
  const zone = format.zone(timeZone, now);
  return (
    <article className="card channel-card" aria-labelledby={titleId}>
      <div className="channel-card-head">
        <Avatar name={channel.name} photo={channel.photo} size={64} className="channel-photo" />
        <h2 id={titleId} className="channel-card-name">
          {channel.name || t`Unnamed channel`}
        </h2>
      </div>
      <dl className="facts">
        <Fact term={t`Kind`} value={channelKindLabel(channel.type_id, i18n)} />
        <Fact term={t`Group id`} value={channel.group_id} />
        <Fact term={t`External id`} value={channel.external_id} />
        <Fact term={t`Workspace id`} value={channel.workspace_id} />
        <Fact term={t`Time zone`} value={zone.label} title={zone.iana} />
      </dl>
    </article>
  );
}

function Fact({ term, value, title }: { term: string; value: string; title?: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd title={title !== undefined && title !== value ? title : undefined}>
        {value || (
          <span className="muted">
            <Trans>not set</Trans>
          </span>
        )}
      </dd>
    </div>
  );
}

export function ChannelCardSkeleton() {
  return (
    <div className="card channel-card" aria-busy="true">
      <p role="status" className="visually-hidden">
        <Trans>Loading the channel…</Trans>
      </p>
      <div className="channel-card-head" aria-hidden="true">
        <span className="channel-photo skeleton" />
        <span className="skeleton skeleton-line skeleton-title" />
      </div>
      {/* The card's own terms and values, as lines of text: the card keeps its height when the
          channel comes, and what follows does not move (a layout shift, issue 15). */}
      <dl className="facts" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((line) => (
          <div key={line} className="fact">
            <dt>
              <span className="skeleton skeleton-text">&nbsp;</span>
            </dt>
            <dd>
              <span className="skeleton skeleton-text">&nbsp;</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

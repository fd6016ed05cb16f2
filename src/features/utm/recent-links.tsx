import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CopyButton } from "@/components/copy-button";
import { useFormat } from "@/i18n/use-format";
import type { RecentLink } from "@/lib/recent-links";
import { MAX_RECENT_LINKS } from "@/lib/recent-links";

/** The links made lately in this browser for this channel, newest first, with a way to clear them. */
export function RecentLinks({
  links,
  kept,
  onClear,
  timeZone,
}: {
  links: readonly RecentLink[];
  kept: boolean;
  onClear: () => void;
  /** The channel's zone: when each link was made, as every date of the channel reads. */
  timeZone: string;
}) {
  const { t } = useLingui();
  const max = MAX_RECENT_LINKS;
  return (
    <section className="utm-recent card" aria-labelledby="utm-recent-title">
      <div className="utm-recent-head">
        <h2 id="utm-recent-title">
          <Trans>Recent links</Trans>
        </h2>
        {links.length > 0 && (
          <button type="button" className="button" onClick={onClear}>
            <Trans>Clear recent links</Trans>
          </button>
        )}
      </div>
      <p className="muted utm-recent-about">
        {t`${plural(max, {
          one: "The last # link made for this channel, kept in this browser only.",
          other: "The last # links made for this channel, kept in this browser only.",
        })}`}
      </p>
      {!kept && (
        <p className="field-error">
          <Trans>
            This browser does not keep data for the page: the list will be gone when you leave.
          </Trans>
        </p>
      )}
      {links.length === 0 ? (
        <p role="status">
          <Trans>No links made yet.</Trans>
        </p>
      ) : (
        <ul className="utm-recent-list">
          {links.map((item) => (
            <RecentItem key={item.link} item={item} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentItem({ item, timeZone }: { item: RecentLink; timeZone: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const { link, tagName, subscriptionName } = item;
  const when = format.dateTime(item.at, timeZone);
  return (
    <li className="utm-recent-item">
      <span className="utm-recent-link">{link}</span>
      <span className="muted utm-recent-meta">
        {item.force
          ? t`${tagName} → ${subscriptionName}, subscribes on click · ${when}`
          : `${tagName} → ${subscriptionName} · ${when}`}
      </span>
      <CopyButton
        text={link}
        label={t`Copy ${link}`}
        refused={t`The browser did not allow copying: select the link and press Ctrl+C (⌘C).`}
      />
    </li>
  );
}

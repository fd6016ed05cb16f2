import type { RecentLink } from "@/lib/recent-links";
import { MAX_RECENT_LINKS } from "@/lib/recent-links";
import { CopyButton } from "./copy-button";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** The links made lately in this browser for this channel, newest first, with a way to clear them. */
export function RecentLinks({
  links,
  kept,
  onClear,
}: {
  links: readonly RecentLink[];
  kept: boolean;
  onClear: () => void;
}) {
  return (
    <section className="utm-recent card" aria-labelledby="utm-recent-title">
      <div className="utm-recent-head">
        <h2 id="utm-recent-title">Recent links</h2>
        {links.length > 0 && (
          <button type="button" className="button" onClick={onClear}>
            Clear recent links
          </button>
        )}
      </div>
      <p className="muted utm-recent-about">
        The last {MAX_RECENT_LINKS} links made for this channel, kept in this browser only.
      </p>
      {!kept && (
        <p className="field-error">
          This browser does not keep data for the page: the list will be gone when you leave.
        </p>
      )}
      {links.length === 0 ? (
        <p role="status">No links made yet.</p>
      ) : (
        <ul className="utm-recent-list">
          {links.map((item) => (
            <li key={item.link} className="utm-recent-item">
              <span className="utm-recent-link">{item.link}</span>
              <span className="muted utm-recent-meta">
                {item.tagName} → {item.subscriptionName}
                {item.force ? ", subscribes on click" : ""} · {when.format(item.at)}
              </span>
              <CopyButton text={item.link} label={`Copy ${item.link}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

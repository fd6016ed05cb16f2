import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SessionChannel } from "@/contract/session";
import { switchChannelPath } from "@/lib/channel-path";
import "./session.css";

interface ChannelSwitcherProps {
  channels: readonly SessionChannel[];
  /** The channel of the URL, when it is one of the session's. */
  currentGroupId: number | undefined;
}

/** The session's channels as links to the same page of each; the current one is marked. */
export function ChannelSwitcher({ channels, currentGroupId }: ChannelSwitcherProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const current = channels.find((channel) => channel.group_id === currentGroupId);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !detailsRef.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
    };
  }, [open]);

  if (channels.length === 0) return null;

  return (
    <details
      ref={detailsRef}
      className="channel-switcher"
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          summaryRef.current?.focus();
        }
      }}
    >
      <summary ref={summaryRef}>
        <span className="channel-switcher-label">
          <Trans>Channel</Trans>
        </span>{" "}
        {current ? (
          <>
            <span className="channel-switcher-name">{current.name}</span>{" "}
            <span className="badge">{current.type_name}</span>
          </>
        ) : (
          <span className="channel-switcher-name">
            <Trans>Choose a channel</Trans>
          </span>
        )}
      </summary>
      <ul className="channel-switcher-list">
        {channels.map((channel) => (
          <li key={channel.group_id}>
            <Link
              to={switchChannelPath(pathname, channel.group_id)}
              aria-current={channel.group_id === currentGroupId ? "page" : undefined}
              onClick={() => {
                setOpen(false);
              }}
            >
              <span className="channel-switcher-name">{channel.name}</span>{" "}
              <span className="badge">{channel.type_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

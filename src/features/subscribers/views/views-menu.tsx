import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, type ReactNode } from "react";
import { Link } from "react-router";
import type { ViewItem } from "@/contract/views";
import { useFormat } from "@/i18n/use-format";
import { subscribersViewPath } from "@/lib/view-path";
import { useMenuClose } from "./use-menu-close";

/** What a person may do with one view of the menu. */
export type ViewAction = "rename" | "share" | "unshare" | "pin" | "unpin" | "delete";

interface ViewsMenuProps {
  groupId: number;
  views: readonly ViewItem[] | undefined;
  /** The list could not be read: said, with a way to ask again. */
  failed: boolean;
  onRetry: () => void;
  /** The view the page shows now, marked in the list. */
  currentId: number | undefined;
  /** Administrators may delete a view the team shares, whoever saved it. */
  admin: boolean;
  /** An action is under way: its buttons wait. */
  busy: boolean;
  onAction: (view: ViewItem, action: ViewAction) => void;
}

/** "Views": mine and the team's, each a link that opens the list it keeps, with its actions. */
export function ViewsMenu(props: ViewsMenuProps) {
  const { views } = props;
  const format = useFormat();
  const ref = useRef<HTMLDetailsElement>(null);
  useMenuClose(ref);
  const mine = views?.filter((view) => view.mine) ?? [];
  const shared = views?.filter((view) => !view.mine) ?? [];
  const count = format.number(views?.length ?? 0);

  return (
    <details ref={ref} className="saved-views-menu">
      <summary className="button">
        <Trans>
          Views <span className="muted">({count})</span>
        </Trans>
      </summary>
      <div className="saved-views-panel">
        {props.failed ? (
          <p role="alert">
            <Trans>Saved views could not be loaded.</Trans>{" "}
            <button type="button" className="button" onClick={props.onRetry}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : views === undefined ? (
          <p className="muted" role="status">
            <Trans>Loading views…</Trans>
          </p>
        ) : (
          <>
            <ViewGroup
              {...props}
              title={<Trans>My views</Trans>}
              empty={<Trans>You have no saved views yet.</Trans>}
              items={mine}
              close={() => {
                if (ref.current) ref.current.open = false;
              }}
            />
            <ViewGroup
              {...props}
              title={<Trans>Shared with the team</Trans>}
              empty={<Trans>Nobody shares a view of this channel yet.</Trans>}
              items={shared}
              close={() => {
                if (ref.current) ref.current.open = false;
              }}
            />
          </>
        )}
      </div>
    </details>
  );
}

interface ViewGroupProps extends ViewsMenuProps {
  title: ReactNode;
  empty: ReactNode;
  items: readonly ViewItem[];
  close: () => void;
}

function ViewGroup({ title, empty, items, close, ...props }: ViewGroupProps) {
  const { t } = useLingui();
  return (
    <section className="saved-views-group">
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul>
          {items.map((view) => {
            const name = view.name;
            const owner = view.owner;
            const act = (action: ViewAction) => () => {
              props.onAction(view, action);
            };
            const mayDelete = view.mine || (props.admin && view.shared);
            return (
              <li key={view.view_id}>
                <Link
                  to={subscribersViewPath(props.groupId, view.search)}
                  aria-current={view.view_id === props.currentId ? "page" : undefined}
                  onClick={close}
                >
                  {name}
                </Link>
                <span className="muted saved-views-notes">
                  {view.mine && view.shared && <Trans>shared</Trans>}
                  {!view.mine && <Trans>by {owner}</Trans>}
                  {view.pinned && (
                    <>
                      {(view.shared || !view.mine) && " · "}
                      <Trans>pinned</Trans>
                    </>
                  )}
                </span>
                <span className="saved-views-actions">
                  {view.mine && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={props.busy}
                      aria-label={t`Rename ${name}`}
                      onClick={act("rename")}
                    >
                      <Trans>Rename</Trans>
                    </button>
                  )}
                  {view.mine && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={props.busy}
                      aria-label={view.shared ? t`Stop sharing ${name}` : t`Share ${name}`}
                      onClick={act(view.shared ? "unshare" : "share")}
                    >
                      {view.shared ? <Trans>Stop sharing</Trans> : <Trans>Share</Trans>}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-small"
                    disabled={props.busy}
                    aria-label={view.pinned ? t`Unpin ${name}` : t`Pin ${name}`}
                    onClick={act(view.pinned ? "unpin" : "pin")}
                  >
                    {view.pinned ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
                  </button>
                  {mayDelete && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={props.busy}
                      aria-label={t`Delete ${name}`}
                      onClick={act("delete")}
                    >
                      <Trans>Delete</Trans>
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

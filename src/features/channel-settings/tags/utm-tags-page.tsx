import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import PencilIcon from "lucide/dist/esm/icons/pencil.mjs";
import PlusIcon from "lucide/dist/esm/icons/plus.mjs";
import TrashIcon from "lucide/dist/esm/icons/trash.mjs";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { useApi } from "@/api/api-context";
import { namesById, subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { UtmTagDialogs, type UtmTagDialog } from "@/components/utm-tags/utm-tag-dialogs";
import { Later } from "@/components/later";
import { useFormat } from "@/i18n/use-format";
import { channelPath } from "@/lib/channel-path";
import "@/components/data-table.css";
import "../settings.css";
import { Icon } from "@/components/icon";

/**
 * `/c/:groupId/utm/tags`: the channel's campaign tags with how many people carry each
 * (utms/get's `count`), created, renamed and deleted with the same dialogs as the UTM page.
 */
export function UtmTagsPage() {
  const { t } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const { call } = useApi();
  const groupId = channel.group_id;
  useDocumentTitle(
    t({ message: "UTM tags", context: "page that creates, renames and deletes tags" }),
  );
  const tags = useQuery(utmsQuery(groupId, call));
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const groupNames = useMemo(
    () =>
      namesById(
        subscriptions.data,
        (item) => item.subscription_id,
        (item) => item.name,
      ),
    [subscriptions.data],
  );
  const [dialog, setDialog] = useState<UtmTagDialog | null>(null);
  const close = useCallback(() => {
    setDialog(null);
  }, []);

  return (
    <div className="settings">
      <h1>
        <Trans context="page that creates, renames and deletes tags">UTM tags</Trans>
      </h1>
      <p className="settings-intro">
        <Trans>
          The tags that links carry to tell where subscribers came from. Their statistics and the
          link builder are on the <Link to={channelPath(groupId, "utm")}>UTM page</Link>.
        </Trans>
      </p>
      <p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setDialog({ kind: "new" });
          }}
        >
          <Icon icon={PlusIcon} size={16} />
          <Trans>New tag</Trans>
        </button>
      </p>
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        {tags.isPending ? (
          <p className="muted">
            <Trans>Loading the tags…</Trans>
          </p>
        ) : tags.isError ? (
          <ErrorState
            title={t`Could not load the tags`}
            error={tags.error}
            onRetry={() => void tags.refetch()}
            retrying={tags.isFetching}
          />
        ) : tags.data.length === 0 ? (
          <p className="muted">
            <Trans>The channel has no tags yet.</Trans>
          </p>
        ) : (
          <div className="data-table-scroll">
            <table className="data-table settings-table">
              <caption className="visually-hidden">
                <Trans>Tags of the channel</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Tag</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Group</Trans>
                  </th>
                  <th scope="col" className="numeric">
                    <Trans>People</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tags.data.map((tag) => {
                  const name = tag.name;
                  const group =
                    tag.subscription_id > 0
                      ? (groupNames.get(tag.subscription_id) ?? `#${String(tag.subscription_id)}`)
                      : "";
                  return (
                    <tr key={tag.utm_id}>
                      <th scope="row">{name}</th>
                      <td>{group}</td>
                      <td className="numeric">{format.number(tag.count)}</td>
                      <td>
                        <span className="settings-row-buttons">
                          <button
                            type="button"
                            className="button settings-small"
                            aria-label={t`Rename ${name}`}
                            title={t`Rename ${name}`}
                            onClick={() => {
                              setDialog({ kind: "rename", utmId: tag.utm_id, name });
                            }}
                          >
                            <Icon icon={PencilIcon} size={16} />
                          </button>
                          <button
                            type="button"
                            className="button settings-small"
                            aria-label={t`Delete ${name}`}
                            title={t`Delete ${name}`}
                            onClick={() => {
                              setDialog({
                                kind: "delete",
                                utmId: tag.utm_id,
                                name,
                                people: tag.count,
                              });
                            }}
                          >
                            <Icon icon={TrashIcon} size={16} />
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Later>
      <UtmTagDialogs groupId={groupId} dialog={dialog} onClose={close} />
    </div>
  );
}

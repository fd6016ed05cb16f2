import { i18n as globalI18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import PencilIcon from "lucide/dist/esm/icons/pencil.mjs";
import PlusIcon from "lucide/dist/esm/icons/plus.mjs";
import TrashIcon from "lucide/dist/esm/icons/trash.mjs";
import { useState } from "react";
import { Link } from "react-router";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { subscriptionsQuery } from "@/api/lookup-queries";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { channelPath } from "@/lib/channel-path";
import { groupKeys } from "../queries";
import { MemberCount, MembersLost } from "./member-count";
import "@/components/data-table.css";
import "../settings.css";
import { Icon } from "@/components/icon";

/**
 * `/c/:groupId/groups`: the channel's groups (subscriptions) with how many people are in each,
 * a way to create one, edit one, or delete one after a question that says how many people it
 * unsubscribes.
 */
export function GroupsPage() {
  const { t } = useLingui();
  const channel = useCurrentChannel();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const groupId = channel.group_id;
  const channelName = channel.name;
  useDocumentTitle(t`Groups`);
  const groups = useQuery(subscriptionsQuery(groupId, call));
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const deletingName = deleting?.name ?? "";

  return (
    <div className="settings">
      <h1>
        <Trans>Groups</Trans>
      </h1>
      <p className="settings-intro">
        <Trans>
          The groups people subscribe to in {channelName}: their subscription pages, who may join
          and what happens then. The statistics of subscribing are on the Subscriptions page.
        </Trans>
      </p>
      <p>
        <Link className="button button-primary" to={channelPath(groupId, "groups/new")}>
          <Icon icon={PlusIcon} size={16} />
          <Trans>New group</Trans>
        </Link>
      </p>
      {groups.isPending ? (
        <p className="muted">
          <Trans>Loading the groups…</Trans>
        </p>
      ) : groups.isError ? (
        <ErrorState
          title={t`Could not load the groups`}
          error={groups.error}
          onRetry={() => void groups.refetch()}
          retrying={groups.isFetching}
        />
      ) : groups.data.length === 0 ? (
        <p className="muted">
          <Trans>The channel has no groups yet.</Trans>
        </p>
      ) : (
        <div className="data-table-scroll">
          <table className="data-table settings-table">
            <caption className="visually-hidden">
              <Trans>Groups of the channel</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans context="a group's name">Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Page title</Trans>
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
              {groups.data.map((group) => {
                const name = group.name;
                return (
                  <tr key={group.subscription_id}>
                    <th scope="row">
                      <Link to={channelPath(groupId, `groups/${String(group.subscription_id)}`)}>
                        {name}
                      </Link>
                      <span className="settings-badges">
                        {group.inactive === 1 && (
                          <span className="badge">
                            <Trans>closed</Trans>
                          </span>
                        )}
                        {group.hide_subscriptions === 1 && (
                          <span className="badge">
                            <Trans>hidden</Trans>
                          </span>
                        )}
                        {group.limit_period === 1 && (
                          <span className="badge">
                            <Trans>for a time</Trans>
                          </span>
                        )}
                      </span>
                    </th>
                    <td>{group.title ?? ""}</td>
                    <td className="numeric">
                      <MemberCount groupId={groupId} subscriptionId={group.subscription_id} />
                    </td>
                    <td>
                      <span className="settings-row-buttons">
                        <Link
                          className="button settings-small"
                          to={channelPath(groupId, `groups/${String(group.subscription_id)}`)}
                          aria-label={t`Edit ${name}`}
                          title={t`Edit ${name}`}
                        >
                          <Icon icon={PencilIcon} size={16} />
                        </Link>
                        <button
                          type="button"
                          className="button settings-small"
                          aria-label={t`Delete ${name}`}
                          title={t`Delete ${name}`}
                          onClick={() => {
                            setDeleting({ id: group.subscription_id, name });
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        tone="danger"
        title={t`Delete the group “${deletingName}”?`}
        description={
          <>
            {deleting && <MembersLost groupId={groupId} subscriptionId={deleting.id} />}
            <p>
              <Trans>
                Its tags are deleted with it; its past events stay in the statistics. This cannot be
                undone.
              </Trans>
            </p>
          </>
        }
        confirmLabel={t`Delete the group`}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          call("subscriptions/del", { subscription_id: id }, { groupId }).then(
            async () => {
              await Promise.all(
                groupKeys(groupId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
              );
              notify("success", t`Group “${name}” deleted.`);
            },
            (error: unknown) => {
              const reason = describeApiError(error, globalI18n);
              notify("error", t`Group “${name}” was not deleted: ${reason}`);
            },
          );
        }}
      />
    </div>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { botsQuery, subscriptionsQuery } from "@/api/lookup-queries";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { useFormat } from "@/i18n/use-format";
import { channelPath, parseGroupId } from "@/lib/channel-path";
import { draftKey } from "@/lib/drafts";
import {
  emptyGroupForm,
  groupFormFromInfo,
  groupRequestFromForm,
  type GroupFormValues,
} from "@/lib/group-form";
import { groupKeys } from "../queries";
import { GroupForm } from "./group-form";
import "../settings.css";

/**
 * `/c/:groupId/groups/new` and `/c/:groupId/groups/:subscriptionId` (one route): a group's
 * settings in one form (subscriptions/add, subscriptions/edit); back to the list once saved.
 */
export function GroupPage() {
  const { t } = useLingui();
  const channel = useCurrentChannel();
  const { call } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useFormat();
  const groupId = channel.group_id;
  const { subscriptionId: raw } = useParams();
  const editing = raw === "new" ? undefined : (parseGroupId(raw) ?? 0);
  const groups = useQuery(subscriptionsQuery(groupId, call));
  const bots = useQuery(botsQuery(groupId, call));
  const group = groups.data?.find((item) => item.subscription_id === editing);
  const groupName = group?.name ?? "";
  useDocumentTitle(editing === undefined ? t`New group` : t`Group ${groupName}`);
  const listPath = channelPath(groupId, "groups");

  const start = useMemo<GroupFormValues | undefined>(
    () => (editing === undefined ? emptyGroupForm : group && groupFormFromInfo(group)),
    [editing, group],
  );
  const others = useMemo(
    () =>
      (groups.data ?? [])
        .filter((item) => item.subscription_id !== editing)
        .map((item) => ({ id: item.subscription_id, name: item.name })),
    [groups.data, editing],
  );
  const botChoices = useMemo(
    () => (bots.data ?? []).map((bot) => ({ id: bot.bot_id, name: bot.title })),
    [bots.data],
  );
  const backToList = useCallback(() => void navigate(listPath), [navigate, listPath]);
  const [now] = useState(Date.now);
  const zoneLabel = format.zone(channel.time_zone, now).label;

  const save = async (values: GroupFormValues) => {
    const request = groupRequestFromForm(values);
    const name = request.name;
    if (editing === undefined) {
      await call("subscriptions/add", request, { groupId });
      notify("success", t`Group “${name}” created.`);
    } else {
      await call("subscriptions/edit", { subscription_id: editing, ...request }, { groupId });
      notify("success", t`Group “${name}” saved.`);
    }
    await Promise.all(
      groupKeys(groupId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };

  return (
    <div className="settings">
      <p className="settings-back">
        <Link to={listPath}>
          <Trans>← All groups</Trans>
        </Link>
      </p>
      <h1>
        {editing === undefined ? (
          <Trans>New group</Trans>
        ) : group ? (
          groupName
        ) : (
          <Trans>Group</Trans>
        )}
      </h1>
      {groups.isPending || bots.isPending ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : groups.isError || bots.isError ? (
        <ErrorState
          title={t`Could not load the groups and bots the form offers`}
          error={groups.error ?? bots.error}
          onRetry={() => {
            void groups.refetch();
            void bots.refetch();
          }}
          retrying={groups.isFetching || bots.isFetching}
        />
      ) : start === undefined ? (
        <p className="notice notice-warning">
          <Trans>This group does not exist in the channel (any more).</Trans>{" "}
          <Link to={listPath}>
            <Trans>Back to the groups</Trans>
          </Link>
        </p>
      ) : (
        <GroupForm
          key={editing ?? "new"}
          saved={start}
          draftKey={draftKey(groupId, "group", editing ?? "new")}
          groups={others}
          bots={botChoices}
          zoneLabel={zoneLabel}
          submitLabel={editing === undefined ? t`Create the group` : t`Save changes`}
          busyLabel={t`Saving…`}
          backTo={listPath}
          onSave={save}
          onSaved={backToList}
        />
      )}
    </div>
  );
}

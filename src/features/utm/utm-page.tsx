import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "@/api/api-context";
import { namesById, subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { PeriodPicker, usePeriodSearch } from "@/components/period-picker";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { mayCall } from "@/contract/roles";
import { useFormat } from "@/i18n/use-format";
import { userIdField } from "@/lib/subscriber-format";
import { LinkBuilder } from "./link-builder";
import { RecentLinks } from "./recent-links";
import { TagCountsChart } from "./tag-counts-chart";
import { TaggedEvents } from "./tagged-events";
import { useRecentLinks } from "./use-recent-links";
import { utmSearch } from "./utm-search";
import "@/components/data-table.css";
import "./utm.css";
import { withZone } from "@/lib/zone-words";

/**
 * Campaign tags: subscriptions and unsubscriptions per tag (utms/statCount), the tagged events
 * themselves (utms/statSubscribe), and a form that makes a tagged link (utms/getLink) with its
 * QR code, remembering the links made lately.
 */
export function UtmPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const channelName = channel.name;
  useDocumentTitle(t`UTM · ${channelName}`);
  const { call } = useApi();
  const { choice, period, now, setChoice } = usePeriodSearch();
  const [search, setSearch] = useSearchState(utmSearch);

  const tags = useQuery(utmsQuery(channel.group_id, call));
  const subscriptions = useQuery(subscriptionsQuery(channel.group_id, call));
  const tagNames = useMemo(
    () =>
      namesById(
        tags.data,
        (item) => item.utm_id,
        (item) => item.name,
      ),
    [tags.data],
  );
  const subscriptionNames = useMemo(
    () =>
      namesById(
        subscriptions.data,
        (item) => item.subscription_id,
        (item) => item.name,
      ),
    [subscriptions.data],
  );
  const counts = useQuery(
    apiQuery(
      channel.group_id,
      "utms/statCount",
      { date_from: period.dateFrom, date_to: period.dateTo },
      call,
    ),
  );
  // The zone as people say it, at the period's end (summer and winter differ); IANA in a title.
  const zone = format.zone(channel.time_zone, period.to);
  const days = format.period(period.from, period.to, channel.time_zone);
  const zoneLabel = zone.label;
  const periodText = withZone(days, zoneLabel, i18n);
  const canBuild = mayCall(role, "utms/getLink");

  return (
    <>
      <h1>
        <Trans>UTM</Trans>
      </h1>
      <PeriodPicker
        choice={choice}
        period={period}
        now={now}
        onChange={(next) => {
          setChoice(next, { reset: ["page"] });
        }}
      />
      {(tags.isError || subscriptions.isError) && (
        <p className="muted utm-names-note">
          <Trans>Tag or subscription names could not be loaded, so ids are shown.</Trans>{" "}
          <button
            type="button"
            className="button"
            onClick={() => {
              void tags.refetch();
              void subscriptions.refetch();
            }}
          >
            <Trans>Load names again</Trans>
          </button>
        </p>
      )}
      <TagCountsChart
        items={counts.data?.items}
        names={tagNames}
        loading={counts.isPending}
        error={counts.isError ? counts.error : undefined}
        onRetry={() => void counts.refetch()}
        retrying={counts.isFetching}
        periodText={periodText}
      />
      <div className="utm-columns">
        {canBuild && (
          <LinkSection
            key={channel.group_id}
            groupId={channel.group_id}
            tags={tags.data ?? []}
            subscriptions={subscriptions.data ?? []}
            subscriptionNames={subscriptionNames}
            loading={tags.isPending || subscriptions.isPending}
            timeZone={channel.time_zone}
          />
        )}
      </div>
      <TaggedEvents
        groupId={channel.group_id}
        period={period}
        action={search.action}
        tag={search.tag[0]}
        page={search.page}
        tags={tags.data ?? []}
        tagNames={tagNames}
        subscriptionNames={subscriptionNames}
        userIdField={userIdField(channel.type_name)}
        timeZone={channel.time_zone}
        zone={zone}
        onChange={(patch) => {
          setSearch(patch, { push: patch.page !== undefined && patch.tag === undefined });
        }}
      />
    </>
  );
}

function LinkSection({
  groupId,
  timeZone,
  ...lists
}: Omit<Parameters<typeof LinkBuilder>[0], "onMade"> & { timeZone: string }) {
  const recent = useRecentLinks(groupId);
  return (
    <>
      <LinkBuilder groupId={groupId} {...lists} onMade={recent.add} />
      <RecentLinks
        links={recent.links}
        kept={recent.kept}
        onClear={recent.clear}
        timeZone={timeZone}
      />
    </>
  );
}

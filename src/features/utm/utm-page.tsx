import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useApi } from "@/api/api-context";
import { namesById, subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { PeriodPicker, usePeriodSearch } from "@/components/period-picker";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { Later } from "@/components/later";
import { mayCall } from "@/contract/roles";
import { useFormat } from "@/i18n/use-format";
import { previousPeriod } from "@/lib/compare-periods";
import { userIdField } from "@/lib/subscriber-format";
import { campaignLabelsQuery, previousTagCountsQuery, tagCountsQuery } from "./queries";
import type { TagDialog } from "./tag-dialogs";
import { TaggedEvents } from "./tagged-events";
import { UtmFigures } from "./utm-figures";
import { utmSearch } from "./utm-search";
import "@/components/data-table.css";
import "./utm.css";
import { withZone } from "@/lib/zone-words";
import { withCatalogs } from "@/i18n/with-catalogs";

// Below the first screen (the builder) or behind a button (the tags' dialogs): fetched once the
// page is drawn, with react-hook-form and the forms' words, not as part of its first load.
const loadLinkSection = () => withCatalogs("forms", () => import("./link-section"));
const LinkSection = lazy(() =>
  loadLinkSection().then((module) => ({ default: module.LinkSection })),
);
const loadTagDialogs = () => withCatalogs("forms", () => import("./tag-dialogs"));
const TagDialogs = lazy(() => loadTagDialogs().then((module) => ({ default: module.TagDialogs })));

const NO_LABELS: ReadonlyMap<number, string> = new Map();

/**
 * Campaign tags: subscriptions and unsubscriptions per campaign or per tag (utms/statCount of
 * the period and of the one before), the tagged events themselves (utms/statSubscribe), a form
 * that makes a tagged link (utms/getLink) with its QR code, and, for admin and marketing, the
 * tags themselves (utms/add|edit|del) and their campaigns (the gateway's labels).
 */
export function UtmPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  useDocumentTitle(t`UTM`);
  const { call, gateway } = useApi();
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
  const counts = useQuery(tagCountsQuery(channel.group_id, period, call));
  const previousCounts = useQuery(previousTagCountsQuery(channel.group_id, period, call));
  const labels = useQuery(campaignLabelsQuery(channel.group_id, gateway));
  const [dialog, setDialog] = useState<TagDialog | null>(null);
  // Mounted from the first opening on, so a dialog that closes gives the focus back.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (dialog !== null && !dialogsWanted) setDialogsWanted(true);
  const closeDialog = useCallback(() => {
    setDialog(null);
  }, []);
  // The zone as people say it, at the period's end (summer and winter differ); IANA in a title.
  const zone = format.zone(channel.time_zone, period.to);
  const days = format.period(period.from, period.to, channel.time_zone);
  const zoneLabel = zone.label;
  const periodText = withZone(days, zoneLabel, i18n);
  const before = previousPeriod(period);
  const previousText = format.period(before.from, before.to, channel.time_zone);
  const canBuild = mayCall(role, "utms/getLink");
  const canManage = mayCall(role, "utms/add") && mayCall(role, "utms/edit");
  const countsError = counts.error ?? previousCounts.error ?? undefined;
  useEffect(() => {
    if (canManage) void loadTagDialogs().catch(() => undefined);
  }, [canManage]);

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
      {labels.isError && (
        <p className="muted utm-names-note">
          <Trans>Campaign names could not be loaded, so campaigns follow the tags’ names.</Trans>{" "}
          <button type="button" className="button" onClick={() => void labels.refetch()}>
            <Trans>Load campaigns again</Trans>
          </button>
        </p>
      )}
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <UtmFigures
          current={counts.data?.items}
          previous={previousCounts.data?.items}
          names={tagNames}
          labels={labels.data ?? NO_LABELS}
          grouping={search.by}
          measure={search.rank}
          onChange={(patch) => {
            setSearch(patch);
          }}
          loading={counts.isPending || previousCounts.isPending}
          error={countsError}
          onRetry={() => {
            if (counts.isError) void counts.refetch();
            if (previousCounts.isError) void previousCounts.refetch();
          }}
          retrying={counts.isFetching || previousCounts.isFetching}
          periodText={periodText}
          previousText={previousText}
          fileStem={`${period.firstDay}_${period.lastDay}`}
          chartPeriod={{ from: period.from, to: period.to, timeZone: channel.time_zone, zoneLabel }}
          onDialog={canManage ? setDialog : undefined}
        />
        {canManage && dialogsWanted && (
          <ChunkBoundary what={t`This form could not be loaded.`}>
            <Suspense fallback={null}>
              <TagDialogs groupId={channel.group_id} dialog={dialog} onClose={closeDialog} />
            </Suspense>
          </ChunkBoundary>
        )}
        <Later>
          <div className="utm-columns">
            {canBuild && (
              <ChunkBoundary what={t`This form could not be loaded.`}>
                <Suspense fallback={<LinkSectionPlaceholder />}>
                  <LinkSection
                    key={channel.group_id}
                    groupId={channel.group_id}
                    tags={tags.data ?? []}
                    subscriptions={subscriptions.data ?? []}
                    subscriptionNames={subscriptionNames}
                    loading={tags.isPending || subscriptions.isPending}
                    timeZone={channel.time_zone}
                    onNewTag={
                      canManage
                        ? (select) => {
                            setDialog({ kind: "new", onCreated: select });
                          }
                        : undefined
                    }
                  />
                </Suspense>
              </ChunkBoundary>
            )}
          </div>
          <Later>
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
          </Later>
        </Later>
      </Later>
    </>
  );
}

/** Where the builder and the recent links come, as tall as the builder's card. */
function LinkSectionPlaceholder() {
  return <div className="card utm-builder-placeholder" aria-hidden="true" />;
}

import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useIsFetching } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { apiKeys } from "@/api/query-keys";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { useInView } from "@/components/use-in-view";
import { mayCall } from "@/contract/roles";
import { ACTIVITY_DAYS } from "./activity-days";
import "./activity-chart.css";
import { withCatalogs } from "@/i18n/with-catalogs";

// The chart's code (and its calls) come after the page's: the figures load first.
const ActivityChartBody = lazy(() => withCatalogs("charts", () => import("./activity-chart-body")));

// Long enough for the figures' queries to have started once the page has mounted.
const SETTLE_MS = 150;

/**
 * The channel page's 30-day chart of subscriptions and unsubscriptions per day, for roles
 * that may count them. It waits for the figures above it, so that their few calls go first,
 * and for someone to scroll to it: it sits below the fold on a phone and on a laptop, and its
 * event pages and drawing would otherwise hold up the first screen (issue 15, Lighthouse's
 * blocking time).
 */
export function ChannelActivity() {
  const { t } = useLingui();
  const { role } = useSignedInSession();
  const channel = useCurrentChannel();
  const afterOthers = useAfterOtherCalls(channel.group_id);
  // Looked at once the figures above have loaded and the page has its final height.
  const [placeRef, inView] = useInView<HTMLDivElement>(afterOthers);
  const ready = afterOthers && inView;
  if (!mayCall(role, "subscribers/statCount")) return null;
  const waiting = (
    <p role="status" className="channel-activity-waiting">
      {t`${plural(ACTIVITY_DAYS, {
        one: "Loading the chart of the last # day…",
        other: "Loading the chart of the last # days…",
      })}`}
    </p>
  );
  const chartMissing = t`${plural(ACTIVITY_DAYS, {
    one: "The chart of the last # day could not be loaded.",
    other: "The chart of the last # days could not be loaded.",
  })}`;
  return (
    <div ref={placeRef} className="channel-activity">
      {ready ? (
        <ChunkBoundary what={chartMissing}>
          <Suspense fallback={waiting}>
            <ActivityChartBody key={channel.group_id} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        waiting
      )}
    </div>
  );
}

/**
 * True once no other call of the channel has been running for a moment, and from then on
 * (the chart's own calls must not hold it back), until another channel is shown.
 */
function useAfterOtherCalls(groupId: number): boolean {
  const fetching = useIsFetching({ queryKey: apiKeys.channel(groupId) });
  const [readyFor, setReadyFor] = useState<number | null>(null);
  const ready = readyFor === groupId;
  useEffect(() => {
    if (ready || fetching > 0) return;
    const timer = setTimeout(() => {
      setReadyFor(groupId);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [fetching, ready, groupId]);
  return ready;
}

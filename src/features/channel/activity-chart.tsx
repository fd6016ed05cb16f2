import { useIsFetching } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { apiKeys } from "@/api/query-keys";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { mayCall } from "@/contract/roles";
import "./activity-chart.css";

// The chart's code (and its calls) come after the page's: the figures load first.
const ActivityChartBody = lazy(() => import("./activity-chart-body"));

// Long enough for the figures' queries to have started once the page has mounted.
const SETTLE_MS = 150;

/**
 * The channel page's 30-day chart of subscriptions and unsubscriptions per day, for roles
 * that may count them. It waits for the figures above it, so that their few calls go first.
 */
export function ChannelActivity() {
  const { role } = useSignedInSession();
  const channel = useCurrentChannel();
  const ready = useAfterOtherCalls(channel.group_id);
  if (!mayCall(role, "subscribers/statCount")) return null;
  const waiting = (
    <p role="status" className="channel-activity-waiting">
      Loading the 30-day chart…
    </p>
  );
  return (
    <div className="channel-activity">
      {ready ? (
        <ChunkBoundary what="The 30-day chart could not be loaded.">
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

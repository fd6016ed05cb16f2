import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useComparedSeries } from "@/api/compared-series";
import { useSubscriptionSeries } from "@/api/subscription-series";
import { CompareControl, compareSearch } from "@/components/chart/compare-control";
import { SubscriptionChart } from "@/components/chart/subscription-chart";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { mayCall } from "@/contract/roles";
import { useSearchState } from "@/components/use-search-state";
import { dayOf, formatPeriodDays, resolvePeriod } from "@/lib/period";
import { recentDays } from "@/lib/recent-days";
import { ACTIVITY_DAYS } from "./activity-days";

/** The 30-day chart itself, in its own chunk with the chart code (see activity-chart.tsx). */
export default function ActivityChartBody() {
  const { t, i18n } = useLingui();
  const { role } = useSignedInSession();
  const channel = useCurrentChannel();
  // The figures' own period, so the chart's first call is the one they already made.
  const [days] = useState(() => {
    const now = Date.now();
    const recent = recentDays(ACTIVITY_DAYS, now, channel.time_zone);
    const from = dayOf(recent.start, channel.time_zone);
    const to = dayOf(recent.end, channel.time_zone);
    return resolvePeriod({ preset: "custom", from, to }, now, channel.time_zone);
  });
  const canPage = mayCall(role, "subscribers/statSubscribe");
  const data = useSubscriptionSeries({
    groupId: channel.group_id,
    timeZone: channel.time_zone,
    from: days.from,
    to: days.to,
    unit: "day",
    canPage,
  });
  const [{ compare }, setCompare] = useSearchState(compareSearch);
  const compared = useComparedSeries({
    groupId: channel.group_id,
    period: days,
    mode: compare,
    unit: "day",
    canPage,
  });
  return (
    <SubscriptionChart
      title={t`${plural(ACTIVITY_DAYS, {
        one: "Subscriptions in the last # day",
        other: "Subscriptions in the last # days",
      })}`}
      data={data}
      timeZone={channel.time_zone}
      unit="day"
      compared={
        compared && compare !== "none"
          ? {
              mode: compare,
              data: compared.data,
              periodText: formatPeriodDays(compared.period, i18n.locale),
            }
          : undefined
      }
      controls={
        <CompareControl
          value={compare}
          onChange={(mode) => {
            setCompare({ compare: mode });
          }}
        />
      }
    />
  );
}

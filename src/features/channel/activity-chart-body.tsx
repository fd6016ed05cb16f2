import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useSubscriptionSeries } from "@/api/subscription-series";
import { SubscriptionChart } from "@/components/chart/subscription-chart";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { mayCall } from "@/contract/roles";
import { recentDays } from "@/lib/recent-days";
import { ACTIVITY_DAYS } from "./activity-days";

/** The 30-day chart itself, in its own chunk with the chart code (see activity-chart.tsx). */
export default function ActivityChartBody() {
  const { t } = useLingui();
  const { role } = useSignedInSession();
  const channel = useCurrentChannel();
  // The figures' own period, so the chart's first call is the one they already made.
  const [period] = useState(() => {
    const days = recentDays(ACTIVITY_DAYS, Date.now(), channel.time_zone);
    return { from: days.start, to: days.end };
  });
  const data = useSubscriptionSeries({
    groupId: channel.group_id,
    timeZone: channel.time_zone,
    ...period,
    unit: "day",
    canPage: mayCall(role, "subscribers/statSubscribe"),
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
    />
  );
}

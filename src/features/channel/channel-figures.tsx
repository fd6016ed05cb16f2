import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { mayCall } from "@/contract/roles";
import { useFormat, type Formatters } from "@/i18n/use-format";
import { daysBefore, formatDayRange, recentDays, type RecentDays } from "@/lib/recent-days";
import { Figure, type FigurePeriod } from "./figure";
import "./channel-figures.css";

/**
 * The channel's headline numbers. Each one is its own query, so a slow or failing one never
 * holds the others back; a figure whose operation the role may not call is left out, since the
 * gateway would refuse it.
 */
export function ChannelFigures() {
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const headingId = useId();
  // Whole days in the channel's zone, as of opening the page: its query keys stay put while it
  // is open (opening it again, or another channel, counts anew).
  const [now] = useState(() => Date.now());
  const week = recentDays(7, now, channel.time_zone);
  const month = recentDays(30, now, channel.time_zone);

  const showCount = mayCall(role, "subscribers/subscribersCount");
  const showEvents = mayCall(role, "subscribers/statCount");
  const showDeliveries = mayCall(role, "deliveries/statCount");
  if (!showCount && !showEvents && !showDeliveries) return null;

  return (
    <section className="channel-figures" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Figures</Trans>
      </h2>
      <dl className="figures">
        {showCount && <SubscribersFigure />}
        {showEvents && (
          <>
            <EventFigure period={week} action="subscribe" />
            <EventFigure period={week} action="unsubscribe" />
            <EventFigure period={month} action="subscribe" />
            <EventFigure period={month} action="unsubscribe" />
          </>
        )}
        {showDeliveries && <DeliveriesFigure period={week} />}
      </dl>
    </section>
  );
}

/** The figure's days and the channel's zone, in the language shown. */
function periodNote(period: RecentDays, format: Formatters): FigurePeriod {
  return {
    days: formatDayRange(period, format.locale),
    zone: format.zone(period.timeZone, period.end),
  };
}

function requestOf({ date_from, date_to }: RecentDays) {
  return { date_from, date_to };
}

function SubscribersFigure() {
  const channel = useCurrentChannel();
  const { call } = useApi();
  const query = useQuery({
    ...apiQuery(channel.group_id, "subscribers/subscribersCount", {}, call),
    select: (answer) => answer.count,
  });
  const { t } = useLingui();
  return <Figure slug="subscribers" label={t`Subscribers`} query={query} />;
}

function EventFigure({
  period,
  action,
}: {
  period: RecentDays;
  action: "subscribe" | "unsubscribe";
}) {
  const channel = useCurrentChannel();
  const { call } = useApi();
  const before = daysBefore(period);
  const select = (answer: { count_subscribe: number; count_unsubscribe: number }) =>
    action === "subscribe" ? answer.count_subscribe : answer.count_unsubscribe;
  // Subscribed and unsubscribed of one period share this query (one call, two figures), and
  // so do those of the period before: two calls a period, compared.
  const query = useQuery({
    ...apiQuery(channel.group_id, "subscribers/statCount", requestOf(period), call),
    select,
  });
  const previous = useQuery({
    ...apiQuery(channel.group_id, "subscribers/statCount", requestOf(before), call),
    select,
  });
  const { t } = useLingui();
  const format = useFormat();
  const days = period.days;
  const label =
    action === "subscribe"
      ? t`${plural(days, { one: "Subscribed in the last # day", other: "Subscribed in the last # days" })}`
      : t`${plural(days, { one: "Unsubscribed in the last # day", other: "Unsubscribed in the last # days" })}`;
  return (
    <Figure
      slug={`${action}d-${String(days)}-days`}
      label={label}
      period={periodNote(period, format)}
      query={query}
      previous={{
        query: previous,
        days: formatDayRange(before, format.locale),
        higherIsBetter: action === "subscribe",
      }}
    />
  );
}

function DeliveriesFigure({ period }: { period: RecentDays }) {
  const channel = useCurrentChannel();
  const { call } = useApi();
  const before = daysBefore(period);
  const query = useQuery({
    ...apiQuery(channel.group_id, "deliveries/statCount", requestOf(period), call),
    select: (answer) => answer.count,
  });
  const previous = useQuery({
    ...apiQuery(channel.group_id, "deliveries/statCount", requestOf(before), call),
    select: (answer) => answer.count,
  });
  const { t } = useLingui();
  const format = useFormat();
  const days = period.days;
  return (
    <Figure
      slug="delivery-events-7-days"
      label={t`${plural(days, {
        one: "Delivery events in the last # day",
        other: "Delivery events in the last # days",
      })}`}
      period={periodNote(period, format)}
      query={query}
      previous={{ query: previous, days: formatDayRange(before, format.locale) }}
    />
  );
}

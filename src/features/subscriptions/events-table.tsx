import { Trans, useLingui } from "@lingui/react/macro";
import { memo } from "react";
import { PersonName } from "@/components/person-name";
import { useInView } from "@/components/use-in-view";
import { useChannelPeople, type ChannelPeople } from "@/components/use-channel-people";
import type { SubscriptionEvent } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { actionLabel, nameOf, sourceLabel, utmOfEvent } from "@/lib/subscription-events";
import { dateHeader } from "@/lib/zone-words";
import { useItemsInSteps } from "./use-items-in-steps";

interface EventsTableProps {
  /** The page's events; undefined until they come. */
  items: readonly SubscriptionEvent[] | undefined;
  /** Asking for them (again). */
  fetching: boolean;
  /** The last page's rows shown while this one comes. */
  stale: boolean;
  caption: string;
  timeZone: string;
  /** The period's first instant: the zone is named by its offset then, as the period picker does. */
  zoneAt: number;
  userIdField: UserIdField | undefined;
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
}

const SKELETON_ROWS = 8;
const COLUMNS = 7;
/** Rows drawn in each task when the first page comes during the app's first load. */
const ROWS_A_STEP = 5;

/**
 * One page of events: when, who (the name and id statSubscribe itself returns; no other call,
 * which marketing may not make), what, which subscription, from where, the UTM tag, and
 * whether the person is on the block list.
 */
export function EventsTable({
  items,
  fetching,
  stale,
  caption,
  timeZone,
  zoneAt,
  userIdField,
  subscriptionNames,
  utmNames,
}: EventsTableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  // The zone as people say it ("MSK (UTC+3)"); its IANA name on hover.
  const zone = format.zone(timeZone, zoneAt);
  const zoneLabel = zone.label;
  const people = useChannelPeople(
    (items ?? []).map((event) => userIdOf(event, userIdField) ?? userIdOf(event)),
  );
  // Drawn in steps only while off screen (a phone's first screen ends above it): in view, the
  // columns would move as each step's rows come.
  const [viewRef, onScreen] = useInView<HTMLDivElement>();
  const drawn = useItemsInSteps(items, ROWS_A_STEP, onScreen);
  return (
    <div
      ref={viewRef}
      className="subscriptions-table-wrap"
      tabIndex={0}
      role="group"
      aria-label={caption}
      aria-busy={fetching ? true : undefined}
    >
      <table className={`subscriptions-table${stale ? " is-stale" : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" title={zone.iana}>
              {dateHeader(zoneLabel, i18n)}
            </th>
            <th scope="col">
              <Trans>Subscriber</Trans>
            </th>
            <th scope="col">
              <Trans>Action</Trans>
            </th>
            <th scope="col">
              <Trans>Subscription</Trans>
            </th>
            <th scope="col">
              <Trans>Source</Trans>
            </th>
            <th scope="col">{t({ message: "UTM", context: "one UTM tag" })}</th>
            <th scope="col">{t({ message: "Blocked", context: "table column" })}</th>
          </tr>
        </thead>
        <tbody>
          {drawn === undefined
            ? Array.from({ length: SKELETON_ROWS }, (_v, row) => (
                <tr key={row} aria-hidden="true">
                  {Array.from({ length: COLUMNS }, (_w, cell) => (
                    <td key={cell}>
                      <span className="skeleton skeleton-line" />
                    </td>
                  ))}
                </tr>
              ))
            : drawn.map((event, index) => (
                <EventRow
                  key={`${event.date}-${String(userIdOf(event) ?? index)}-${String(index)}`}
                  event={event}
                  timeZone={timeZone}
                  userIdField={userIdField}
                  subscriptionNames={subscriptionNames}
                  utmNames={utmNames}
                  people={people}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}

interface EventRowProps {
  event: SubscriptionEvent;
  timeZone: string;
  userIdField: UserIdField | undefined;
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
  people: ChannelPeople;
}

// Memoised: the page draws again as its chart's data comes in (useSubscriptionSeries), and a
// hundred rows that had not changed cost a phone's main thread 100 ms or more each time (the
// table showed 100 a page then; 25 now).
const EventRow = memo(function EventRow({
  event,
  timeZone,
  userIdField,
  subscriptionNames,
  utmNames,
  people,
}: EventRowProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const name = personName(event, i18n);
  const userId = userIdOf(event, userIdField) ?? userIdOf(event);
  const subscription = nameOf(event.subscription_id, subscriptionNames);
  const utm = utmOfEvent(event, utmNames);
  return (
    <tr>
      <td className="col-date">{format.apiDateTime(event.date, timeZone)}</td>
      <td>
        {userId === undefined ? (
          <span className="subscriptions-person-name">{name}</span>
        ) : (
          <PersonName
            groupId={people.groupId}
            userId={userId}
            enabled={people.enabled}
            known={people.people.get(userId) ?? null}
            fallback={event}
            label={<Trans>ID {userId}</Trans>}
          />
        )}
      </td>
      <td>
        <span className={`subscriptions-action action-${String(event.action)}`}>
          {actionLabel(event.action, i18n)}
        </span>
      </td>
      <td>{subscription === "" ? <None /> : subscription}</td>
      <td>{sourceLabel(event.source, i18n)}</td>
      <td>{utm === "" ? <None /> : utm}</td>
      <td>
        {event.ignore === 1 ? (
          <span className="badge subscriptions-blocked">
            <Trans>Blocked</Trans>
          </span>
        ) : (
          <span className="muted">
            <Trans>No</Trans>
          </span>
        )}
      </td>
    </tr>
  );
});

/** An empty cell said as a word: no subscription, no tag. */
function None() {
  return (
    <span className="muted">
      <Trans context="no value">None</Trans>
    </span>
  );
}

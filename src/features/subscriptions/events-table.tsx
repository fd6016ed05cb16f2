import { i18n } from "@lingui/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Avatar } from "@/components/avatar";
import type { SubscriptionEvent } from "@/contract/entities";
import type { ResponseOf } from "@/contract/operations";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { actionLabel, nameOf, sourceLabel, utmOfEvent } from "@/lib/subscription-events";

interface EventsTableProps {
  query: UseQueryResult<ResponseOf<"subscribers/statSubscribe">>;
  caption: string;
  timeZone: string;
  userIdField: UserIdField | undefined;
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
}

const SKELETON_ROWS = 8;
const COLUMNS = 7;

/**
 * One page of events: when, who (the name and id statSubscribe itself returns; no other call,
 * which marketing may not make), what, which subscription, from where, the UTM tag, and
 * whether the person is on the block list.
 */
export function EventsTable({
  query,
  caption,
  timeZone,
  userIdField,
  subscriptionNames,
  utmNames,
}: EventsTableProps) {
  const items = query.data?.items;
  return (
    <div
      className="subscriptions-table-wrap"
      tabIndex={0}
      role="group"
      aria-label={caption}
      aria-busy={query.isFetching ? true : undefined}
    >
      <table className={`subscriptions-table${query.isPlaceholderData ? " is-stale" : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date ({timeZone})</th>
            <th scope="col">Person</th>
            <th scope="col">Action</th>
            <th scope="col">Subscription</th>
            <th scope="col">Source</th>
            <th scope="col">UTM</th>
            <th scope="col">Blocked</th>
          </tr>
        </thead>
        <tbody>
          {items === undefined
            ? Array.from({ length: SKELETON_ROWS }, (_v, row) => (
                <tr key={row} aria-hidden="true">
                  {Array.from({ length: COLUMNS }, (_w, cell) => (
                    <td key={cell}>
                      <span className="skeleton skeleton-line" />
                    </td>
                  ))}
                </tr>
              ))
            : items.map((event, index) => (
                <EventRow
                  key={`${event.date}-${String(userIdOf(event) ?? index)}-${String(index)}`}
                  event={event}
                  userIdField={userIdField}
                  subscriptionNames={subscriptionNames}
                  utmNames={utmNames}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}

interface EventRowProps {
  event: SubscriptionEvent;
  userIdField: UserIdField | undefined;
  subscriptionNames: ReadonlyMap<number, string>;
  utmNames: ReadonlyMap<number, string>;
}

function EventRow({ event, userIdField, subscriptionNames, utmNames }: EventRowProps) {
  const name = personName(event, i18n);
  const userId = userIdOf(event, userIdField) ?? userIdOf(event);
  const subscription = nameOf(event.subscription_id, subscriptionNames);
  const utm = utmOfEvent(event, utmNames);
  return (
    <tr>
      <td className="col-date">{event.date}</td>
      <td>
        <span className="subscriptions-person">
          <Avatar name={name} photo={event.photo} size={28} className="subscriptions-photo" lazy />
          <span>
            <span className="subscriptions-person-name">{name}</span>
            {userId !== undefined && (
              <span className="subscriptions-person-id">id {String(userId)}</span>
            )}
          </span>
        </span>
      </td>
      <td>
        <span className={`subscriptions-action action-${String(event.action)}`}>
          {actionLabel(event.action, i18n)}
        </span>
      </td>
      <td>{subscription === "" ? <span className="muted">None</span> : subscription}</td>
      <td>{sourceLabel(event.source, i18n)}</td>
      <td>{utm === "" ? <span className="muted">None</span> : utm}</td>
      <td>
        {event.ignore === 1 ? (
          <span className="badge subscriptions-blocked">Blocked</span>
        ) : (
          <span className="muted">No</span>
        )}
      </td>
    </tr>
  );
}

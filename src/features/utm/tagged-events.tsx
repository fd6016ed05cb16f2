import { i18n } from "@lingui/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import type { UtmEvent } from "@/contract/entities";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { tagName } from "./tag-counts-chart";
import { EVENT_ACTIONS, EVENT_PAGE_SIZE, MAX_EVENT_PAGE, type EventAction } from "./utm-search";

const actionLabels: Record<EventAction, string> = {
  all: "All events",
  subscribe: "Subscriptions",
  unsubscribe: "Unsubscriptions",
};

/** api-facts.md: `action` 1 subscribed, 2 unsubscribed; anything else is shown raw. */
function actionText(action: number): string {
  if (action === 1) return "Subscribed";
  if (action === 2) return "Unsubscribed";
  return `Action ${String(action)}`;
}

function matches(event: UtmEvent, action: EventAction): boolean {
  if (action === "subscribe") return event.action === 1;
  if (action === "unsubscribe") return event.action === 2;
  return true;
}

interface TaggedEventsProps {
  groupId: number;
  period: { dateFrom: string; dateTo: string };
  action: EventAction;
  tag: number | undefined;
  page: number;
  tags: readonly { utm_id: number }[];
  tagNames: ReadonlyMap<number, string>;
  subscriptionNames: ReadonlyMap<number, string>;
  userIdField: UserIdField | undefined;
  timeZone: string;
  onChange: (patch: { action?: EventAction; tag?: number[]; page?: number }) => void;
}

/**
 * utms/statSubscribe a page at a time by `offset`. The service has no filter on the action, so
 * "Subscriptions" and "Unsubscriptions" pick from each page read, and say so.
 */
export function TaggedEvents({
  groupId,
  period,
  action,
  tag,
  page,
  tags,
  tagNames,
  subscriptionNames,
  userIdField,
  timeZone,
  onChange,
}: TaggedEventsProps) {
  const { call } = useApi();
  const actionName = useId();
  const tagId = useId();
  const query = useQuery({
    ...apiQuery(
      groupId,
      "utms/statSubscribe",
      {
        date_from: period.dateFrom,
        date_to: period.dateTo,
        count: EVENT_PAGE_SIZE,
        offset: (page - 1) * EVENT_PAGE_SIZE,
        ...(tag === undefined ? {} : { utm_id: [tag] }),
      },
      call,
    ),
    placeholderData: keepPreviousData,
  });
  const events = query.data?.items ?? [];
  const shown = events.filter((event) => matches(event, action));
  const total = query.data?.count;
  const pageCount =
    total === undefined ? undefined : Math.min(MAX_EVENT_PAGE, Math.ceil(total / EVENT_PAGE_SIZE));
  const loading = query.isPlaceholderData;
  const canGoForward =
    !loading &&
    page < MAX_EVENT_PAGE &&
    (pageCount !== undefined ? page < pageCount : events.length === EVENT_PAGE_SIZE);

  const first = (page - 1) * EVENT_PAGE_SIZE + 1;
  const status = loading
    ? `Loading page ${String(page)}…`
    : events.length === 0
      ? page === 1
        ? "No tagged events in this period."
        : "No more events after the previous page."
      : `Events ${first.toLocaleString("en")}–${(first + events.length - 1).toLocaleString("en")}` +
        (total === undefined ? "" : ` of ${total.toLocaleString("en")}`) +
        (action === "all"
          ? ""
          : `; ${String(shown.length)} of them ${action === "subscribe" ? "subscribed" : "unsubscribed"}.`);

  return (
    <section className="utm-events" aria-labelledby="utm-events-title">
      <h2 id="utm-events-title">Tagged events</h2>
      <div className="utm-events-filters">
        <div role="radiogroup" aria-labelledby={actionName} className="utm-actions">
          <span id={actionName} className="utm-legend">
            Show
          </span>
          {EVENT_ACTIONS.map((value) => (
            <label key={value} className="utm-radio">
              <input
                type="radio"
                name={`${actionName}-action`}
                value={value}
                checked={action === value}
                onChange={() => {
                  onChange({ action: value });
                }}
              />
              {actionLabels[value]}
            </label>
          ))}
        </div>
        <div className="utm-tag-filter">
          <label htmlFor={tagId}>Tag</label>
          <select
            id={tagId}
            className="utm-select"
            value={tag === undefined ? "" : String(tag)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ tag: value === "" ? [] : [Number(value)], page: 1 });
            }}
          >
            <option value="">Every tag</option>
            {tags.map((item) => (
              <option key={item.utm_id} value={String(item.utm_id)}>
                {tagName(tagNames, item.utm_id)}
              </option>
            ))}
            {tag !== undefined && !tags.some((item) => item.utm_id === tag) && (
              <option value={String(tag)}>{tagName(tagNames, tag)}</option>
            )}
          </select>
        </div>
      </div>
      {action !== "all" && (
        <p className="muted utm-note">
          The service cannot filter events by action, so each page of {EVENT_PAGE_SIZE} events is
          read and only the {actionLabels[action].toLowerCase()} on it are listed.
        </p>
      )}
      <ListPager
        label="Pages of tagged events"
        page={page}
        pageCount={pageCount}
        canGoBack={page > 1}
        canGoForward={canGoForward}
        onFirst={() => {
          onChange({ page: 1 });
        }}
        onPrevious={() => {
          onChange({ page: Math.max(1, page - 1) });
        }}
        onNext={() => {
          onChange({ page: page + 1 });
        }}
      />
      {query.isPending ? (
        <p role="status" className="data-table-status">
          Loading tagged events…
        </p>
      ) : query.isError && query.data === undefined ? (
        <ErrorState
          title="Could not load the tagged events."
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p role="status" className="data-table-status">
            {status}
          </p>
          {shown.length > 0 && (
            <div
              className={loading ? "data-table-scroll data-table-stale" : "data-table-scroll"}
              role="region"
              aria-label="Tagged events, scrolls sideways"
              tabIndex={0}
            >
              <table className="data-table utm-events-table" aria-busy={loading || undefined}>
                <caption className="visually-hidden">Tagged events</caption>
                <thead>
                  <tr>
                    <th scope="col">Date ({timeZone})</th>
                    <th scope="col">Person</th>
                    <th scope="col">Action</th>
                    <th scope="col">Tag</th>
                    <th scope="col">Subscription</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((event, index) => {
                    const userId = userIdOf(event, userIdField);
                    const subscription = subscriptionNames.get(event.subscription_id);
                    return (
                      <tr key={`${String(page)}-${String(index)}`}>
                        <td className="utm-date">{event.date}</td>
                        <td>
                          <span className="utm-person">{personName(event, i18n)}</span>
                          {userId !== undefined && (
                            <span className="muted utm-sub">{String(userId)}</span>
                          )}
                        </td>
                        <td>
                          <span className={`utm-action utm-action-${String(event.action)}`}>
                            {actionText(event.action)}
                          </span>
                        </td>
                        <td>
                          {tagName(tagNames, event.utm_id)}
                          {event.utm_source !== "" && (
                            <span className="muted utm-sub">{event.utm_source}</span>
                          )}
                        </td>
                        <td>{subscription ?? `#${String(event.subscription_id)}`}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

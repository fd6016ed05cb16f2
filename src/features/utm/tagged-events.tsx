import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import { PersonName } from "@/components/person-name";
import { useChannelPeople } from "@/components/use-channel-people";
import { OFFSET_MAX } from "@/contract/common";
import { useFormat, type Formatters } from "@/i18n/use-format";
import type { ZoneLabel } from "@/lib/format";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { actionLabel } from "@/lib/subscription-events";
import { tagName } from "./tag-counts-chart";
import { EVENT_ACTIONS, EVENT_PAGE_SIZE, MAX_EVENT_PAGE, type EventAction } from "./utm-search";
import { dateHeader } from "@/lib/zone-words";

const actionLabels: Record<EventAction, MessageDescriptor> = {
  all: msg`All events`,
  subscribe: msg`Subscriptions`,
  unsubscribe: msg`Unsubscriptions`,
};

/** The API's `action` filter: 1 subscribed, 2 unsubscribed, absent for both. */
const actionCodes: Record<EventAction, 1 | 2 | undefined> = {
  all: undefined,
  subscribe: 1,
  unsubscribe: 2,
};

/**
 * Where page `page` (newest first) starts in the API's order (oldest first), and how many it
 * holds; undefined when the page lies past the API's greatest offset.
 */
export function newestFirstSlice(
  total: number,
  page: number,
): { offset: number; count: number } | undefined {
  const end = total - (page - 1) * EVENT_PAGE_SIZE;
  if (end <= 0) return undefined;
  const offset = Math.max(0, end - EVENT_PAGE_SIZE);
  if (offset > OFFSET_MAX) return undefined;
  return { offset, count: end - offset };
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
  /** The zone as people say it, with its IANA name for a hint. */
  zone: ZoneLabel;
  onChange: (patch: { action?: EventAction; tag?: number[]; page?: number }) => void;
}

/**
 * utms/statSubscribe a page at a time, newest first, filtered by the API's `action`. The API
 * lists events oldest first by `offset`, so a one-event call finds how many there are (its
 * `count`, kept apart), and each page is read from the end: page 1 is the last events.
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
  zone,
  onChange,
}: TaggedEventsProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const actionName = useId();
  const tagId = useId();
  const code = actionCodes[action];
  const filters = {
    date_from: period.dateFrom,
    date_to: period.dateTo,
    ...(code === undefined ? {} : { action: code }),
    ...(tag === undefined ? {} : { utm_id: [tag] }),
  };
  const counted = useQuery({
    ...apiQuery(groupId, "utms/statSubscribe", { ...filters, count: 1, offset: 0 }, call),
    placeholderData: keepPreviousData,
  });
  const total = counted.isPlaceholderData ? undefined : counted.data?.count;
  const slice = total === undefined ? undefined : newestFirstSlice(total, page);
  const query = useQuery({
    ...apiQuery(groupId, "utms/statSubscribe", { ...filters, ...slice }, call),
    enabled: slice !== undefined,
    placeholderData: keepPreviousData,
  });
  const events = slice === undefined ? [] : [...(query.data?.items ?? [])].reverse();
  const shown = events;
  const people = useChannelPeople(shown.map((event) => userIdOf(event, userIdField)));
  const pageCount =
    total === undefined ? undefined : Math.min(MAX_EVENT_PAGE, Math.ceil(total / EVENT_PAGE_SIZE));
  const loading =
    counted.isPlaceholderData ||
    counted.isPending ||
    (slice !== undefined && (query.isPlaceholderData || query.isPending));
  const beyond = total !== undefined && slice === undefined && total > (page - 1) * EVENT_PAGE_SIZE;
  const canGoForward =
    !loading && page < MAX_EVENT_PAGE && pageCount !== undefined && page < pageCount;

  const status = beyond
    ? t`These events lie past what the service can page to. Choose a shorter period or one tag.`
    : statusText({
        page,
        loading,
        read: events.length,
        total,
        action,
        i18n,
        format,
      });
  const zoneLabel = zone.label;
  const size = EVENT_PAGE_SIZE;

  return (
    <section className="utm-events" aria-labelledby="utm-events-title">
      <h2 id="utm-events-title">
        <Trans>Tagged events</Trans>
      </h2>
      <div className="utm-events-filters">
        <div role="radiogroup" aria-labelledby={actionName} className="utm-actions">
          <span id={actionName} className="utm-legend">
            <Trans>Show</Trans>
          </span>
          {EVENT_ACTIONS.map((value) => (
            <label key={value} className="utm-radio">
              <input
                type="radio"
                name={`${actionName}-action`}
                value={value}
                checked={action === value}
                onChange={() => {
                  onChange({ action: value, page: 1 });
                }}
              />
              {i18n._(actionLabels[value])}
            </label>
          ))}
        </div>
        <div className="utm-tag-filter">
          <label htmlFor={tagId}>
            <Trans>Tag</Trans>
          </label>
          <select
            id={tagId}
            className="utm-select"
            value={tag === undefined ? "" : String(tag)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ tag: value === "" ? [] : [Number(value)], page: 1 });
            }}
          >
            <option value="">{t`Every tag`}</option>
            {tags.map((item) => (
              <option key={item.utm_id} value={String(item.utm_id)}>
                {tagName(tagNames, item.utm_id, i18n)}
              </option>
            ))}
            {tag !== undefined && !tags.some((item) => item.utm_id === tag) && (
              <option value={String(tag)}>{tagName(tagNames, tag, i18n)}</option>
            )}
          </select>
        </div>
      </div>
      <p className="muted utm-note">
        {t`Newest first, ${plural(size, { one: "# event", other: "# events" })} a page.`}
      </p>
      <ListPager
        label={t`Pages of tagged events`}
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
          <Trans>Loading tagged events…</Trans>
        </p>
      ) : query.isError && query.data === undefined ? (
        <ErrorState
          title={t`Could not load the tagged events.`}
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
              aria-label={t`Tagged events, scrolls sideways`}
              tabIndex={0}
            >
              <table className="data-table utm-events-table" aria-busy={loading || undefined}>
                <caption className="visually-hidden">
                  <Trans>Tagged events</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span title={zone.iana}>{dateHeader(zoneLabel, i18n)}</span>
                    </th>
                    <th scope="col">
                      <Trans>Person</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Action</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Tag</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Subscription</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((event, index) => {
                    const userId = userIdOf(event, userIdField);
                    const subscription = subscriptionNames.get(event.subscription_id);
                    return (
                      <tr key={`${String(page)}-${String(index)}`}>
                        <td className="utm-date">{format.apiDateTime(event.date, timeZone)}</td>
                        <td>
                          {userId === undefined ? (
                            <span className="utm-person">{personName(event, i18n)}</span>
                          ) : (
                            <PersonName
                              groupId={people.groupId}
                              userId={userId}
                              enabled={people.enabled}
                              known={people.people.get(userId) ?? null}
                              fallback={event}
                              label={String(userId)}
                            />
                          )}
                        </td>
                        <td>
                          <span className={`utm-action utm-action-${String(event.action)}`}>
                            {actionLabel(event.action, i18n)}
                          </span>
                        </td>
                        <td>
                          {tagName(tagNames, event.utm_id, i18n)}
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

/** The line above the table: which events are on screen, of how many, and how many match. */
function statusText({
  page,
  loading,
  read,
  total,
  action,
  i18n,
  format,
}: {
  page: number;
  loading: boolean;
  /** Events on the page read. */
  read: number;
  total: number | undefined;
  action: EventAction;
  i18n: I18n;
  format: Formatters;
}): string {
  if (loading) {
    const number = format.number(page);
    return i18n._(msg`Loading page ${number}…`);
  }
  if (read === 0) {
    return page === 1
      ? i18n._(msg`No tagged events in this period.`)
      : i18n._(msg`No more events after the previous page.`);
  }
  const start = (page - 1) * EVENT_PAGE_SIZE + 1;
  const from = format.number(start);
  const to = format.number(start + read - 1);
  const all = total === undefined ? undefined : format.number(total);
  const range =
    all === undefined
      ? i18n._(msg`Events ${from}–${to}`)
      : i18n._(msg`Events ${from}–${to} of ${all}`);
  if (action === "all") return range;
  return action === "subscribe"
    ? i18n._(msg`${range}, subscriptions only.`)
    : i18n._(msg`${range}, unsubscriptions only.`);
}

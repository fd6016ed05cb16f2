import { queryOptions } from "@tanstack/react-query";
import type { Call } from "@/api/client";
import { apiKeys } from "@/api/query-keys";
import { formatApiDateTime } from "@/contract/datetime";
import type { DeliveryRecord, SubscriptionEvent } from "@/contract/entities";
import type { UserIdField } from "@/lib/subscriber-format";

/** One person has few events; this many pages of 100 is more than any real one needs. */
export const PERSON_PAGES_MAX = 10;
const PAGE = 100;

export interface PersonActivity {
  groupId: number;
  field: UserIdField;
  userId: number;
  timeZone: string;
  /** The period asked, as instants: from the person's first subscription to now. */
  from: number;
  to: number;
}

export interface Newest<Item> {
  /** Newest first. */
  items: Item[];
  /** More pages remained than PERSON_PAGES_MAX: older items are left out. */
  truncated: boolean;
}

function filters(activity: PersonActivity) {
  const user =
    activity.field === "vk_user_id"
      ? { vk_user_id: activity.userId }
      : { tg_user_id: activity.userId };
  return {
    date_from: formatApiDateTime(activity.from, activity.timeZone),
    date_to: formatApiDateTime(activity.to, activity.timeZone),
    ...user,
  };
}

/**
 * The person's subscribe and unsubscribe events (subscribers/statSubscribe filtered by their
 * user id), newest first. The API pages oldest first, so every page is read, up to a bound.
 */
export function personEventsOptions(activity: PersonActivity, call: Call) {
  const params = filters(activity);
  return queryOptions({
    queryKey: [...apiKeys.call(activity.groupId, "subscribers/statSubscribe", params), "person"],
    queryFn: async ({ signal }): Promise<Newest<SubscriptionEvent>> => {
      const items: SubscriptionEvent[] = [];
      for (let page = 0; page < PERSON_PAGES_MAX; page++) {
        const answer = await call(
          "subscribers/statSubscribe",
          { ...params, count: PAGE, offset: page * PAGE },
          { groupId: activity.groupId, signal },
        );
        items.push(...answer.items);
        if (answer.items.length < PAGE) return { items: items.reverse(), truncated: false };
      }
      return { items: items.reverse(), truncated: true };
    },
  });
}

/** The messages sent to the person (deliveries/stat filtered by their user id), newest first. */
export function personDeliveriesOptions(activity: PersonActivity, call: Call) {
  const params = filters(activity);
  return queryOptions({
    queryKey: [...apiKeys.call(activity.groupId, "deliveries/stat", params), "person"],
    queryFn: async ({ signal }): Promise<Newest<DeliveryRecord>> => {
      const items: DeliveryRecord[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < PERSON_PAGES_MAX; page++) {
        const answer = await call(
          "deliveries/stat",
          { ...params, count: PAGE, ...(cursor ? { offset_id: cursor } : {}) },
          { groupId: activity.groupId, signal },
        );
        items.push(...answer.items);
        cursor = answer.offset_id;
        if (answer.items.length < PAGE || !cursor) {
          return { items: items.reverse(), truncated: false };
        }
      }
      return { items: items.reverse(), truncated: true };
    },
  });
}

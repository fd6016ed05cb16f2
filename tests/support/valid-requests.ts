import type { OperationId, RequestOf } from "../../src/contract/operations";
import { tgUserId } from "./seed";

export const wholeYear = { date_from: "01.01.2026 00:00:00", date_to: "31.12.2026 23:59:59" };

/** A valid request for every operation against the seed data of the Telegram channel. */
export const validRequests: { [Op in OperationId]: RequestOf<Op> } = {
  "subscribers/get": { count: 5 },
  "subscribers/statSubscribe": { ...wholeYear, count: 10 },
  "subscribers/statCount": wholeYear,
  "subscribers/add": { tg_user_id: tgUserId(30), subscription_id: 1 },
  "subscribers/del": { tg_user_id: tgUserId(29), subscription_id: 1 },
  "subscribers/subscribersCount": {},
  "vars/get": { tg_user_id: tgUserId(1) },
  "vars/set": { tg_user_id: tgUserId(2), name: "plan", value: "silver" },
  "vars/del": { tg_user_id: tgUserId(3), name: "city" },
  "bots/addSubscriber": { tg_user_id: tgUserId(5), bot_id: 21 },
  "bots/delSubscriber": { tg_user_id: tgUserId(2), bot_id: 21 },
  "deliveries/statCount": wholeYear,
  "deliveries/stat": { ...wholeYear, count: 20 },
  "utms/statCount": wholeYear,
  "utms/statSubscribe": { ...wholeYear, count: 10 },
  "utms/getLink": { utm_id: 11, subscription_id: 1 },
  "groups/get": {},
  "subscriptions/get": {},
  "utms/get": {},
  "bots/get": {},
  "deliveries/get": {},
  // The writes below run in this order in every test that goes through the list: each
  // deletes what the add before it made (the seed's last tag is 13, its last subscription 3).
  "utms/add": { name: "Autumn — Telegram Ads" },
  "utms/edit": { utm_id: 14, name: "Autumn — Telegram Ads (stories)" },
  "utms/del": { utm_id: 14 },
  "bots/getSteps": { bot_id: 21 },
  "subscriptions/add": { name: "Autumn news" },
  "subscriptions/edit": { subscription_id: 4, title: "Autumn news, weekly" },
  "subscriptions/del": { subscription_id: 4 },
  "vars_global/get": {},
  "vars_global/set": { name: "promo", value: "AUTUMN10" },
  "vars_global/del": { name: "promo" },
};

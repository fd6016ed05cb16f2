import type { OperationId } from "../../../src/contract/operations";
import { startBot, stopBot } from "./bots";
import type { Handler } from "./context";
import { deliveryCount, deliveryRecords } from "./deliveries";
import {
  getBots,
  getChannel,
  getDeliveries,
  getSubscriptions,
  getUtmLink,
  getUtms,
} from "./lookups";
import { statCount, statSubscribe, utmStatCount, utmStatSubscribe } from "./statistics";
import { addSubscribers, countSubscribers, deleteSubscriber, getSubscribers } from "./subscribers";
import { deleteVariable, getVariables, setVariable } from "./variables";

/** One handler per operation of the contract; the type makes a missing one a compile error. */
export const handlers: { [Op in OperationId]: Handler<Op> } = {
  "subscribers/get": getSubscribers,
  "subscribers/statSubscribe": statSubscribe,
  "subscribers/statCount": statCount,
  "subscribers/add": addSubscribers,
  "subscribers/del": deleteSubscriber,
  "subscribers/subscribersCount": countSubscribers,
  "vars/get": getVariables,
  "vars/set": setVariable,
  "vars/del": deleteVariable,
  "bots/addSubscriber": startBot,
  "bots/delSubscriber": stopBot,
  "deliveries/statCount": deliveryCount,
  "deliveries/stat": deliveryRecords,
  "utms/statCount": utmStatCount,
  "utms/statSubscribe": utmStatSubscribe,
  "utms/getLink": getUtmLink,
  "groups/get": getChannel,
  "subscriptions/get": getSubscriptions,
  "utms/get": getUtms,
  "bots/get": getBots,
  "deliveries/get": getDeliveries,
};

import type { OperationId } from "../../../src/contract/operations";
import { getBotSteps, startBot, stopBot } from "./bots";
import type { Handler } from "./context";
import { deliveryCount, deliveryRecords } from "./deliveries";
import { getDeliveries } from "./delivery-list";
import { deleteGlobalVariable, getGlobalVariables, setGlobalVariable } from "./global-variables";
import { getBots, getChannel, getUtmLink } from "./lookups";
import { statCount, statSubscribe, utmStatCount, utmStatSubscribe } from "./statistics";
import { getSubscribers } from "./subscriber-list";
import { addSubscribers, countSubscribers, deleteSubscriber } from "./subscribers";
import {
  addSubscription,
  deleteSubscription,
  editSubscription,
  getSubscriptions,
} from "./subscriptions";
import { addUtm, deleteUtm, editUtm, getUtms } from "./utms";
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
  "utms/add": addUtm,
  "utms/edit": editUtm,
  "utms/del": deleteUtm,
  "bots/getSteps": getBotSteps,
  "subscriptions/add": addSubscription,
  "subscriptions/edit": editSubscription,
  "subscriptions/del": deleteSubscription,
  "vars_global/get": getGlobalVariables,
  "vars_global/set": setGlobalVariable,
  "vars_global/del": deleteGlobalVariable,
};

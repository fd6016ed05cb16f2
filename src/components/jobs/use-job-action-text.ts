import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { botsQuery, namesById, subscriptionsQuery } from "@/api/lookup-queries";
import type { JobAction } from "@/contract/jobs";

/**
 * What a job does to each person, in words: "Set the variable promo to “spring”", with the
 * channel's names of groups and bots where they are known (their ids otherwise).
 */
export function useJobActionText(groupId: number): (action: JobAction) => string {
  const { t } = useLingui();
  const { call } = useApi();
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const bots = useQuery(botsQuery(groupId, call));
  const groups = namesById(
    subscriptions.data,
    (item) => item.subscription_id,
    (item) => item.name,
  );
  const botNames = namesById(
    bots.data,
    (item) => item.bot_id,
    (item) => item.title,
  );
  return (action) => {
    switch (action.kind) {
      case "subscription-add": {
        const group = groups.get(action.subscription_id) ?? `#${String(action.subscription_id)}`;
        return t`Add to the group “${group}”`;
      }
      case "subscription-del": {
        const group = groups.get(action.subscription_id) ?? `#${String(action.subscription_id)}`;
        return t`Remove from the group “${group}”`;
      }
      case "var-set": {
        const { name, value } = action;
        return t`Set the variable ${name} to “${value}”`;
      }
      case "var-del": {
        const { name } = action;
        return t`Delete the variable ${name}`;
      }
      case "bot-start": {
        const bot = botNames.get(action.bot_id) ?? `#${String(action.bot_id)}`;
        return t`Start the bot “${bot}”`;
      }
      case "bot-stop": {
        const bot = botNames.get(action.bot_id) ?? `#${String(action.bot_id)}`;
        return t`Stop the bot “${bot}”`;
      }
    }
  };
}

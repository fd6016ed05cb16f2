import { useLingui } from "@lingui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "@/components/notify";
import { useApi } from "@/api/api-context";
import { isApiError } from "@/api/api-error";
import { useConnectionMonitor } from "@/api/connection-context";
import { apiKeys } from "@/api/query-keys";
import type { UserIdField } from "@/lib/subscriber-format";
import { personLabel } from "./person-label";
import { failureOutcome, successOutcome, type BotAction, type BotOutcome } from "./bot-outcome";

export interface BotRequest {
  action: BotAction;
  userId: number;
  botId: number;
  botTitle: string;
  stepId?: string | undefined;
  stepTitle?: string | undefined;
  restart: boolean;
}

/**
 * Start (bots/addSubscriber) or stop (bots/delSubscriber) a bot for one person, one call at
 * a time: a second press while one is under way is ignored, never sent twice.
 */
export function useBotAction(groupId: number, field: UserIdField) {
  const { i18n } = useLingui();
  const { call } = useApi();
  const queryClient = useQueryClient();
  // Kept with the person it was for, so a late answer never shows on another person's page.
  const [outcome, setOutcome] = useState<
    (BotOutcome & { userId: number; offline: boolean }) | undefined
  >();
  const busyRef = useRef(false);

  // "Could not start …: the server could not be reached" is old news once the banner says
  // the connection is back: it goes then, and the form is ready to send again.
  const connection = useConnectionMonitor();
  const offline = outcome?.offline === true;
  useEffect(() => {
    if (!offline) return undefined;
    return connection.onRecovered(() => {
      setOutcome((current) => (current?.offline ? undefined : current));
    });
  }, [offline, connection]);

  const mutation = useMutation({
    mutationFn: async (request: BotRequest) => {
      if (request.action === "start") {
        await call(
          "bots/addSubscriber",
          {
            [field]: request.userId,
            bot_id: request.botId,
            ...(request.stepId !== undefined && { step_id: request.stepId }),
            ...(request.restart && { enforce: 1 as const }),
          },
          { groupId },
        );
      } else {
        await call(
          "bots/delSubscriber",
          { [field]: request.userId, bot_id: request.botId },
          {
            groupId,
          },
        );
      }
    },
    onSettled: async (_data, error, request) => {
      const subject = {
        action: request.action,
        bot: request.botTitle,
        person: personLabel(field, request.userId, i18n),
        step: request.stepTitle,
        restart: request.restart,
      };
      const next = error ? failureOutcome(subject, error, i18n) : successOutcome(subject, i18n);
      const unreachable = isApiError(error) && error.kind === "network";
      setOutcome({ ...next, userId: request.userId, offline: unreachable });
      notify(next.tone, next.text);
      await Promise.all([
        // Counts by bot (subscribersCount with bot_id) change with who is in a bot.
        queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "subscribers") }),
        next.field === "bot"
          ? queryClient.invalidateQueries({ queryKey: apiKeys.group(groupId, "bots") })
          : undefined,
      ]);
    },
  });

  const { mutate, isPending } = mutation;
  const run = useCallback(
    (request: BotRequest) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setOutcome(undefined);
      mutate(request, {
        onSettled: () => {
          busyRef.current = false;
        },
      });
    },
    [mutate],
  );
  const clear = useCallback(() => {
    setOutcome(undefined);
  }, []);

  return { run, busy: isPending, pendingAction: mutation.variables?.action, outcome, clear };
}

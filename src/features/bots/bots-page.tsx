import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useApi } from "@/api/api-context";
import { describeApiError } from "@/api/error-text";
import { botsQuery } from "@/api/lookup-queries";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { PersonName } from "@/components/person-name";
import { useDocumentTitle } from "@/components/use-document-title";
import { mayCall } from "@/contract/roles";
import { draftKey } from "@/lib/drafts";
import { userIdField } from "@/lib/subscriber-format";
import { BotForm } from "./bot-form";
import type { BotValues } from "./bot-schema";
import { readUserId } from "./person-id";
import { personLabel } from "./person-label";
import { PersonPicker } from "./person-picker";
import { useBotAction, type BotRequest } from "./use-bot-action";
import "./bots.css";

/** Start or stop a bot for one person: `/c/:g/bots?user=<user id>`. */
export function BotsPage() {
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  const { role } = useSignedInSession();
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Start or stop a bot`);
  const { call } = useApi();
  const field = userIdField(channel.type_name) ?? "tg_user_id";
  const [params, setParams] = useSearchParams();
  const rawUser = params.get("user");
  const userId = readUserId(rawUser);
  const bots = useQuery(botsQuery(groupId, call));
  const action = useBotAction(groupId, field);
  const [pendingStop, setPendingStop] = useState<BotRequest | undefined>();
  const person = userId === undefined ? "" : personLabel(field, userId, i18n);

  // Another person (a pick, Back, an edited URL): what was shown for the last one goes.
  const [shownUser, setShownUser] = useState(userId);
  if (shownUser !== userId) {
    setShownUser(userId);
    setPendingStop(undefined);
    action.clear();
  }

  const choosePerson = (next: number | undefined) => {
    action.clear();
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined) copy.delete("user");
        else copy.set("user", String(next));
        return copy;
      },
      { replace: false },
    );
  };

  const request = (kind: "start" | "stop", values: BotValues): BotRequest | undefined => {
    const bot = bots.data?.find((item) => item.bot_id === values.bot);
    if (userId === undefined || !bot) return undefined;
    const step = bot.steps?.find((item) => item.step_id === values.step);
    return {
      action: kind,
      userId,
      botId: bot.bot_id,
      botTitle: bot.title,
      stepId: values.step,
      stepTitle: values.step === undefined ? undefined : (step?.title ?? values.step),
      restart: values.restart,
    };
  };

  // A result belongs to the person it was for: after "Another person" or Back it is not shown.
  const outcome = action.outcome?.userId === userId ? action.outcome : undefined;
  const atField = outcome?.tone === "error" && outcome.field !== undefined;
  const channelName = channel.name;
  const refreshFailure = bots.isError ? describeApiError(bots.error, i18n) : "";
  const stopBot = pendingStop?.botTitle ?? "";
  const stopPerson = pendingStop ? personLabel(field, pendingStop.userId, i18n) : "";

  return (
    <>
      <h1>
        <Trans>Start or stop a bot</Trans>
      </h1>
      <p className="bots-intro">
        <Trans>
          Start one of {channelName}’s bots for a person, at its first step or another, or stop it.
        </Trans>
      </p>

      {userId === undefined ? (
        <PersonPicker
          key={rawUser ?? ""}
          idName={field}
          rejected={rawUser === null || rawUser === "" ? undefined : rawUser}
          onPick={choosePerson}
        />
      ) : (
        <>
          <div className="card bots-person">
            <p>
              <span className="bots-person-label">
                <Trans>Person</Trans>
              </span>{" "}
              <PersonName
                groupId={groupId}
                userId={userId}
                enabled={mayCall(role, "subscribers/get")}
                label={<code className="bots-person-id">{person}</code>}
              />
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                choosePerson(undefined);
              }}
            >
              <Trans>Another person</Trans>
            </button>
          </div>
          {outcome?.tone === "error" && outcome.field === "person" && (
            <p className="notice notice-error bots-person-error">{outcome.text}</p>
          )}

          {bots.isPending ? (
            <p role="status" className="muted">
              <Trans>Loading the bots…</Trans>
            </p>
          ) : bots.isError && bots.data === undefined ? (
            <ErrorState
              title={t`Could not load the bots.`}
              error={bots.error}
              retrying={bots.isFetching}
              onRetry={() => void bots.refetch()}
            />
          ) : bots.data.length === 0 ? (
            <p className="muted">
              <Trans>This channel has no bots.</Trans>
            </p>
          ) : (
            <>
              {bots.isError && (
                <div className="notice notice-error" role="status">
                  <p>
                    <Trans>
                      Could not refresh the list of bots; it shows what was last loaded. (
                      {refreshFailure})
                    </Trans>
                  </p>
                  <button
                    type="button"
                    className="button"
                    disabled={bots.isFetching}
                    onClick={() => void bots.refetch()}
                  >
                    {bots.isFetching ? t`Retrying…` : t`Retry`}
                  </button>
                </div>
              )}
              <BotForm
                key={userId}
                draftKey={draftKey(groupId, "bots", userId)}
                bots={bots.data}
                busy={action.busy ? action.pendingAction : undefined}
                outcome={outcome}
                canStop={mayCall(role, "bots/delSubscriber")}
                onEdit={() => {
                  if (outcome?.tone === "error" && outcome.field !== "person") action.clear();
                }}
                onStart={(values) => {
                  const next = request("start", values);
                  if (next) action.run(next);
                }}
                onStop={(values) => {
                  setPendingStop(request("stop", values));
                }}
              />
            </>
          )}
        </>
      )}

      <div
        role="status"
        aria-live="polite"
        className={
          outcome === undefined || atField
            ? "visually-hidden"
            : `bots-outcome notice ${outcome.tone === "success" ? "bots-outcome-success" : "notice-error"}`
        }
      >
        {outcome?.text}
      </div>

      <ConfirmDialog
        open={pendingStop !== undefined}
        onOpenChange={(open) => {
          if (!open) setPendingStop(undefined);
        }}
        tone="danger"
        title={pendingStop ? t`Stop “${stopBot}” for ${stopPerson}?` : ""}
        description={t`The bot stops sending this person its steps. Starting it again later begins anew, at the step you choose.`}
        confirmLabel={t`Stop the bot`}
        onConfirm={() => {
          if (pendingStop) action.run(pendingStop);
          setPendingStop(undefined);
        }}
      />
    </>
  );
}

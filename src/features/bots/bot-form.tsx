import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { dropDraft, useInitialDraft, useKeepDraft } from "@/components/use-form-draft";
import type { BotInfo } from "@/contract/entities";
import { zodResolver } from "@/i18n/zod-resolver";
import type { BotOutcome } from "./bot-outcome";
import { botForm, type BotInput, type BotValues } from "./bot-schema";

interface BotFormProps {
  bots: readonly BotInfo[];
  busy: "start" | "stop" | undefined;
  /** The last outcome, when it belongs at one of this form's fields. */
  outcome: BotOutcome | undefined;
  canStop: boolean;
  onStart: (values: BotValues) => void;
  onStop: (values: BotValues) => void;
  /** Any change of the form makes the last outcome old news. */
  onEdit: () => void;
  /** Where what is chosen is kept while the person is on another page (src/lib/drafts.ts). */
  draftKey: string;
}

const defaultValues: BotInput = { bot: "", step: "", restart: false };
const FIELDS = ["bot", "step", "restart"] as const;

/** The draft as the form's values; a bot or step no longer listed is not chosen. */
function fromDraft(
  draft: Record<(typeof FIELDS)[number], string> | undefined,
  bots: readonly BotInfo[],
): BotInput {
  if (!draft) return defaultValues;
  const bot = bots.find((item) => String(item.bot_id) === draft.bot);
  const step = bot?.steps?.some((item) => item.step_id === draft.step) ? draft.step : "";
  return { bot: bot ? draft.bot : "", step, restart: draft.restart === "1" };
}

/** The bot's title as the service gives it, and whether it is off or unpublished. */
export function botLabel(bot: BotInfo, i18n: I18n): string {
  const title = bot.title;
  const inactive = bot.active === 0;
  const unpublished = bot.published === 0;
  if (inactive && unpublished) return i18n._(msg`${title} (inactive, not published)`);
  if (inactive) return i18n._(msg`${title} (inactive)`);
  if (unpublished) return i18n._(msg`${title} (not published)`);
  return title;
}

export function BotForm({
  bots,
  busy,
  outcome,
  canStop,
  onStart,
  onStop,
  onEdit,
  draftKey,
}: BotFormProps) {
  const { t, i18n } = useLingui();
  const botId = useId();
  const stepId = useId();
  const restartHint = useId();
  const draft = useInitialDraft(draftKey, FIELDS);
  const [initial] = useState(() => fromDraft(draft, bots));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<BotInput, unknown, BotValues>({
    resolver: zodResolver(botForm),
    // What was chosen before the person went to another page comes back.
    defaultValues: initial,
  });
  const selected = useWatch({ control, name: "bot" });
  const chosenStep = useWatch({ control, name: "step" });
  const restart = useWatch({ control, name: "restart" });
  useKeepDraft(draftKey, { bot: selected, step: chosenStep, restart: restart ? "1" : "" });

  // Done: the draft goes, so coming back later starts afresh. The form still shows the bot
  // here, so that what was just started can be stopped (or restarted) at once.
  useEffect(() => {
    if (outcome?.tone === "success") dropDraft(draftKey);
  }, [outcome, draftKey]);
  const bot = bots.find((item) => String(item.bot_id) === selected);
  const steps = bot?.steps;

  // A bot the service no longer lists (error 10, then reloaded) cannot stay chosen.
  useEffect(() => {
    if (selected !== "" && bot === undefined) {
      setValue("bot", "");
      setValue("step", "");
    }
  }, [bot, selected, setValue]);

  const fieldError = outcome?.tone === "error" ? outcome.field : undefined;
  // The keyboard goes where the refusal is said, so the next move is at hand.
  useEffect(() => {
    const target =
      fieldError === "bot" ? botId : fieldError === "restart" ? `${restartHint}-box` : undefined;
    if (target !== undefined) document.getElementById(target)?.focus();
  }, [fieldError, outcome, botId, restartHint]);

  const botError = errors.bot?.message ?? (fieldError === "bot" ? outcome?.text : undefined);
  const restartError = fieldError === "restart" ? outcome?.text : undefined;
  const start = handleSubmit((values) => {
    if (!busy) onStart(values);
  });
  const stop = handleSubmit((values) => {
    if (!busy) onStop(values);
  });

  return (
    <form
      className="card bots-form"
      aria-label={t`Bot`}
      noValidate
      onSubmit={(event) => void start(event)}
      onChange={onEdit}
    >
      <div className="field">
        <label htmlFor={botId}>
          <Trans>Bot</Trans>
        </label>
        <select
          id={botId}
          className="bots-select"
          aria-invalid={botError ? true : undefined}
          aria-describedby={botError ? `${botId}-error` : undefined}
          {...register("bot", {
            onChange: () => {
              setValue("step", "");
            },
          })}
        >
          <option value="">{t`Choose a bot`}</option>
          {bots.map((item) => (
            <option key={item.bot_id} value={item.bot_id}>
              {botLabel(item, i18n)}
            </option>
          ))}
        </select>
        {botError && (
          <p id={`${botId}-error`} className="field-error">
            {botError}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={stepId}>
          <Trans>Step (optional)</Trans>
        </label>
        <select
          id={stepId}
          className="bots-select"
          disabled={bot === undefined || steps === undefined || steps.length === 0}
          aria-describedby={`${stepId}-hint`}
          {...register("step")}
        >
          <option value="">{t`The bot’s first step`}</option>
          {steps?.map((step) => (
            <option key={step.step_id} value={step.step_id}>
              {step.title === "" ? step.step_id : `${step.title} (${step.step_id})`}
            </option>
          ))}
        </select>
        <p id={`${stepId}-hint`} className="bots-hint">
          {bot === undefined
            ? t`Choose a bot to see its steps.`
            : steps === undefined
              ? t`The service does not list this bot’s steps: it starts at its first step.`
              : steps.length === 0
                ? t`This bot has no steps listed: it starts at its first step.`
                : t`Where the bot begins; by default its first step.`}
        </p>
      </div>

      <div className="bots-check">
        <input
          id={`${restartHint}-box`}
          type="checkbox"
          aria-describedby={[restartHint, restartError ? `${restartHint}-error` : ""]
            .filter(Boolean)
            .join(" ")}
          aria-invalid={restartError ? true : undefined}
          {...register("restart")}
        />
        <div>
          <label htmlFor={`${restartHint}-box`}>
            <Trans>Restart if already running</Trans>
          </label>
          <p id={restartHint} className="bots-hint">
            <Trans>
              Without it, someone already in the bot is left where they are and the start is
              refused.
            </Trans>
          </p>
          {restartError && (
            <p id={`${restartHint}-error`} className="field-error">
              {restartError}
            </p>
          )}
        </div>
      </div>

      <div className="bots-actions">
        <button type="submit" className="button button-primary" disabled={busy !== undefined}>
          {busy === "start" ? t`Starting…` : t`Start the bot`}
        </button>
        {canStop && (
          <button
            type="button"
            className="button button-danger"
            disabled={busy !== undefined}
            onClick={() => void stop()}
          >
            {busy === "stop" ? t`Stopping…` : t`Stop the bot`}
          </button>
        )}
      </div>
    </form>
  );
}

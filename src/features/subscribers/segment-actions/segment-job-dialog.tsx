import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { VARIABLE_NAME_MAX, VARIABLE_VALUE_MAX } from "@/contract/common";
import type { BotInfo, SubscriptionInfo } from "@/contract/entities";
import { JOB_BACKGROUND_SHARE, JOB_CALLS_PER_SECOND, JOB_PAGE_SIZE } from "@/contract/job-kinds";
import type { JobAction, JobKind } from "@/contract/jobs";
import { useFormat } from "@/i18n/use-format";
import { estimateJobSeconds } from "@/lib/job-estimate";
import { actionOf, emptyValues, fieldsOf, type JobActionValues } from "./job-action-form";
import "@/components/confirm-dialog.css";

export interface SegmentJobDialogProps {
  kind: JobKind;
  /** The segment's size, if counted. */
  size: number | undefined;
  subscriptions: readonly SubscriptionInfo[];
  bots: readonly BotInfo[];
  /** The job is being created. */
  busy: boolean;
  /**
   * Counts the segment (the page's count, with its progress), offered while `size` is not
   * known; absent where nothing can be counted.
   */
  onCount?: () => void;
  /** How many the page's count has counted so far, while it runs. */
  counting?: number;
  onConfirm: (action: JobAction) => void;
  onClose: () => void;
}

const rate = {
  callsPerSecond: JOB_CALLS_PER_SECOND,
  backgroundShare: JOB_BACKGROUND_SHARE,
  pageSize: JOB_PAGE_SIZE,
};

/**
 * What the job needs (a group, a variable, a bot) and the confirmation before it starts: how
 * many people, and how long it takes at the background share of the rate limit. A modal
 * `<dialog>` as ConfirmDialog is, with focus starting on Cancel.
 */
export function SegmentJobDialog({
  kind,
  size,
  subscriptions,
  bots,
  busy,
  onCount,
  counting,
  onConfirm,
  onClose,
}: SegmentJobDialogProps) {
  const { t } = useLingui();
  const format = useFormat();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [values, setValues] = useState<JobActionValues>(emptyValues);
  const [wrong, setWrong] = useState<string | undefined>();
  const fields = fieldsOf(kind);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, []);

  const titles: Record<JobKind, string> = {
    "subscription-add": t`Add the segment to a group`,
    "subscription-del": t`Remove the segment from a group`,
    "var-set": t`Set a variable for the segment`,
    "var-del": t`Delete a variable for the segment`,
    "bot-start": t`Start a bot for the segment`,
    "bot-stop": t`Stop a bot for the segment`,
  };
  const nameMax = format.number(VARIABLE_NAME_MAX);
  const valueMax = format.number(VARIABLE_VALUE_MAX);
  const wrongWords: Record<string, string> = {
    subscription: t`Choose a group.`,
    bot: t`Choose a bot.`,
    name: t`A variable name is Latin letters, digits and _, up to ${nameMax} characters.`,
    value: t`The value may be at most ${valueMax} characters.`,
  };
  const people = size === undefined ? undefined : format.number(size);
  const seconds = size === undefined ? undefined : estimateJobSeconds(size, rate);
  const duration = seconds === undefined ? "" : format.duration(seconds);
  const count = size ?? 0;
  // A confirmation should say how many people: a segment not counted yet is offered a count
  // here, so no one has to cancel, count on the page and come back.
  const unknown =
    onCount === undefined
      ? t`The segment has not been counted: the job reads it to its end, whatever its size.`
      : t`The segment has not been counted yet, so how many people this changes is not known. Count them first, or start now: the job reads the segment to its end, whatever its size.`;
  const so = format.number(counting ?? 0);
  const summary =
    people === undefined
      ? unknown
      : t`${plural(count, {
          one: `This will change # person. It takes about ${duration}: the job uses part of the channel’s request limit, so people’s own work goes first.`,
          other: `This will change # people. It takes about ${duration}: the job uses part of the channel’s request limit, so people’s own work goes first.`,
        })}`;

  const set = (key: keyof JobActionValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setWrong(undefined);
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog segment-job-dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          const made = actionOf(kind, values);
          if (!made.ok) {
            setWrong(made.field);
            return;
          }
          onConfirm(made.action);
        }}
      >
        <h2 id={`${id}-title`} className="confirm-dialog-title">
          {titles[kind]}
        </h2>
        {fields.includes("subscription") && (
          <p className="segment-job-field">
            <label htmlFor={`${id}-subscription`}>
              <Trans>Group</Trans>
            </label>
            <select
              id={`${id}-subscription`}
              value={values.subscriptionId}
              onChange={set("subscriptionId")}
              aria-invalid={wrong === "subscription" || undefined}
            >
              <option value="">{t`Choose…`}</option>
              {subscriptions.map((item) => (
                <option key={item.subscription_id} value={item.subscription_id}>
                  {item.name}
                </option>
              ))}
            </select>
          </p>
        )}
        {fields.includes("bot") && (
          <p className="segment-job-field">
            <label htmlFor={`${id}-bot`}>
              <Trans>Bot</Trans>
            </label>
            <select
              id={`${id}-bot`}
              value={values.botId}
              onChange={set("botId")}
              aria-invalid={wrong === "bot" || undefined}
            >
              <option value="">{t`Choose…`}</option>
              {bots.map((item) => (
                <option key={item.bot_id} value={item.bot_id}>
                  {item.title}
                </option>
              ))}
            </select>
          </p>
        )}
        {fields.includes("name") && (
          <p className="segment-job-field">
            <label htmlFor={`${id}-name`}>
              <Trans>Variable</Trans>
            </label>
            <input
              id={`${id}-name`}
              value={values.name}
              onChange={set("name")}
              autoComplete="off"
              spellCheck="false"
              aria-invalid={wrong === "name" || undefined}
            />
          </p>
        )}
        {fields.includes("value") && (
          <p className="segment-job-field">
            <label htmlFor={`${id}-value`}>
              <Trans>Value</Trans>
            </label>
            <input
              id={`${id}-value`}
              value={values.value}
              onChange={set("value")}
              autoComplete="off"
              aria-invalid={wrong === "value" || undefined}
            />
          </p>
        )}
        {wrong !== undefined && (
          <p role="alert" className="notice notice-error">
            {wrongWords[wrong]}
          </p>
        )}
        <p id={`${id}-summary`} className="segment-job-summary">
          {summary}
        </p>
        {people === undefined && onCount !== undefined && (
          <p className="segment-job-count">
            {counting === undefined ? (
              <button type="button" className="button" onClick={onCount}>
                <Trans>Count the people</Trans>
              </button>
            ) : (
              <span role="status">{t`Counted ${so} so far…`}</span>
            )}
          </p>
        )}
        <div className="confirm-dialog-actions">
          <button ref={cancelRef} type="button" className="button" onClick={onClose}>
            {t({
              message: "Cancel",
              context: "dismiss a dialog or an edit, keeping things as they were",
            })}
          </button>
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            {busy ? t`Starting…` : t`Start the job`}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isApiError } from "@/api/api-error";
import { describeApiError } from "@/api/error-text";

export type BotAction = "start" | "stop";

export interface BotOutcome {
  tone: "success" | "error";
  text: string;
  /** Where the failure belongs, so it is said at that field too. */
  field?: "bot" | "person" | "restart" | undefined;
}

interface Subject {
  action: BotAction;
  bot: string;
  /** As "tg_user_id 700000003". */
  person: string;
  step?: string | undefined;
  restart: boolean;
}

/**
 * What a start or stop did, in the language of `i18n`: one message per sentence, since Russian
 * words the same outcome differently for a start, a restart and a stop.
 */
export function successOutcome(
  { action, bot, person, step, restart }: Subject,
  i18n: I18n,
): BotOutcome {
  if (action === "stop") {
    return { tone: "success", text: i18n._(msg`“${bot}” is stopped for ${person}.`) };
  }
  if (step === undefined) {
    return {
      tone: "success",
      text: restart
        ? i18n._(msg`Started (or restarted) “${bot}” for ${person} at its first step.`)
        : i18n._(msg`Started “${bot}” for ${person} at its first step.`),
    };
  }
  return {
    tone: "success",
    text: restart
      ? i18n._(msg`Started (or restarted) “${bot}” for ${person} at the step “${step}”.`)
      : i18n._(msg`Started “${bot}” for ${person} at the step “${step}”.`),
  };
}

/** A refusal in plain words, with the service's own code kept for whoever reads it on. */
export function failureOutcome(subject: Subject, error: unknown, i18n: I18n): BotOutcome {
  const { action, bot, person } = subject;
  if (isApiError(error) && error.kind === "service" && error.code === 10) {
    return {
      tone: "error",
      field: "bot",
      text: i18n._(
        msg`The service has no bot “${bot}” (error 10: bot not found) — it may have been deleted. The list of bots has been reloaded; choose the bot again.`,
      ),
    };
  }
  if (isApiError(error) && error.kind === "service" && error.code === 5) {
    return {
      tone: "error",
      field: "person",
      text: i18n._(
        msg`There is no subscriber with ${person} in this channel (error 5: user not found). Check the id.`,
      ),
    };
  }
  if (
    isApiError(error) &&
    error.kind === "service" &&
    error.code === 12 &&
    action === "start" &&
    !subject.restart &&
    // The service's own words are the only sign that the person is already in the bot.
    /already/i.test(error.message)
  ) {
    return {
      tone: "error",
      field: "restart",
      text: i18n._(
        msg`${person} is already in “${bot}”. Tick “Restart if already running” to start them again.`,
      ),
    };
  }
  // Anything else (a refused role, no answer): the failure's own words, with its code.
  const reason = describeApiError(error, i18n);
  return {
    tone: "error",
    text:
      action === "start"
        ? i18n._(msg`Could not start “${bot}”: ${reason}`)
        : i18n._(msg`Could not stop “${bot}”: ${reason}`),
  };
}

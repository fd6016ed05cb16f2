import { isApiError } from "@/api/api-error";

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

export function quote(text: string): string {
  return `“${text}”`;
}

export function successOutcome({ action, bot, person, step, restart }: Subject): BotOutcome {
  if (action === "stop") {
    return { tone: "success", text: `${quote(bot)} is stopped for ${person}.` };
  }
  const where = step === undefined ? "at its first step" : `at the step ${quote(step)}`;
  return {
    tone: "success",
    text: `${restart ? "Started (or restarted)" : "Started"} ${quote(bot)} for ${person} ${where}.`,
  };
}

/** A refusal in plain words, with the service's own code kept for whoever reads it on. */
export function failureOutcome(subject: Subject, error: unknown): BotOutcome {
  const { action, bot, person } = subject;
  const verb = action === "start" ? "start" : "stop";
  if (!isApiError(error)) {
    return { tone: "error", text: `Could not ${verb} ${quote(bot)}: something went wrong.` };
  }
  if (error.kind === "service" && error.code === 10) {
    return {
      tone: "error",
      field: "bot",
      text: `The service has no bot ${quote(bot)} (error 10: bot not found) — it may have been deleted. The list of bots has been reloaded; choose the bot again.`,
    };
  }
  if (error.kind === "service" && error.code === 5) {
    return {
      tone: "error",
      field: "person",
      text: `There is no subscriber with ${person} in this channel (error 5: user not found). Check the id.`,
    };
  }
  if (
    error.kind === "service" &&
    error.code === 12 &&
    action === "start" &&
    !subject.restart &&
    /already/i.test(error.message)
  ) {
    return {
      tone: "error",
      field: "restart",
      text: `${person} is already in ${quote(bot)}. Tick “Restart if already running” to start them again.`,
    };
  }
  if (error.status === 403) {
    return {
      tone: "error",
      text: `Your role may not ${verb} bots on this channel (${error.message}).`,
    };
  }
  const code =
    error.code === undefined || error.message.includes(`error ${String(error.code)}`)
      ? ""
      : ` (error ${String(error.code)})`;
  return { tone: "error", text: `Could not ${verb} ${quote(bot)}: ${error.message}${code}` };
}

import { type JobAction, jobAction, type JobKind } from "@/contract/jobs";

/** What the dialog's fields hold, as typed: one form for every kind of job. */
export interface JobActionValues {
  subscriptionId: string;
  name: string;
  value: string;
  botId: string;
}

export const emptyValues: JobActionValues = { subscriptionId: "", name: "", value: "", botId: "" };

/** The fields a kind of job asks for. */
export function fieldsOf(kind: JobKind): readonly ("subscription" | "name" | "value" | "bot")[] {
  switch (kind) {
    case "subscription-add":
    case "subscription-del":
      return ["subscription"];
    case "var-set":
      return ["name", "value"];
    case "var-del":
      return ["name"];
    case "bot-start":
    case "bot-stop":
      return ["bot"];
  }
}

/**
 * The action the values make, checked by the contract, or the first field that is wrong (the
 * dialog names it in words of its own).
 */
export function actionOf(
  kind: JobKind,
  values: JobActionValues,
):
  | { ok: true; action: JobAction }
  | { ok: false; field: "subscription" | "name" | "value" | "bot" } {
  const raw =
    kind === "subscription-add" || kind === "subscription-del"
      ? { kind, subscription_id: Number(values.subscriptionId) }
      : kind === "var-set"
        ? { kind, name: values.name.trim(), value: values.value }
        : kind === "var-del"
          ? { kind, name: values.name.trim() }
          : { kind, bot_id: Number(values.botId) };
  const parsed = jobAction.safeParse(raw);
  if (parsed.success) return { ok: true, action: parsed.data };
  const path = String(parsed.error.issues[0]?.path[0] ?? "");
  return {
    ok: false,
    field:
      path === "subscription_id"
        ? "subscription"
        : path === "bot_id"
          ? "bot"
          : path === "value"
            ? "value"
            : "name",
  };
}

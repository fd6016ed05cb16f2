import type { UserIdField } from "./subscriber-format";

/**
 * What a support person pastes to name somebody: a bare user id, or a profile link. Only links
 * that carry the numeric id can be read here; a screen name (vk.com/durov, t.me/name, @name)
 * needs the service to resolve it, and the API has no operation for that, so it is refused
 * with a way forward rather than guessed.
 *
 * No words here: the gateway's directory reads ids with it too (through tsx, where the catalogs'
 * macros do not run). src/lib/profile-link.ts says each problem in the person's language.
 */
export type ProfileSource = "id" | "vk-link" | "tg-link";

export type ProfileProblem =
  | { code: "not-an-id"; shown: string }
  | { code: "tg-link-on-vk" }
  | { code: "vk-link-on-tg" }
  | { code: "vk-no-profile" }
  | { code: "vk-community"; shown: string }
  | { code: "vk-screen-name"; shown: string }
  | { code: "tg-username"; shown: string }
  | { code: "tg-no-id" }
  | { code: "at-name-on-vk"; shown: string }
  | { code: "enter-tg-id" }
  | { code: "enter-vk-id" }
  | { code: "enter-id" };

export type ReadProfile =
  | { kind: "empty" }
  | { kind: "id"; id: number; source: ProfileSource }
  | { kind: "problem"; problem: ProfileProblem };

const VK_HOST = /^(?:(?:www|m|new)\.)?vk\.(?:com|ru)$/i;
const TG_HOST = /^(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)$/i;
const DIGITS = /^\d+$/;

/** A positive safe integer written as digits alone, else undefined. */
function userIdOf(digits: string): number | undefined {
  if (!DIGITS.test(digits)) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function problem(found: ProfileProblem): ReadProfile {
  return { kind: "problem", problem: found };
}

function notAnId(text: string): ReadProfile {
  return problem({ code: "not-an-id", shown: clip(text) });
}

/** A link of the other kind of channel: a Telegram link on a VK channel, or the reverse. */
function wrongKind(field: UserIdField): ReadProfile {
  return problem({ code: field === "vk_user_id" ? "tg-link-on-vk" : "vk-link-on-tg" });
}

/** `vk.com/<path>`: the numeric id of `id123`, else what the path is and why it cannot do. */
function fromVkPath(path: string): ReadProfile {
  const first = decodeSafely(path.split("/").find((part) => part !== "") ?? "");
  if (first === "") return problem({ code: "vk-no-profile" });
  const match = /^id(\d+)$/i.exec(first);
  if (match) {
    const id = userIdOf(match[1] ?? "");
    return id === undefined ? notAnId(first) : { kind: "id", id, source: "vk-link" };
  }
  if (/^(?:club|public|event)\d+$/i.test(first)) {
    return problem({ code: "vk-community", shown: clip(first) });
  }
  return problem({ code: "vk-screen-name", shown: clip(first) });
}

/** `tg://user?id=123` (and `tg:user?id=` as some apps copy it). */
function fromTgScheme(text: string): ReadProfile | undefined {
  const match = /^tg:(?:\/\/)?user\?(.*)$/i.exec(text);
  if (!match) return undefined;
  const id = new URLSearchParams(match[1] ?? "").get("id") ?? "";
  const value = userIdOf(id.trim());
  return value === undefined
    ? problem({ code: "tg-no-id" })
    : { kind: "id", id: value, source: "tg-link" };
}

function asUrl(text: string): URL | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/**
 * Reads a pasted person. `field` is the channel's kind of id (src/lib/subscriber-format.ts
 * `userIdField`): a VK link on a Telegram channel (or the reverse) is refused with a reason;
 * with `undefined` (a kind we do not know) either kind of link is read.
 */
export function readProfileInput(text: string, field: UserIdField | undefined): ReadProfile {
  const value = text.trim();
  if (value === "") return { kind: "empty" };
  if (DIGITS.test(value)) {
    const id = userIdOf(value);
    return id === undefined ? notAnId(value) : { kind: "id", id, source: "id" };
  }
  const tg = fromTgScheme(value);
  if (tg) {
    return tg.kind === "id" && field === "vk_user_id" ? wrongKind(field) : tg;
  }
  if (/^@[A-Za-z0-9_]{1,64}$/.test(value)) {
    return field === "vk_user_id"
      ? problem({ code: "at-name-on-vk", shown: clip(value) })
      : problem({ code: "tg-username", shown: clip(value.slice(1)) });
  }
  if (/^id\d+$/i.test(value)) {
    const parsed = fromVkPath(value);
    return parsed.kind === "id" && field === "tg_user_id" ? wrongKind(field) : parsed;
  }
  const url = asUrl(value);
  if (url && /^https?:$/.test(url.protocol) && !/\s/.test(value)) {
    if (VK_HOST.test(url.hostname)) {
      if (field === "tg_user_id") return wrongKind(field);
      return fromVkPath(url.pathname);
    }
    if (TG_HOST.test(url.hostname)) {
      if (field === "vk_user_id") return wrongKind(field);
      const name = decodeSafely(url.pathname.split("/").find((part) => part !== "") ?? "");
      return problem({ code: "tg-username", shown: clip(name === "" ? url.hostname : name) });
    }
  }
  if (/^-?\d+(?:[.,eE]\d*)?$/.test(value)) return notAnId(value);
  return problem({
    code:
      field === "tg_user_id" ? "enter-tg-id" : field === "vk_user_id" ? "enter-vk-id" : "enter-id",
  });
}

function decodeSafely(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A pasted paragraph only needs to be pointed at, not repeated. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

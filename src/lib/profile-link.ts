import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UserIdField } from "./subscriber-format";

/**
 * What a support person pastes to name somebody: a bare user id, or a profile link. Only links
 * that carry the numeric id can be read here; a screen name (vk.com/durov, t.me/name, @name)
 * needs the service to resolve it, and the API has no operation for that, so it is refused
 * with a way forward rather than guessed.
 */
export type ProfileSource = "id" | "vk-link" | "tg-link";

export type ParsedProfile =
  | { kind: "empty" }
  | { kind: "id"; id: number; source: ProfileSource }
  | { kind: "problem"; message: string };

const VK_HOST = /^(?:(?:www|m|new)\.)?vk\.(?:com|ru)$/i;
const TG_HOST = /^(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)$/i;
const DIGITS = /^\d+$/;

/** A positive safe integer written as digits alone, else undefined. */
function userIdOf(digits: string): number | undefined {
  if (!DIGITS.test(digits)) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function problem(message: string): ParsedProfile {
  return { kind: "problem", message };
}

function notAnId(text: string, i18n: I18n): ParsedProfile {
  const shown = clip(text);
  return problem(i18n._(msg`“${shown}” is not a user id: a user id is a positive whole number.`));
}

/** A link of the other kind of channel: a Telegram link on a VK channel, or the reverse. */
function wrongKind(field: UserIdField, i18n: I18n): ParsedProfile {
  return problem(
    field === "vk_user_id"
      ? i18n._(
          msg`That is a Telegram link, but this is a VK channel: paste the person’s VK user id.`,
        )
      : i18n._(
          msg`That is a VK link, but this is a Telegram channel: paste the person’s Telegram user id.`,
        ),
  );
}

/** `vk.com/<path>`: the numeric id of `id123`, else what the path is and why it cannot do. */
function fromVkPath(path: string, i18n: I18n): ParsedProfile {
  const first = decodeSafely(path.split("/").find((part) => part !== "") ?? "");
  if (first === "") {
    return problem(i18n._(msg`That VK link names no profile: paste vk.com/id… or the id.`));
  }
  const match = /^id(\d+)$/i.exec(first);
  if (match) {
    const id = userIdOf(match[1] ?? "");
    return id === undefined ? notAnId(first, i18n) : { kind: "id", id, source: "vk-link" };
  }
  const shown = clip(first);
  if (/^(?:club|public|event)\d+$/i.test(first)) {
    return problem(
      i18n._(
        msg`vk.com/${shown} is a community, not a person: paste a person’s profile link or id.`,
      ),
    );
  }
  return problem(
    i18n._(
      msg`“${shown}” is a VK screen name, and the service cannot look people up by screen name. Open the profile and copy the link with the number (vk.com/id…), or paste the numeric id.`,
    ),
  );
}

function telegramUsername(name: string, i18n: I18n): ParsedProfile {
  const shown = clip(name);
  return problem(
    i18n._(
      msg`“${shown}” is a Telegram username, and the service cannot look people up by username. Paste the person’s numeric Telegram user id (or a tg://user?id=… link).`,
    ),
  );
}

/** `tg://user?id=123` (and `tg:user?id=` as some apps copy it). */
function fromTgScheme(text: string, i18n: I18n): ParsedProfile | undefined {
  const match = /^tg:(?:\/\/)?user\?(.*)$/i.exec(text);
  if (!match) return undefined;
  const id = new URLSearchParams(match[1] ?? "").get("id") ?? "";
  const value = userIdOf(id.trim());
  return value === undefined
    ? problem(i18n._(msg`That Telegram link carries no user id (tg://user?id=…).`))
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
export function parseProfileInput(
  text: string,
  field: UserIdField | undefined,
  i18n: I18n,
): ParsedProfile {
  const value = text.trim();
  if (value === "") return { kind: "empty" };
  if (DIGITS.test(value)) {
    const id = userIdOf(value);
    return id === undefined ? notAnId(value, i18n) : { kind: "id", id, source: "id" };
  }
  const tg = fromTgScheme(value, i18n);
  if (tg) {
    return tg.kind === "id" && field === "vk_user_id" ? wrongKind(field, i18n) : tg;
  }
  if (/^@[A-Za-z0-9_]{1,64}$/.test(value)) {
    const shown = clip(value);
    return field === "vk_user_id"
      ? problem(i18n._(msg`“${shown}” looks like a screen name; paste the person’s numeric VK id.`))
      : telegramUsername(value.slice(1), i18n);
  }
  if (/^id\d+$/i.test(value)) {
    const parsed = fromVkPath(value, i18n);
    return parsed.kind === "id" && field === "tg_user_id" ? wrongKind(field, i18n) : parsed;
  }
  const url = asUrl(value);
  if (url && /^https?:$/.test(url.protocol) && !/\s/.test(value)) {
    if (VK_HOST.test(url.hostname)) {
      if (field === "tg_user_id") return wrongKind(field, i18n);
      return fromVkPath(url.pathname, i18n);
    }
    if (TG_HOST.test(url.hostname)) {
      if (field === "vk_user_id") return wrongKind(field, i18n);
      const name = decodeSafely(url.pathname.split("/").find((part) => part !== "") ?? "");
      return telegramUsername(name === "" ? url.hostname : name, i18n);
    }
  }
  if (/^-?\d+(?:[.,eE]\d*)?$/.test(value)) return notAnId(value, i18n);
  return problem(
    field === "tg_user_id"
      ? i18n._(msg`Enter the person’s Telegram user id (digits) or a tg://user?id=… link.`)
      : field === "vk_user_id"
        ? i18n._(
            msg`Enter the person’s VK user id (digits) or a profile link such as vk.com/id123.`,
          )
        : i18n._(msg`Enter the person’s user id (digits) or a profile link such as vk.com/id123.`),
  );
}

/** "User id 123 (from a VK profile link)": what the field understood, said under it. */
export function describeProfile(parsed: { id: number; source: ProfileSource }, i18n: I18n): string {
  const id = String(parsed.id);
  switch (parsed.source) {
    case "id":
      return i18n._(msg`User id ${id}`);
    case "vk-link":
      return i18n._(msg`User id ${id} (from a VK profile link)`);
    case "tg-link":
      return i18n._(msg`User id ${id} (from a Telegram link)`);
  }
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

import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ProfileProblem, type ProfileSource, readProfileInput } from "./profile-id";
import type { UserIdField } from "./subscriber-format";

export type { ProfileSource } from "./profile-id";

export type ParsedProfile =
  | { kind: "empty" }
  | { kind: "id"; id: number; source: ProfileSource }
  | { kind: "problem"; message: string };

/** Why a pasted text names nobody, with the way forward, in the person's language. */
export function profileProblemText(found: ProfileProblem, i18n: I18n): string {
  switch (found.code) {
    case "not-an-id": {
      const { shown } = found;
      return i18n._(msg`“${shown}” is not a user id: a user id is a positive whole number.`);
    }
    case "tg-link-on-vk":
      return i18n._(
        msg`That is a Telegram link, but this is a VK channel: paste the person’s VK user id.`,
      );
    case "vk-link-on-tg":
      return i18n._(
        msg`That is a VK link, but this is a Telegram channel: paste the person’s Telegram user id.`,
      );
    case "vk-no-profile":
      return i18n._(msg`That VK link names no profile: paste vk.com/id… or the id.`);
    case "vk-community": {
      const { shown } = found;
      return i18n._(
        msg`vk.com/${shown} is a community, not a person: paste a person’s profile link or id.`,
      );
    }
    case "vk-screen-name": {
      const { shown } = found;
      return i18n._(
        msg`“${shown}” is a VK screen name, and the service cannot look people up by screen name. Open the profile and copy the link with the number (vk.com/id…), or paste the numeric id.`,
      );
    }
    case "tg-username": {
      const { shown } = found;
      return i18n._(
        msg`“${shown}” is a Telegram username, and the service cannot look people up by username. Paste the person’s numeric Telegram user id (or a tg://user?id=… link).`,
      );
    }
    case "tg-no-id":
      return i18n._(msg`That Telegram link carries no user id (tg://user?id=…).`);
    case "at-name-on-vk": {
      const { shown } = found;
      return i18n._(msg`“${shown}” looks like a screen name; paste the person’s numeric VK id.`);
    }
    case "enter-tg-id":
      return i18n._(msg`Enter the person’s Telegram user id (digits) or a tg://user?id=… link.`);
    case "enter-vk-id":
      return i18n._(
        msg`Enter the person’s VK user id (digits) or a profile link such as vk.com/id123.`,
      );
    case "enter-id":
      return i18n._(
        msg`Enter the person’s user id (digits) or a profile link such as vk.com/id123.`,
      );
  }
}

/** Reads a pasted person (src/lib/profile-id.ts), saying a problem in the person's language. */
export function parseProfileInput(
  text: string,
  field: UserIdField | undefined,
  i18n: I18n,
): ParsedProfile {
  const read = readProfileInput(text, field);
  return read.kind === "problem"
    ? { kind: "problem", message: profileProblemText(read.problem, i18n) }
    : read;
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

import { contractError } from "./messages";
import * as z from "./zod";
import { roles } from "./roles";
import { channelKindNames, interfaceLocales, USERNAME_PATTERN } from "./session-constants";

export * from "./session-constants";

/**
 * The schemas of the gateway's own endpoints (not part of the Channel API): sign-in, sign-out
 * and the signed-in person's session.
 */

export const roleSchema = z.enum(roles);

/** What `GET /auth/session` answers the app's probe (SESSION_PROBE_HEADER) when nobody is signed in. */
export const signedOutAnswer = z.object({ signed_in: z.literal(false) });

export const loginRequest = z.object({
  username: z
    .string(contractError("username-required"))
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, contractError("username-required")),
      z.regex(USERNAME_PATTERN, contractError("username-pattern")),
    ),
  password: z
    .string(contractError("password-required"))
    .check(
      z.minLength(1, contractError("password-required")),
      z.maxLength(1024, contractError("password-too-long")),
    ),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionChannel = z.looseObject({
  group_id: z.number().check(z.int(), z.positive()),
  name: z.string(),
  /** "VK" or "Telegram"; decides `vk_user_id` or `tg_user_id`. */
  type_name: z.enum(channelKindNames),
  time_zone: z.string(),
});
export type SessionChannel = z.infer<typeof sessionChannel>;

export const sessionResponse = z.looseObject({
  username: z.string(),
  role: roleSchema,
  channels: z.array(sessionChannel),
  /** When the session ends unless it is used, or at its lifetime (ISO 8601). */
  expires_at: z.optional(z.string()),
  /**
   * The interface language the account chose. A gateway that remembers it always sends the
   * field (null before any choice); one that does not leaves it out, and the SPA then keeps the
   * choice in the browser only. A value the SPA does not know is ignored.
   */
  locale: z.optional(z.nullable(z.string())),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** `POST /auth/locale`: the signed-in account's language, remembered for its next sign-in. */
export const localeRequest = z.object({ locale: z.enum(interfaceLocales) });
export type LocaleRequest = z.infer<typeof localeRequest>;

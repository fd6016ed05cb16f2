import { contractError } from "./messages";
import * as z from "./zod";
import { gatewayReasonFields } from "./gateway-reasons";
import { roleSchema } from "./roles";

/**
 * The gateway's own endpoints (not part of the Channel API): sign-in, sign-out and the
 * signed-in person's session. Every POST carries `X-Channel-Desk: 1`.
 */
export const CSRF_HEADER = "X-Channel-Desk";

/**
 * Sent with `GET /auth/session` by the app's own session check: nobody signed in is then an
 * answer (200 `signedOutAnswer`), not a refusal, so a signed-out visit logs no failed request
 * in the browser's console. Without it the endpoint answers 401, as every API call does.
 */
export const SESSION_PROBE_HEADER = "X-Channel-Desk-Probe";
export const signedOutAnswer = z.object({ signed_in: z.literal(false) });

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const loginRequest = z.object({
  username: z
    .string(contractError("username-required"))
    .trim()
    .toLowerCase()
    .min(1, contractError("username-required"))
    .regex(USERNAME_PATTERN, contractError("username-pattern")),
  password: z
    .string(contractError("password-required"))
    .min(1, contractError("password-required"))
    .max(1024, contractError("password-too-long")),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const channelKindNames = ["VK", "Telegram"] as const;

export const sessionChannel = z.looseObject({
  group_id: z.number().int().positive(),
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
  expires_at: z.string().optional(),
  /**
   * The interface language the account chose. A gateway that remembers it always sends the
   * field (null before any choice); one that does not leaves it out, and the SPA then keeps the
   * choice in the browser only. A value the SPA does not know is ignored.
   */
  locale: z.string().nullable().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Body of every gateway refusal that is not a Channel API answer. */
export const gatewayFailure = z.looseObject({
  success: z.literal(false),
  error_code: z.number().int(),
  error_message: z.string(),
  ...gatewayReasonFields,
});

/** The languages of the interface; `POST /auth/locale` takes one of them. */
export const interfaceLocales = ["en", "ru"] as const;

/** `POST /auth/locale`: the signed-in account's language, remembered for its next sign-in. */
export const localeRequest = z.object({ locale: z.enum(interfaceLocales) });
export type LocaleRequest = z.infer<typeof localeRequest>;

import * as z from "./zod";
import { roleSchema } from "./roles";

/**
 * The gateway's own endpoints (not part of the Channel API): sign-in, sign-out and the
 * signed-in person's session. Every POST carries `X-Channel-Desk: 1`.
 */
export const CSRF_HEADER = "X-Channel-Desk";

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const loginRequest = z.object({
  username: z
    .string({ error: "Enter your user name" })
    .trim()
    .toLowerCase()
    .min(1, "Enter your user name")
    .regex(USERNAME_PATTERN, "A user name is lower-case letters, digits, dots, - and _"),
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(1024, "The password is too long"),
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
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Body of every gateway refusal that is not a Channel API answer. */
export const gatewayFailure = z.looseObject({
  success: z.literal(false),
  error_code: z.number().int(),
  error_message: z.string(),
});

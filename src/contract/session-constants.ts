/**
 * The words of the gateway's own endpoints (sign-in, sign-out, the session) that are not
 * schemas: the SPA's entry needs them, and no zod (the schemas are in session.ts, loaded after
 * the entry, src/api/contract-schemas.ts). Every POST carries `X-Channel-Desk: 1`.
 */
export const CSRF_HEADER = "X-Channel-Desk";

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const channelKindNames = ["VK", "Telegram"] as const;

/** The languages of the interface; `POST /auth/locale` takes one of them. */
export const interfaceLocales = ["en", "ru"] as const;

import * as z from "./zod";
import type { GatewayRefusalWords } from "./gateway-reasons";

/** Error codes of the service (api-facts.md). The dashboard still copes with codes not listed. */
export const ErrorCode = {
  Unknown: 0,
  MissingParameter: 1,
  SignatureMissing: 2,
  SignatureWrong: 3,
  MessagesNotAllowed: 4,
  UserNotFound: 5,
  CommunityNotFound: 6,
  GroupNotFound: 7,
  UtmNotFound: 8,
  TooManyRequests: 9,
  BotNotFound: 10,
  BadVariableName: 11,
  InvalidValue: 12,
  TokenNotFound: 13,
  InvalidToken: 14,
} as const;

export type KnownErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodeMeanings: Readonly<Record<KnownErrorCode, string>> = {
  0: "unknown error",
  1: "a required parameter is missing",
  2: "signature (hash) missing",
  3: "signature (hash) wrong",
  4: "the user has not allowed messages",
  5: "user not found",
  6: "community not found",
  7: "group not found",
  8: "UTM tag not found",
  9: "too many requests per second",
  10: "bot not found",
  11: "variable name must consist of Latin letters and digits",
  12: "invalid parameter value",
  13: "token not found",
  14: "invalid token",
};

export function describeErrorCode(code: number): string {
  return code in errorCodeMeanings
    ? errorCodeMeanings[code as KnownErrorCode]
    : `error code ${String(code)}`;
}

/**
 * The optional fields a gateway refusal adds to the failure body. `details` is read loosely
 * (its values as strings or numbers, anything else ignored): a record schema would cost the
 * entry of the SPA more than the check is worth.
 */
export const gatewayReasonFields = {
  reason: z.optional(z.string()),
  details: z.optional(z.looseObject({})),
};

/** The body of every failed call: HTTP 200 for service errors, 4xx/5xx for protocol-level ones. */
export const failureBody = z.looseObject({
  success: z.literal(false),
  error_code: z.int(),
  error_message: z.string(),
  // Set only by the gateway, for refusals of its own (gateway-reasons.ts).
  ...gatewayReasonFields,
});
export type FailureBody = z.infer<typeof failureBody>;

/**
 * A refusal as both servers write it: the service's own shape, so a client reads a gateway
 * refusal and a Channel API one alike. `words` (the gateway's, and a request Node could not
 * read) add the stable `reason` a client says in its own language, and the values it names.
 */
export function failureOf(code: number, message: string, words?: GatewayRefusalWords) {
  return { success: false as const, error_code: code, error_message: message, ...words };
}

import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "./failure";

/**
 * What one request may carry, whatever its encoding. The largest real call is a bulk add of
 * 1,000 ids (one field each in a form), so these sit ten times above it: a request within them
 * costs a few milliseconds to read, and one beyond them is refused before anything else.
 */
export const MAX_FIELDS = 10_000;
/** Items of one array: a JSON array, a `key[]` list, or a JSON array sent as a form value. */
export const MAX_ITEMS = 10_000;
/** Nesting of a JSON body; no field of the API is deeper than an array of scalars. */
export const MAX_DEPTH = 32;

/** A body that cannot be read as sent (bad syntax, bad encoding, a file): 400 with code 12. */
export function malformed(message: string): ApiFailure {
  return new ApiFailure(ErrorCode.InvalidValue, message, 400);
}

/**
 * A field's value the API cannot take (too many items, text UTF-8 cannot hold): code 12 with
 * HTTP 200, like any other bad value, so the gateway passes it on as the service's own refusal.
 */
export function badValue(message: string): ApiFailure {
  return new ApiFailure(ErrorCode.InvalidValue, message);
}

export function tooManyFields(): ApiFailure {
  return malformed(`too many fields: at most ${String(MAX_FIELDS)}`);
}

export function tooManyItems(where: string): ApiFailure {
  return badValue(`too many items in ${where}: at most ${String(MAX_ITEMS)}`);
}

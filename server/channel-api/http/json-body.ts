import { ErrorCode } from "../../../src/contract/errors";
import { ApiFailure } from "./failure";
import { type Fields, jsonFields } from "./fields";
import {
  badValue,
  malformed,
  MAX_DEPTH,
  MAX_FIELDS,
  MAX_ITEMS,
  tooManyFields,
  tooManyItems,
} from "./limits";
import { charsetName, decodeText, decoderFor } from "./media-type";

/** A UTF-16 code unit without its pair: JSON can spell one (`"\ud800"`), UTF-8 cannot hold it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** The body's leading byte order mark, if any, is not part of the JSON text (RFC 8259 §8.1). */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

interface Pending {
  value: unknown;
  depth: number;
  /** The top-level field the value belongs to, for the refusal's message. */
  field: string;
}

function checkText(text: string, field: string): void {
  if (!LONE_SURROGATE.test(text)) return;
  if (field === "") throw malformed("a field name is not valid Unicode");
  throw badValue(`${field} holds text that is not valid Unicode`);
}

/**
 * Walks the parsed body once, without recursion: nesting at most MAX_DEPTH, at most
 * MAX_FIELDS keys in an object, MAX_ITEMS items in an array, and only well-formed text.
 */
function checkShape(body: Record<string, unknown>): void {
  const pending: Pending[] = [{ value: body, depth: 1, field: "" }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth, field } = next;
    if (typeof value === "string") {
      checkText(value, field);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_DEPTH)
      throw malformed(`the JSON body is nested deeper than ${String(MAX_DEPTH)} levels`);
    if (Array.isArray(value)) {
      if (value.length > MAX_ITEMS) throw tooManyItems(field);
      for (const item of value as unknown[]) pending.push({ value: item, depth: depth + 1, field });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_FIELDS) {
      throw field === ""
        ? tooManyFields()
        : badValue(`too many keys in ${field}: at most ${String(MAX_FIELDS)}`);
    }
    for (const key of keys) {
      checkText(key, field);
      pending.push({
        value: (value as Record<string, unknown>)[key],
        depth: depth + 1,
        field: field === "" ? key : field,
      });
    }
  }
}

/**
 * The fields of an `application/json` body: an object, in UTF-8, within the bounds above. A
 * blank body has no fields (some clients send `content-type: application/json` with nothing).
 */
export function readJsonBody(bytes: Buffer, charset: string | undefined): Fields {
  if (charset !== undefined && decoderFor(charset)?.encoding !== "utf-8") {
    throw new ApiFailure(
      ErrorCode.Unknown,
      `unsupported charset ${charsetName(charset)} for JSON: send UTF-8`,
      415,
    );
  }
  const text = decodeText(UTF8, bytes, "the JSON body");
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed("the body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw malformed("the body must be a JSON object");
  }
  checkShape(parsed as Record<string, unknown>);
  return jsonFields(parsed as Record<string, unknown>);
}

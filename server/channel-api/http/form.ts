import { decodeText } from "./media-type";
import { MAX_FIELDS, tooManyFields } from "./limits";

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
const PLUS = 0x2b;
const SPACE = 0x20;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * Percent-decodes bytes the way URLSearchParams does (`+` is a space, a `%` not followed by
 * two hex digits stays as it is), into bytes, so the text decoder sees the real octets.
 */
function percentDecode(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(PERCENT) && !bytes.includes(PLUS)) return bytes;
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === PLUS) {
      out[length++] = SPACE;
      continue;
    }
    if (byte === PERCENT) {
      const high = hexValue(bytes[i + 1]);
      const low = hexValue(bytes[i + 2]);
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

/**
 * The name/value pairs of `application/x-www-form-urlencoded` bytes (a body, or a query
 * string), in one linear pass: each `&`-separated piece is looked at once and searched for
 * `=` only within itself. Values are decoded strictly in the body's charset, so invalid UTF-8
 * is refused instead of turning into U+FFFD. More than MAX_FIELDS pairs are refused as soon
 * as the next one is seen, before the rest is read.
 */
export function readForm(bytes: Uint8Array, decoder: TextDecoder): [string, string][] {
  const pairs: [string, string][] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(AMPERSAND, start);
    if (end === -1) end = bytes.length;
    const piece = bytes.subarray(start, end);
    start = end + 1;
    if (piece.length === 0) continue;
    if (pairs.length >= MAX_FIELDS) throw tooManyFields();
    const equals = piece.indexOf(EQUALS);
    const rawName = equals === -1 ? piece : piece.subarray(0, equals);
    const name = decodeText(decoder, percentDecode(rawName), "a form field name");
    const value =
      equals === -1
        ? ""
        : decodeText(
            decoder,
            percentDecode(piece.subarray(equals + 1)),
            () => `the form field ${JSON.stringify(name.slice(0, 64))}`,
          );
    pairs.push([name, value]);
  }
  return pairs;
}

import { malformed } from "./limits";

/**
 * `name=value` parameters after the `;` of a Content-Type or Content-Disposition value, names
 * in lower case, quoted values unquoted (RFC 9110 §5.6.6). One pass of a regular expression
 * without nested repetition, so a long header costs linear time.
 */
const PARAMETER = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s"]*)/g;

export function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const match of value.matchAll(PARAMETER)) {
    const name = match[1]?.toLowerCase();
    const raw = match[2] ?? "";
    if (name === undefined || parameters.has(name)) continue;
    parameters.set(name, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw);
  }
  return parameters;
}

/** The part before the first `;`, trimmed, in lower case: `multipart/form-data`. */
export function mediaTypeOf(value: string): string {
  const end = value.indexOf(";");
  return (end === -1 ? value : value.slice(0, end)).trim().toLowerCase();
}

/**
 * A strict decoder for a `charset` (UTF-8 when none), or undefined when it is unknown or not
 * ASCII-compatible (UTF-16: form syntax is read from bytes). Bytes that are not valid text in
 * it are refused rather than read as U+FFFD, so what is stored is what was sent. A byte order
 * mark is kept: inside a form it is part of a value.
 */
export function decoderFor(charset: string | undefined): TextDecoder | undefined {
  const label = charset?.trim() ?? "";
  if (label === "") return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    const decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
    return decoder.encoding.startsWith("utf-16") ? undefined : decoder;
  } catch {
    return undefined;
  }
}

/** How a refusal names a charset: at most 40 characters of what was sent. */
export function charsetName(charset: string): string {
  return JSON.stringify(charset.trim().slice(0, 40));
}

/** Decodes bytes with a strict decoder; `what` names the text in the refusal. */
export function decodeText(decoder: TextDecoder, bytes: Uint8Array, what: string): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const name = decoder.encoding === "utf-8" ? "UTF-8" : decoder.encoding;
    throw malformed(`${what} is not valid ${name}`);
  }
}

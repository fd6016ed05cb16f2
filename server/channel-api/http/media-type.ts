import { malformed } from "./limits";

/**
 * `name=value` parameters after the `;` of a Content-Type or Content-Disposition value, names
 * in lower case, quoted values unquoted (RFC 9110 §5.6.6). One pass of a regular expression
 * without nested repetition, so a long header costs linear time.
 */
const PARAMETER = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s"]*)/g;

export function headerParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  if (!value.includes("=")) return parameters;
  PARAMETER.lastIndex = 0;
  for (let match = PARAMETER.exec(value); match !== null; match = PARAMETER.exec(value)) {
    const name = match[1]?.toLowerCase();
    const raw = match[2] ?? "";
    if (name === undefined || parameters.has(name)) continue;
    const quoted = raw.startsWith('"');
    const text = quoted ? raw.slice(1, -1) : raw;
    parameters.set(name, quoted && text.includes("\\") ? text.replace(/\\(.)/g, "$1") : text);
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
  const given = charset?.trim().toLowerCase() ?? "";
  const label = given === "" ? "utf-8" : given;
  const known = decoders.get(label);
  if (known) return known;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  } catch {
    return undefined;
  }
  if (decoder.encoding.startsWith("utf-16")) return undefined;
  // Only labels that name an encoding are kept: a few hundred at most, whatever is sent.
  decoders.set(label, decoder);
  return decoder;
}

/** One decoder per charset label: without `stream`, decoding keeps no state between calls. */
const decoders = new Map<string, TextDecoder>();

/** How a refusal names a charset: at most 40 characters of what was sent. */
export function charsetName(charset: string): string {
  return JSON.stringify(charset.trim().slice(0, 40));
}

/**
 * Decodes bytes with a strict decoder; `what` names the text in the refusal (a function, so
 * the name is only made for a refusal).
 */
export function decodeText(
  decoder: TextDecoder,
  bytes: Uint8Array,
  what: string | (() => string),
): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const name = decoder.encoding === "utf-8" ? "UTF-8" : decoder.encoding;
    throw malformed(`${typeof what === "string" ? what : what()} is not valid ${name}`);
  }
}

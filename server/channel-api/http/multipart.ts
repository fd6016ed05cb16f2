import { malformed, MAX_FIELDS } from "./limits";
import { charsetName, decodeText, decoderFor, headerParameters, mediaTypeOf } from "./media-type";

/**
 * `multipart/form-data` (RFC 7578) read from the whole body in memory, which Fastify has
 * already held to the one body limit of every encoding. Why not @fastify/multipart (busboy):
 * it streams past the body limit, cuts an over-long field silently, skips a part without a
 * Content-Disposition silently, reads bad UTF-8 as U+FFFD and throws plain errors that came out
 * as 500s. The API takes text fields only, so reading a buffer is all it needs; every way a
 * body can be wrong is refused here with its cause.
 */

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const DASH = 0x2d;
const MAX_BOUNDARY = 200;
const MAX_NAME_SHOWN = 64;
/** Part headers are UTF-8 (RFC 7578 §5.1: browsers send a field name's UTF-8 as it is). */
const HEADER_DECODER = new TextDecoder("utf-8", { fatal: true });

function isLinearWhiteSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09;
}

/**
 * Where a delimiter line that starts at `at` (its `--boundary`) ends: the index after its CRLF,
 * "close" for the final `--boundary--`, or undefined when the bytes there are not a delimiter
 * line (the boundary text followed by something else is content).
 */
function delimiterEnd(body: Buffer, at: number, length: number): number | "close" | undefined {
  let i = at + length;
  if (body[i] === DASH && body[i + 1] === DASH) return "close";
  while (isLinearWhiteSpace(body[i])) i += 1;
  if (body[i] === 0x0d && body[i + 1] === 0x0a) return i + 2;
  return undefined;
}

/** Where the first delimiter line ends: it opens the body or follows a preamble (RFC 2046). */
function firstDelimiter(
  body: Buffer,
  dashBoundary: Buffer,
  delimiter: Buffer,
): number | "close" | undefined {
  if (body.subarray(0, dashBoundary.length).equals(dashBoundary)) {
    const end = delimiterEnd(body, 0, dashBoundary.length);
    if (end !== undefined) return end;
  }
  for (
    let found = body.indexOf(delimiter);
    found !== -1;
    found = body.indexOf(delimiter, found + 1)
  ) {
    const end = delimiterEnd(body, found + 2, dashBoundary.length);
    if (end !== undefined) return end;
  }
  return undefined;
}

function shown(name: string): string {
  return JSON.stringify(name.slice(0, MAX_NAME_SHOWN));
}

/** The header fields of one part, names in lower case; folded lines joined. */
function readHeaders(text: string, partNumber: number): Map<string, string> {
  const headers = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split("\r\n")) {
    if (line === "") continue;
    if (isLinearWhiteSpace(line.charCodeAt(0)) && last !== undefined) {
      headers.set(last, `${headers.get(last) ?? ""} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) {
      const where = `part ${String(partNumber)} of the multipart body`;
      throw malformed(`${where} has a malformed header line`);
    }
    last = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(last)) headers.set(last, line.slice(colon + 1).trim());
  }
  return headers;
}

/** The field a part carries, or a refusal naming what is wrong with it. */
function readPart(headerBytes: Buffer, content: Buffer, partNumber: number): [string, string] {
  const where = () => `part ${String(partNumber)} of the multipart body`;
  const headers = readHeaders(
    decodeText(HEADER_DECODER, headerBytes, () => `the headers of ${where()}`),
    partNumber,
  );
  const disposition = headers.get("content-disposition");
  if (disposition === undefined) throw malformed(`${where()} has no Content-Disposition header`);
  if (mediaTypeOf(disposition) !== "form-data") {
    throw malformed(
      `${where()} is not form-data (Content-Disposition: ${disposition.slice(0, 40)})`,
    );
  }
  const parameters = headerParameters(disposition);
  const name = parameters.get("name");
  if (name === undefined) throw malformed(`${where()} has no name`);
  if (parameters.has("filename") || parameters.has("filename*")) {
    throw malformed(`files are not accepted: part ${shown(name)} is a file`);
  }
  const transfer = headers.get("content-transfer-encoding")?.toLowerCase();
  if (transfer !== undefined && !["7bit", "8bit", "binary"].includes(transfer)) {
    throw malformed(
      `part ${shown(name)}: Content-Transfer-Encoding ${transfer.slice(0, 40)} is not supported`,
    );
  }
  const charset = headerParameters(headers.get("content-type") ?? "").get("charset");
  const decoder = decoderFor(charset);
  if (decoder === undefined) {
    throw malformed(`part ${shown(name)}: unsupported charset ${charsetName(charset ?? "")}`);
  }
  return [name, decodeText(decoder, content, () => `the value of part ${shown(name)}`)];
}

/**
 * The name/value pairs of a multipart body. An empty (or blank) body has no fields, boundary or
 * not; anything else needs the boundary of `contentType`, well-formed parts and the closing
 * `--boundary--` line. At most MAX_FIELDS parts.
 */
export function readMultipart(body: Buffer, contentType: string): [string, string][] {
  if (body.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a)) {
    return [];
  }
  const boundary = headerParameters(contentType).get("boundary");
  if (boundary === undefined) {
    throw malformed("the multipart body has no boundary: its content type needs boundary=…");
  }
  if (boundary === "") throw malformed("the multipart boundary in the content type is empty");
  if (boundary.length > MAX_BOUNDARY) {
    throw malformed(`the multipart boundary is longer than ${String(MAX_BOUNDARY)} characters`);
  }
  const dashBoundary = Buffer.from(`--${boundary}`, "latin1");
  const delimiter = Buffer.concat([CRLF, dashBoundary]);

  let next = firstDelimiter(body, dashBoundary, delimiter);
  if (next === undefined) {
    throw malformed(
      `the multipart body has no boundary line --${boundary.slice(0, 70)}: is the boundary right?`,
    );
  }

  const pairs: [string, string][] = [];
  while (next !== "close") {
    if (pairs.length >= MAX_FIELDS) {
      throw malformed(`too many parts: at most ${String(MAX_FIELDS)}`);
    }
    const part = nextPart(body, next, delimiter, pairs.length + 1, boundary);
    pairs.push(readPart(part.headers, part.content, pairs.length + 1));
    next = part.next;
  }
  return pairs;
}

/**
 * The part whose headers start at `start`: its header and content bytes, and where the next
 * one starts ("close" after the last). The content ends at the next delimiter line; the
 * boundary text followed by anything else is content.
 */
function nextPart(
  body: Buffer,
  start: number,
  delimiter: Buffer,
  partNumber: number,
  boundary: string,
): { headers: Buffer; content: Buffer; next: number | "close" } {
  const noHeaders = body[start] === 0x0d && body[start + 1] === 0x0a;
  const headersEnd = noHeaders ? start : body.indexOf(HEADER_END, start);
  if (headersEnd === -1) {
    throw malformed(`the multipart body ends inside the headers of part ${String(partNumber)}`);
  }
  const contentStart = noHeaders ? start + 2 : headersEnd + 4;
  // From the CRLF that ends the headers: a part with no blank line before its delimiter is
  // read as empty rather than swallowing the next part.
  for (let search = contentStart - 2; ;) {
    const found = body.indexOf(delimiter, search);
    if (found === -1) {
      throw malformed(
        `the multipart body ends inside part ${String(partNumber)}: ` +
          `the closing --${boundary.slice(0, 70)}-- line is missing`,
      );
    }
    const next = delimiterEnd(body, found + 2, delimiter.length - 2);
    if (next !== undefined) {
      const content = body.subarray(Math.min(contentStart, found), found);
      return { headers: body.subarray(start, headersEnd), content, next };
    }
    search = found + 1;
  }
}

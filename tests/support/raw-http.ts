import { connect } from "node:net";

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  responses: RawResponse[];
  /** The server closed its side (FIN) after its answers. */
  ended: boolean;
  /** A socket error seen (ECONNRESET, EPIPE), if any. */
  error: string | undefined;
}

/** Reads the answers in `data` (a whole number of them, and whatever is left). */
function parseResponses(data: Buffer): { responses: RawResponse[]; rest: Buffer } {
  const responses: RawResponse[] = [];
  let rest = data;
  for (;;) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd === -1) break;
    const [statusLine = "", ...lines] = rest.subarray(0, headEnd).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    const length = status === 204 || status === 304 ? 0 : Number(headers["content-length"] ?? 0);
    if (headers["transfer-encoding"] === "chunked") {
      const end = rest.indexOf("\r\n0\r\n\r\n", headEnd);
      if (end === -1) break;
      responses.push({ status, headers, body: "(chunked)" });
      rest = rest.subarray(end + 7);
      continue;
    }
    if (rest.length < headEnd + 4 + length) break;
    const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
    responses.push({ status, headers, body });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return { responses, rest };
}

/**
 * Writes `request` (one request or several, pipelined) on one TCP connection and reads the
 * answers until `expected` of them came (and the FIN, if the last says `Connection: close`),
 * the server closed the connection, or `timeoutMs`. Tells whether the server ended the
 * connection gracefully.
 */
export function rawExchange(
  url: string,
  request: string | Buffer,
  expected: number,
  timeoutMs = 5_000,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended = false;
    let error: string | undefined;
    let settled = false;
    const socket = connect(Number(port), hostname);
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)).responses, ended, error });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const { responses } = parseResponses(Buffer.concat(chunks));
      // An answer that closes the connection is followed by the FIN: wait for it.
      if (responses.length >= expected && responses.at(-1)?.headers.connection !== "close") {
        finish();
      }
    });
    socket.on("end", () => {
      ended = true;
      finish();
    });
    socket.on("error", (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on("close", finish);
    socket.write(request);
  });
}

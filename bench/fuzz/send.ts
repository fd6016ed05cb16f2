import { Agent, request } from "node:http";

/** One request as bytes: whatever the fuzzer made, sent as it is. */
export interface Shot {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** What it is, to name the request a reset connection last carried. */
  label?: string;
}

export interface Outcome {
  /** HTTP status, or 0 when the connection ended without an answer. */
  status: number;
  ms: number;
  text: string;
  /** Why there was no answer (ECONNRESET, EPIPE, timeout). */
  error?: string;
  /** The Set-Cookie lines, joined. */
  cookie?: string;
}

/** The last request each connection carried and its answer: a reset names what came before. */
const lastOnSocket = new WeakMap<object, string>();

/** A request that has not been answered by then is counted as a hang and given up. */
const GIVE_UP_MS = 30_000;

/**
 * Posts a shot with node:http (not fetch: it must send any header value and body as given) and
 * times it from the first byte sent to the last byte of the answer.
 */
export function send(port: number, agent: Agent, shot: Shot): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Omit<Outcome, "ms">) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, ms: performance.now() - started });
    };
    let req: ReturnType<typeof request>;
    try {
      req = request(
        {
          host: "127.0.0.1",
          port,
          path: shot.path,
          method: "POST",
          agent,
          headers: { ...shot.headers, "content-length": String(shot.body.length) },
          timeout: GIVE_UP_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          lastOnSocket.set(res.socket, `${shot.label ?? shot.path} → ${String(res.statusCode)}`);
          res.on("end", () => {
            settle({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString("utf8"),
              cookie: res.headers["set-cookie"]?.join("\n"),
            });
          });
          res.on("error", (error) => {
            settle({ status: res.statusCode ?? 0, text: "", error: error.message });
          });
        },
      );
    } catch (error) {
      // node:http refuses some header values before sending: the fuzzer's mistake, not the server's.
      settle({ status: -1, text: "", error: error instanceof Error ? error.message : "refused" });
      return;
    }
    req.on("timeout", () => {
      req.destroy(new Error("timeout"));
    });
    // A server that answers 413 early may close before the whole body is written: the answer
    // still counts when it came; an error without one is reported as such.
    req.on("error", (error: NodeJS.ErrnoException) => {
      const before = req.socket ? lastOnSocket.get(req.socket) : undefined;
      const reused = req.reusedSocket ? ` on a connection reused after ${before ?? "?"}` : "";
      settle({ status: 0, text: "", error: `${error.code ?? error.message}${reused}` });
    });
    req.end(shot.body);
  });
}

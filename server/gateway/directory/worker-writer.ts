import { Worker } from "node:worker_threads";
import type { UpsertResult } from "../store/directory-people";
import type { WriteAnswer, WriteRequest } from "./write-messages";
import type { DirectoryWriter } from "./writer";

interface Pending {
  resolve: (result: UpsertResult | null) => void;
  reject: (error: Error) => void;
}

/** A request before it is numbered. */
type Request = WriteRequest extends infer R
  ? R extends WriteRequest
    ? Omit<R, "id">
    : never
  : never;

/**
 * The sync's writes in a worker thread (write-worker.ts) with its own connection to the
 * database file at `path`: the event loop only sends each page across (a structured clone of
 * 100 records) and takes no part in the SQLite work, the longest part of a sync. A worker that
 * dies fails what it had and is started again by the next write.
 */
export function workerWriter(
  path: string,
  writeShare: number,
  log: (line: string) => void,
): DirectoryWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const one of pending.values()) one.reject(error);
    pending.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(new URL("./write-worker-boot.mjs", import.meta.url), {
      workerData: {
        entry: new URL("./write-worker.ts", import.meta.url).href,
        path,
        writeShare,
      },
    });
    thread.on("message", (answer: WriteAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(new Error(answer.message));
    });
    thread.on("error", (error) => {
      log(`directory writer: ${error.message}`);
    });
    thread.on("exit", (code) => {
      if (worker === thread) worker = undefined;
      failAll(new Error(`the directory's writer stopped (exit code ${String(code)})`));
    });
    // Like the sync's timers, the writer never keeps a process alive on its own.
    thread.unref();
    worker = thread;
    return thread;
  };

  let last: Promise<unknown> = Promise.resolve();
  const send = (request: Request): Promise<UpsertResult | null> => {
    const answer = new Promise<UpsertResult | null>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      started().postMessage({ ...request, id });
    });
    last = answer.catch(() => undefined);
    return answer;
  };

  return {
    async upsert(ref, items, now, current) {
      const result = await send({ kind: "upsert", ref, items, now });
      return result === null || !current() ? undefined : result;
    },
    async update(dirId, fields) {
      await send({ kind: "update", dirId, fields });
    },
    upsertSoon(ref, items, now) {
      send({ kind: "upsert", ref, items, now }).catch((error: unknown) => {
        log(`directory writer: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
    async close() {
      // What was sent is written first: the worker answers in order, so the last one will do.
      await last;
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

/**
 * The directory's write worker: a thread with its own connection to the gateway's database
 * that writes the sync's pages (worker-writer.ts sends them). Its slices and pauses keep the
 * write lock free for the gateway's own writes at least (1 − share) of the time.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openGatewayDb } from "../store/database";
import { updateDirectory } from "../store/directory-channels";
import type { WriteAnswer, WriteRequest } from "./write-messages";
import { withoutFsync, writeInSlices } from "./writer";

const { path, writeShare } = workerData as { path: string; writeShare: number };
const port = parentPort;
if (!port) throw new Error("write-worker.ts runs as a worker thread");
const db = openGatewayDb(path);
const exists = db.prepare("SELECT 1 FROM directory_channels WHERE dir_id = ?").pluck();

async function handle(request: WriteRequest): Promise<WriteAnswer> {
  if (request.kind === "update") {
    // The cursor without an fsync, like the people before it (see withoutFsync).
    withoutFsync(db, () => {
      updateDirectory(db, request.dirId, request.fields);
    });
    return { id: request.id, ok: true, result: null };
  }
  const { ref, items, now } = request;
  // A wiped directory gets no more people: the sweeper may already have passed.
  const result = await writeInSlices(db, ref, items, now, writeShare, () =>
    Boolean(exists.get(ref.dirId)),
  );
  return { id: request.id, ok: true, result: result ?? null };
}

// One request at a time, in the order sent: a cursor is written after its page's people.
let queue = Promise.resolve();
port.on("message", (request: WriteRequest) => {
  queue = queue.then(async () => {
    let answer: WriteAnswer;
    try {
      answer = await handle(request);
    } catch (error) {
      answer = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    port.postMessage(answer);
  });
});

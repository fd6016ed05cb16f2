// The entry of the directory's write worker (writer-worker.ts). A worker thread does not
// inherit tsx's loader from the gateway (tsx issue #354), so this plain module loads the
// TypeScript entry through tsx's API: the worker shares the gateway's store code as it is.
import { workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

await tsImport(workerData.entry, import.meta.url);

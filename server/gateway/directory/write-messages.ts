import type { Subscriber } from "../../../src/contract/entities";
import type { Settable } from "../store/directory-channels";
import type { DirectoryRef, UpsertResult } from "../store/directory-people";

/** What the gateway asks of the directory's write worker. */
export type WriteRequest =
  | { id: number; kind: "upsert"; ref: DirectoryRef; items: readonly Subscriber[]; now: number }
  | { id: number; kind: "update"; dirId: number; fields: Settable };

/** Its answer; `result` null: nothing to tell, or the directory was wiped meanwhile. */
export type WriteAnswer =
  | { id: number; ok: true; result: UpsertResult | null }
  | { id: number; ok: false; message: string };

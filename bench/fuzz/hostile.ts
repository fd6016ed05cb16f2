import { type OperationId, operations } from "../../src/contract/operations";
import { type Encoding, jsonText, multipartBody, type Pair, urlencodedText } from "./encode";
import { byteMutations, fieldMutations, type Wire } from "./mutate";
import type { Shot } from "./send";
import { type Dice, plausibleValue } from "./values";

/** A request of the fuzz run, with what was done to it. */
export interface Hostile extends Shot {
  mutations: string[];
}

/** What the fuzzer knows of the server it writes for. */
export interface Aim {
  common: Record<string, string | number>;
  headers: Record<string, string>;
  bodyLimit: number;
  users: readonly number[];
}

const FIELD_NAMES = Object.keys(fieldMutations);
/** Body-level damage; oversize is drawn apart, rarely (each costs a megabyte on the wire). */
const BYTE_NAMES = Object.keys(byteMutations).filter((name) => name !== "oversize");

function fieldNames(op: OperationId): string[] {
  const schema = operations[op].request as unknown as { shape: Record<string, unknown> };
  return Object.keys(schema.shape);
}

/**
 * Most fields of a valid call (the demo channel is a Telegram one: `vk_user_id` rarely), so
 * that a single mutation often leaves a call that is valid but for one field.
 */
function plausiblePairs(dice: Dice, op: OperationId, aim: Aim): Pair[] {
  const pairs: Pair[] = Object.entries(aim.common);
  for (const name of fieldNames(op)) {
    if (dice.chance(name === "vk_user_id" ? 0.05 : 0.85)) {
      pairs.push([name, plausibleValue(dice, name, aim.users)]);
    }
  }
  return pairs;
}

/** Bytes a request line can carry as they are; anything else is written as %XX. */
function urlSafe(bytes: Buffer): string {
  return bytes
    .toString("latin1")
    .replace(
      /[^\x21\x22\x24-\x7e]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
    );
}

function encode(dice: Dice, encoding: Encoding, pairs: Pair[]): Wire & { query: string } {
  switch (encoding) {
    case "json":
      return { contentType: "application/json", body: Buffer.from(jsonText(pairs)), query: "" };
    case "urlencoded":
      return {
        contentType: "application/x-www-form-urlencoded",
        body: Buffer.from(urlencodedText(pairs)),
        query: "",
      };
    case "multipart": {
      const boundary = `----fuzz${String(dice.int(0, 1e9))}`;
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(pairs, boundary),
        query: "",
      };
    }
    case "query": {
      // The body of a query-string call: nothing, `{}`, or an empty multipart without a
      // boundary, as one public client sends every call.
      const body = dice.pick([
        { contentType: undefined, body: Buffer.alloc(0) },
        { contentType: "application/json", body: Buffer.from("{}") },
        { contentType: "multipart/form-data", body: Buffer.alloc(0) },
        { contentType: "application/x-www-form-urlencoded", body: Buffer.alloc(0) },
      ]);
      return { ...body, query: urlencodedText(pairs) };
    }
  }
}

/**
 * One hostile request for an operation in an encoding: plausible fields, then one to three
 * mutations, one most often (field mutations before encoding, byte mutations after); one in
 * twenty is sent unmutated so the handlers behind the parsers are reached as well.
 */
export function hostileRequest(dice: Dice, op: OperationId, encoding: Encoding, aim: Aim): Hostile {
  const names = [...fieldNames(op), ...Object.keys(aim.common)];
  const mutations: string[] = [];
  let pairs = plausiblePairs(dice, op, aim);
  const rounds = dice.chance(0.05) ? 0 : dice.pick([1, 1, 1, 2, 2, 3]);
  const byteRounds: string[] = [];
  for (let n = 0; n < rounds; n += 1) {
    if (dice.chance(0.55)) {
      const name = dice.pick(FIELD_NAMES);
      mutations.push(name);
      pairs = fieldMutations[name]?.(dice, pairs, names) ?? pairs;
    } else {
      byteRounds.push(dice.pick(BYTE_NAMES));
    }
  }
  if (dice.chance(0.01)) byteRounds.push("oversize");
  let wire: Wire & { query: string } = encode(dice, encoding, pairs);
  for (const name of byteRounds) {
    if (name === "boundary damage" && !wire.contentType?.startsWith("multipart")) continue;
    mutations.push(name);
    const mutate = byteMutations[name];
    if (!mutate) continue;
    if (encoding === "query" && name !== "wrong content type" && name !== "oversize") {
      // Damage the query string itself: it is where the fields are.
      const damaged = mutate(dice, { contentType: undefined, body: Buffer.from(wire.query) }, 0);
      wire = { ...wire, query: urlSafe(damaged.body) };
    } else {
      wire = { ...mutate(dice, wire, aim.bodyLimit), query: wire.query };
    }
  }
  const headers: Record<string, string> = { ...aim.headers };
  if (wire.contentType !== undefined) headers["content-type"] = wire.contentType;
  const path = `/api/${op}${wire.query === "" ? "" : `?${wire.query}`}`;
  return { path, headers, body: wire.body, mutations: mutations.length ? mutations : ["none"] };
}

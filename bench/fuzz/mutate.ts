import type { Pair } from "./encode";
import { type Dice, junkValue, RawJson } from "./values";

/**
 * The mutations of `npm run bench:fuzz`. Field mutations change what is sent; byte mutations
 * damage how it is written. Each is named, so a bad answer can be traced to what caused it.
 */

/** How many keys, repeats or items: mostly few; one in five just past the bound of 10,000. */
const COUNTS = [2, 10, 100, 1_000, 10_001];

type FieldMutation = (dice: Dice, pairs: Pair[], names: readonly string[]) => Pair[];

function replaceAt(pairs: Pair[], index: number, pair: Pair): Pair[] {
  return pairs.map((old, i) => (i === index ? pair : old));
}

export const fieldMutations: Record<string, FieldMutation> = {
  "wrong type": (dice, pairs, names) => {
    const name = dice.pick(names);
    const index = pairs.findIndex(([key]) => key === name);
    const pair: Pair = [name, junkValue(dice)];
    return index === -1 ? [...pairs, pair] : replaceAt(pairs, index, pair);
  },
  "drop field": (dice, pairs) =>
    pairs.length === 0 ? pairs : pairs.filter((_, i) => i !== dice.int(0, pairs.length - 1)),
  "prototype keys": (dice, pairs) => [
    ...pairs,
    [dice.pick(["__proto__", "constructor", "prototype", "__proto__[]"]), junkValue(dice)],
    ["__proto__", new RawJson('{"access_token":"x","v":2,"group_id":1001}')],
    [dice.pick(["toString", "hasOwnProperty", "valueOf"]), "1"],
  ],
  "huge key": (dice, pairs) => [...pairs, ["k".repeat(dice.pick([1_000, 20_000, 100_000])), "1"]],
  "many keys": (dice, pairs) => {
    const count = dice.pick(COUNTS);
    return [...pairs, ...Array.from({ length: count }, (_, i): Pair => [`k${String(i)}`, "1"])];
  },
  "duplicate keys": (dice, pairs, names) => {
    const name = `${dice.pick(names)}${dice.chance(0.5) ? "[]" : ""}`;
    const count = dice.pick(COUNTS);
    return [...pairs, ...Array.from({ length: count }, (): Pair => [name, String(dice.int(0, 9))])];
  },
  "array spellings": (dice, pairs, names) => {
    const name = dice.pick(names);
    const index = dice.pick(["0", "1", "99999999999999999999", "-1", "abc", "", "0][0"]);
    return [
      ...pairs,
      [`${name}[${index}]`, String(dice.int(0, 9))],
      [`${name}[${index}]`, junkValue(dice)],
      [name, dice.pick(["[1,2]", "[", "[[1]]", "[1e400]", '["a"]'])],
    ];
  },
  "big array": (dice, pairs, names) => {
    const count = dice.pick(COUNTS);
    return [...pairs, [dice.pick(names), Array.from({ length: count }, (_, i) => i + 1)]];
  },
  // Valid JSON that UTF-8 cannot hold: a lone surrogate in one field, everything else kept.
  "lone surrogate": (dice, pairs, names) => {
    const name = dice.pick(names);
    const index = pairs.findIndex(([key]) => key === name);
    const text = `${String(index === -1 ? "ok" : pairs[index]?.[1])}${dice.pick(["\ud800", "\udc00x"])}`;
    return index === -1 ? [...pairs, [name, text]] : replaceAt(pairs, index, [name, text]);
  },
};

/** A body on its way out: its bytes and the Content-Type it claims (none: no header). */
export interface Wire {
  contentType: string | undefined;
  body: Buffer;
}

type ByteMutation = (dice: Dice, wire: Wire, limit: number) => Wire;

const INVALID_UTF8 = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "",
  "multipart/form-data",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/mixed; boundary=x",
  "*/*",
  "application/json; charset=klingon",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded; charset=windows-1251",
  "multipart/form-data; boundary",
  "application/jsonx",
  "json",
  "; boundary=x",
];

function insertAt(body: Buffer, at: number, bytes: Buffer): Buffer {
  return Buffer.concat([body.subarray(0, at), bytes, body.subarray(at)]);
}

function boundaryDamage(dice: Dice, wire: Wire): Wire {
  const type = wire.contentType ?? "";
  const boundary = /boundary=(\S+)/.exec(type)?.[1] ?? "x";
  const text = wire.body.toString("latin1");
  switch (dice.int(0, 8)) {
    case 0:
      return { ...wire, contentType: "multipart/form-data" };
    case 1:
      return { ...wire, contentType: "multipart/form-data; boundary=" };
    case 2:
      return { ...wire, contentType: `multipart/form-data; boundary=${boundary}y` };
    case 3:
      return { ...wire, contentType: `multipart/form-data; boundary="${boundary}` };
    case 4:
      return { ...wire, body: Buffer.from(text.replace(/\r\n/g, "\n"), "latin1") };
    case 5:
      return { ...wire, body: Buffer.from(text.replace(`--${boundary}--`, ""), "latin1") };
    case 6:
      return {
        ...wire,
        body: Buffer.from(text.replace(`--${boundary}\r\n`, `--${boundary}`), "latin1"),
      };
    case 7:
      return { ...wire, contentType: `multipart/form-data; boundary=${"b".repeat(300)}` };
    default:
      return {
        ...wire,
        body: Buffer.from(text.replace(/Content-Disposition: /i, "X: "), "latin1"),
      };
  }
}

export const byteMutations: Record<string, ByteMutation> = {
  truncate: (dice, wire) => ({
    ...wire,
    body: wire.body.subarray(0, dice.int(0, wire.body.length)),
  }),
  "flip bytes": (dice, wire) => {
    const body = Buffer.from(wire.body);
    for (let n = dice.int(1, 8); n > 0 && body.length > 0; n -= 1) {
      body[dice.int(0, body.length - 1)] = dice.int(0, 255);
    }
    return { ...wire, body };
  },
  "invalid UTF-8": (dice, wire) => ({
    ...wire,
    body: insertAt(wire.body, dice.int(0, wire.body.length), Buffer.from(dice.pick(INVALID_UTF8))),
  }),
  "random bytes": (dice, wire) => ({ ...wire, body: dice.bytes(dice.int(0, 2048)) }),
  "boundary damage": (dice, wire) => boundaryDamage(dice, wire),
  "wrong content type": (dice, wire) => ({
    ...wire,
    contentType: dice.chance(0.1) ? undefined : dice.pick(CONTENT_TYPES),
  }),
  "odd content-type spelling": (dice, wire) => {
    const type = wire.contentType ?? "application/json";
    const odd = dice.pick([
      type.toUpperCase(),
      ` ${type} `,
      type.replace(";", " ; "),
      `${type}; charset=UTF-8`,
      `${type};charset="utf-8"`,
    ]);
    return { ...wire, contentType: odd };
  },
  oversize: (dice, wire, limit) => ({
    ...wire,
    body: Buffer.concat([
      wire.body,
      Buffer.alloc(Math.max(0, limit + dice.int(1, limit) - wire.body.length), 0x61),
    ]),
  }),
};

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../server/channel-api/http/failure";
import { fieldsFromPairs } from "../../server/channel-api/http/fields";
import { readForm } from "../../server/channel-api/http/form";
import { readJsonBody } from "../../server/channel-api/http/json-body";
import { MAX_DEPTH, MAX_FIELDS, MAX_ITEMS } from "../../server/channel-api/http/limits";
import { decoderFor } from "../../server/channel-api/http/media-type";
import { readMultipart } from "../../server/channel-api/http/multipart";

/** The readers of server/channel-api/http on their own: what they read, and what they refuse. */

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function refusal(read: () => unknown): { status: number; code: number; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiFailure) {
      return { status: error.status, code: error.code, message: error.message };
    }
    throw error;
  }
  throw new Error("expected a refusal");
}

async function encoded(pairs: [string, string][]): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type") ?? "",
  };
}

describe("readMultipart", () => {
  const type = "multipart/form-data; boundary=x";
  const field = (name: string, value: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it("reads what fetch's FormData writes, in order, whatever the text", async () => {
    // Names without `"`, `\`, CR and LF: browsers write those as %22 and %0D%0A, which no
    // field of the API contains; values may hold anything (line breaks become CRLF).
    const name = fc.string({ unit: "grapheme", maxLength: 12 }).filter((n) => !/["\\\r\n]/.test(n));
    const value = fc.string({ unit: "grapheme", maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 8 }), async (pairs) => {
        const { body, type: contentType } = await encoded(pairs);
        const expected = pairs.map(([n, v]) => [n, v.replace(/\r?\n|\r/g, "\r\n")]);
        expect(readMultipart(body, contentType)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("ignores a preamble, an epilogue and white space after a boundary", () => {
    const body = `preamble\r\n--x  \r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\nepilogue`;
    expect(readMultipart(Buffer.from(body), type)).toEqual([["a", "1"]]);
  });

  it("keeps the boundary text inside a value when it is not a delimiter line", () => {
    const body = `${field("a", "x\r\n--xy\r\n--x-")}${field("b", "")}--x--`;
    expect(readMultipart(Buffer.from(body), type)).toEqual([
      ["a", "x\r\n--xy\r\n--x-"],
      ["b", ""],
    ]);
  });

  it("takes a quoted boundary and parameters in any case", () => {
    const body = `--a b:c\r\ncontent-disposition: Form-Data; NAME="k"\r\n\r\nv\r\n--a b:c--`;
    expect(readMultipart(Buffer.from(body), 'multipart/form-data; Boundary="a b:c"')).toEqual([
      ["k", "v"],
    ]);
  });

  it("reads a large value whole, and 10,000 parts", () => {
    const big = "é".repeat(450_000);
    expect(readMultipart(Buffer.from(`${field("a", big)}--x--`), type)).toEqual([["a", big]]);
    const many = `${field("a", "1").repeat(MAX_FIELDS)}--x--`;
    expect(readMultipart(Buffer.from(many), type)).toHaveLength(MAX_FIELDS);
  });

  const withHeaders = (headers: string) => `--x\r\n${headers}\r\n\r\n1\r\n--x--`;
  const named = 'Content-Disposition: form-data; name="a"\r\n';
  it.each([
    ["no boundary", `${field("a", "1")}--x--`, "multipart/form-data"],
    ["no Content-Disposition", "--x\r\n\r\n1\r\n--x--", type],
    ["not form-data", withHeaders('Content-Disposition: attachment; name="a"'), type],
    ["malformed header line", withHeaders("Content-Disposition form-data"), type],
    ["base64 is not supported", withHeaders(`${named}Content-Transfer-Encoding: base64`), type],
    [
      'unsupported charset "nope"',
      withHeaders(`${named}Content-Type: text/plain; charset=nope`),
      type,
    ],
    ["no boundary line", "--xy\r\n", type],
    ["no boundary line --x", "--x garbage\r\n", type],
    [`too many parts: at most ${String(MAX_FIELDS)}`, field("a", "1").repeat(MAX_FIELDS + 1), type],
  ])("refuses: %s", (cause, body, contentType) => {
    const failure = refusal(() => readMultipart(Buffer.from(body), contentType));
    expect(failure).toMatchObject({ status: 400, code: 12 });
    expect(failure.message).toContain(cause);
  });

  it("names the part a refusal is about", () => {
    const body = `${field("a", "1")}--x\r\nContent-Type: text/plain\r\n\r\n2\r\n--x--`;
    expect(refusal(() => readMultipart(Buffer.from(body), type)).message).toBe(
      "part 2 of the multipart body has no Content-Disposition header",
    );
  });

  it("reads a blank body as no fields, boundary or not", () => {
    expect(readMultipart(Buffer.alloc(0), "multipart/form-data")).toEqual([]);
    expect(readMultipart(Buffer.from("\r\n"), "multipart/form-data")).toEqual([]);
  });
});

describe("readForm", () => {
  it("reads what URLSearchParams writes", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 20 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 10 }), (pairs) => {
        const body = Buffer.from(new URLSearchParams(pairs).toString());
        expect(readForm(body, utf8)).toEqual(pairs);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with URLSearchParams on any ASCII text, except that it refuses bad UTF-8", () => {
    // ASCII only: Node's URLSearchParams turns raw non-ASCII into U+FFFD once a `%` escape is
    // in the same piece ("%%3aé" → "%:\uFFFD"), which is its bug, checked separately below.
    const body = fc.string({
      unit: fc.constantFrom("a", "=", "&", "+", "%", "2", "F", "C", "3", "A", "9"),
      maxLength: 30,
    });
    fc.assert(
      fc.property(body, (text) => {
        const expected = [...new URLSearchParams(text)];
        let read: [string, string][];
        try {
          read = readForm(Buffer.from(text), utf8);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiFailure);
          expect(expected.flat().join("")).toContain("\uFFFD");
          return;
        }
        expect(read).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("reads raw and percent-encoded UTF-8 in one value", () => {
    expect(readForm(Buffer.from("a=%%3aé%C3%A9+"), utf8)).toEqual([["a", "%:éé "]]);
  });

  it("reads a charset's bytes with that charset", () => {
    const cp1251 = decoderFor("windows-1251");
    expect(cp1251).toBeDefined();
    if (cp1251) expect(readForm(Buffer.from("a=%C6+1"), cp1251)).toEqual([["a", "Ж 1"]]);
    expect(decoderFor("utf-16le")).toBeUndefined();
    expect(decoderFor("nope")).toBeUndefined();
  });

  it("stops at MAX_FIELDS pairs", () => {
    const body = (count: number) => Buffer.from("x=1&".repeat(count));
    expect(readForm(body(MAX_FIELDS), utf8)).toHaveLength(MAX_FIELDS);
    expect(refusal(() => readForm(body(MAX_FIELDS + 1), utf8)).message).toBe(
      `too many fields: at most ${String(MAX_FIELDS)}`,
    );
  });
});

describe("fieldsFromPairs", () => {
  it("gathers key[], key[n], repeated keys and lone values, dropping nothing", () => {
    const fields = fieldsFromPairs([
      ["a", "1"],
      ["a", "2"],
      ["b[]", "1"],
      ["c[1]", "y"],
      ["c[0]", "x"],
      ["c[1]", "z"],
      ["d", "lone"],
      ["d[]", "more"],
      ["e", "only"],
    ]);
    expect(fields).toEqual({
      a: ["1", "2"],
      b: ["1"],
      c: ["x", "y", "z"],
      d: ["lone", "more"],
      e: "only",
    });
  });

  it("keeps a prototype's name as a plain field", () => {
    const fields = fieldsFromPairs([
      ["__proto__", "1"],
      ["constructor", "2"],
    ]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(fields, "__proto__")?.value).toBe("1");
    expect(fields.constructor).toBe("2");
  });

  it("takes MAX_ITEMS values for one key and refuses more pairs", () => {
    const pairs = (count: number) => Array.from({ length: count }, () => ["x[]", "1"] as const);
    expect(fieldsFromPairs(pairs(MAX_ITEMS)).x).toHaveLength(MAX_ITEMS);
    expect(refusal(() => fieldsFromPairs(pairs(MAX_FIELDS + 1))).message).toContain(
      "too many fields",
    );
  });
});

describe("readJsonBody", () => {
  const json = (text: string) => Buffer.from(text);

  it("reads an object, with or without a byte order mark; a blank body has no fields", () => {
    expect(readJsonBody(json('\uFEFF{"a":1,"b[]":[1,2]}'), undefined)).toEqual({
      a: 1,
      b: [1, 2],
    });
    expect(readJsonBody(json(" \n"), "utf-8")).toEqual({});
  });

  it(`reads ${String(MAX_DEPTH)} levels and refuses one more`, () => {
    const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
    expect(readJsonBody(json(nested(MAX_DEPTH)), undefined)).toHaveProperty("a");
    expect(refusal(() => readJsonBody(json(nested(MAX_DEPTH + 1)), undefined)).message).toBe(
      `the JSON body is nested deeper than ${String(MAX_DEPTH)} levels`,
    );
  });

  it("bounds arrays and objects at every level", () => {
    const items = (count: number) =>
      JSON.stringify({ a: [Array.from({ length: count }, () => 0)] });
    expect(readJsonBody(json(items(MAX_ITEMS)), undefined)).toHaveProperty("a");
    expect(refusal(() => readJsonBody(json(items(MAX_ITEMS + 1)), undefined)).message).toBe(
      `too many items in a: at most ${String(MAX_ITEMS)}`,
    );
    const keys = Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [i, 0]));
    expect(refusal(() => readJsonBody(json(JSON.stringify({ a: keys })), undefined)).message).toBe(
      `too many keys in a: at most ${String(MAX_FIELDS)}`,
    );
  });

  it("refuses text that UTF-8 cannot hold, and charsets other than UTF-8", () => {
    expect(refusal(() => readJsonBody(json('{"\\udc00":1}'), undefined)).message).toContain(
      "not valid Unicode",
    );
    expect(refusal(() => readJsonBody(json('{"a":["\\ud800"]}'), undefined)).message).toBe(
      "a holds text that is not valid Unicode",
    );
    expect(readJsonBody(json('{"a":"\\ud83d\\ude00"}'), undefined)).toEqual({ a: "😀" });
    expect(refusal(() => readJsonBody(json("{}"), "latin1"))).toMatchObject({
      status: 415,
      code: 0,
    });
  });
});

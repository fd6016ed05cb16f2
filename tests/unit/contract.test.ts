import { describe, expect, it } from "vitest";
import { firstIssue } from "../../src/api/issue-path";
import { failureBody } from "../../src/contract/errors";
import { isBotStepRecord } from "../../src/contract/entities";
import { findOperation, operationIds, operations } from "../../src/contract/operations";
import { examples } from "../fixtures/payloads";

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key) => {
    node = node[key] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1];
  if (last === undefined) throw new Error("empty path");
  node[last] = value;
  return copy;
}

function pathText(path: (string | number)[]): string {
  return path.map((k, i) => (typeof k === "number" ? `[${String(k)}]` : i ? `.${k}` : k)).join("");
}

describe("the contract", () => {
  it("has the 31 operations of api-spec.md and api-facts.md (with Beyond the seed)", () => {
    expect(operationIds).toHaveLength(31);
    expect(Object.keys(examples).sort()).toEqual([...operationIds].sort());
  });

  describe.each(operationIds)("%s", (op) => {
    const spec = operations[op];
    const example = examples[op];

    it("accepts a request with the documented shape", () => {
      expect(spec.request.safeParse(example.request).error).toBeUndefined();
    });

    it("accepts an answer with the documented shape", () => {
      const result = spec.response.safeParse(example.response);
      expect(result.error).toBeUndefined();
    });

    it("refuses a field of the wrong type and names its path", () => {
      const broken = setAt(example.response, example.wrongType.path, example.wrongType.value);
      const result = spec.response.safeParse(broken);
      expect(result.success).toBe(false);
      expect(firstIssue(result.error?.issues ?? []).path).toBe(pathText(example.wrongType.path));
      expect(result.error?.message).toContain(String(example.wrongType.path.at(-1)));
    });

    it("keeps unknown fields the service adds", () => {
      const extended = { ...example.response, added_later: { nested: [1, 2] } };
      const result = spec.response.safeParse(extended);
      expect(result.data).toMatchObject({ added_later: { nested: [1, 2] } });
    });

    it("refuses a failure body in place of a success", () => {
      const failure = { success: false, error_code: 12, error_message: "bad count" };
      expect(spec.response.safeParse(failure).success).toBe(false);
    });
  });

  it("keeps unknown fields inside items too", () => {
    const response = structuredClone(examples["subscribers/get"].response) as {
      items: Record<string, unknown>[];
    };
    const first = response.items[0];
    if (!first) throw new Error("fixture has no items");
    first.badge = "vip";
    const parsed = operations["subscribers/get"].response.parse(response);
    expect(parsed.items[0]).toMatchObject({ badge: "vip" });
  });

  describe("traps of the spec", () => {
    it("subscriber id is a string while tg_user_id is an integer", () => {
      const sub = operations["subscribers/get"].response;
      const base = examples["subscribers/get"].response;
      expect(sub.safeParse(setAt(base, ["items", 0, "id"], 1048577)).success).toBe(false);
      expect(sub.safeParse(setAt(base, ["items", 0, "tg_user_id"], "7")).success).toBe(false);
    });

    it("subscribers/add returns the user id as a string", () => {
      const add = operations["subscribers/add"].response;
      expect(
        add.safeParse({
          success: true,
          subscribers: [{ vk_user_id: "12", success: false, error: "user not found" }],
        }).success,
      ).toBe(true);
    });

    it("a subscriber or event without any user id is refused", () => {
      const base = examples["subscribers/get"].response;
      expect(
        operations["subscribers/get"].response.safeParse(
          setAt(base, ["items", 0, "tg_user_id"], undefined),
        ).success,
      ).toBe(false);
    });

    it("type_id is a string", () => {
      const base = examples["groups/get"].response;
      expect(
        operations["groups/get"].response.safeParse(setAt(base, ["item", "type_id"], 1)).success,
      ).toBe(false);
    });

    it("variables are {n, v} in a subscriber and {name, value} in vars/get", () => {
      const subs = examples["subscribers/get"].response;
      expect(
        operations["subscribers/get"].response.safeParse(
          setAt(subs, ["items", 0, "vars"], [{ name: "city", value: "Kazan" }]),
        ).success,
      ).toBe(false);
      expect(
        operations["vars/get"].response.safeParse({
          success: true,
          items: [{ n: "city", v: "Kazan" }],
        }).success,
      ).toBe(false);
    });

    it("deliveries/stat tells its three record shapes apart", () => {
      const parsed = operations["deliveries/stat"].response.parse(
        examples["deliveries/stat"].response,
      );
      expect(
        parsed.items.map((r) => (isBotStepRecord(r) ? "bot" : "vk_id" in r ? "mass" : "short")),
      ).toEqual(["mass", "mass", "bot", "short"]);
    });

    it("a mass record with a vk_id of the wrong type is not taken for the shorter shape", () => {
      const broken = setAt(examples["deliveries/stat"].response, ["items", 0, "vk_id"], "99123");
      const result = operations["deliveries/stat"].response.safeParse(broken);
      expect(result.success).toBe(false);
      expect(firstIssue(result.error?.issues ?? []).path).toBe("items[0].vk_id");
    });

    it("a response date must be the padded DD.MM.YYYY HH:MM:SS", () => {
      const base = examples["subscribers/get"].response;
      for (const date of ["5.3.2024 14:07:09", "2024-03-05T14:07:09Z", "31.02.2024 10:00:00"]) {
        expect(
          operations["subscribers/get"].response.safeParse(setAt(base, ["items", 0, "date"], date))
            .success,
        ).toBe(false);
      }
    });
  });

  describe("requests", () => {
    it("need exactly one of vk_user_id and tg_user_id", () => {
      const set = operations["vars/set"].request;
      expect(set.safeParse({ name: "a", value: "b" }).success).toBe(false);
      expect(set.safeParse({ vk_user_id: 1, tg_user_id: 2, name: "a", value: "b" }).success).toBe(
        false,
      );
      expect(set.safeParse({ vk_user_id: 1, name: "a", value: "b" }).success).toBe(true);
    });

    it("check variable names and value length", () => {
      const set = operations["vars/set"].request;
      expect(
        set.safeParse({ tg_user_id: 1, name: "город", value: "x" }).error?.issues[0]?.path,
      ).toEqual(["name"]);
      expect(set.safeParse({ tg_user_id: 1, name: "a".repeat(65), value: "x" }).success).toBe(
        false,
      );
      expect(set.safeParse({ tg_user_id: 1, name: "a_1", value: "x".repeat(4097) }).success).toBe(
        false,
      );
      expect(set.safeParse({ tg_user_id: 1, name: "a_1", value: "x".repeat(4096) }).success).toBe(
        true,
      );
    });

    it("take every lenient date form and refuse nonsense", () => {
      const stat = operations["subscribers/statCount"].request;
      for (const date of ["1.2.2024 0:00:00", "01.02.2024", "2018-11-26T10:00:00.000Z"]) {
        expect(stat.safeParse({ date_from: date, date_to: date }).success).toBe(true);
      }
      expect(
        stat.safeParse({ date_from: "yesterday", date_to: "01.02.2024" }).error?.issues[0]?.path,
      ).toEqual(["date_from"]);
    });

    it("limit count to 1..100 and ids to positive integers", () => {
      const get = operations["subscribers/get"].request;
      expect(get.safeParse({ count: 0 }).success).toBe(false);
      expect(get.safeParse({ count: 101 }).success).toBe(false);
      expect(get.safeParse({ count: 100 }).success).toBe(true);
      expect(get.safeParse({ offset_id: "abc" }).success).toBe(false);
      expect(
        operations["subscribers/add"].request.safeParse({ tg_user_id: [1, -2], subscription_id: 1 })
          .success,
      ).toBe(false);
      expect(
        operations["subscribers/add"].request.safeParse({ tg_user_id: [1, 2], subscription_id: 1 })
          .success,
      ).toBe(true);
    });
  });

  it("describes the failure body", () => {
    expect(
      failureBody.safeParse({ success: false, error_code: 9, error_message: "Too many" }).success,
    ).toBe(true);
    expect(
      failureBody.safeParse({ success: false, error_code: "9", error_message: "x" }).success,
    ).toBe(false);
  });

  it("finds operations by method name in any letter case", () => {
    expect(findOperation("subscribers", "StatSubscribe")).toBe("subscribers/statSubscribe");
    expect(findOperation("SUBSCRIBERS", "subscriberscount")).toBe("subscribers/subscribersCount");
    expect(findOperation("subscribers", "nope")).toBeUndefined();
    expect(findOperation("__proto__", "x")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { readProfileInput } from "@/lib/profile-id";

// The gateway's directory reads pasted lines with this module through tsx, where no catalog
// exists: it answers with codes, and src/lib/profile-link.ts words them.
describe("readProfileInput", () => {
  it("reads ids and links that carry one", () => {
    expect(readProfileInput(" 123 ", "tg_user_id")).toEqual({ kind: "id", id: 123, source: "id" });
    expect(readProfileInput("https://vk.com/id77", "vk_user_id")).toEqual({
      kind: "id",
      id: 77,
      source: "vk-link",
    });
    expect(readProfileInput("tg://user?id=5", "tg_user_id")).toEqual({
      kind: "id",
      id: 5,
      source: "tg-link",
    });
    expect(readProfileInput("  ", undefined)).toEqual({ kind: "empty" });
  });

  it("names each problem by a code and the part of the line it is about", () => {
    const problemOf = (text: string, field: "vk_user_id" | "tg_user_id" | undefined) => {
      const read = readProfileInput(text, field);
      return read.kind === "problem" ? read.problem : undefined;
    };
    expect(problemOf("t.me/someone", "tg_user_id")).toEqual({
      code: "tg-username",
      shown: "someone",
    });
    expect(problemOf("vk.com/durov", "vk_user_id")).toEqual({
      code: "vk-screen-name",
      shown: "durov",
    });
    expect(problemOf("vk.com/club1", "vk_user_id")).toEqual({
      code: "vk-community",
      shown: "club1",
    });
    expect(problemOf("vk.com/id5", "tg_user_id")).toEqual({ code: "vk-link-on-tg" });
    expect(problemOf("tg://user?id=5", "vk_user_id")).toEqual({ code: "tg-link-on-vk" });
    expect(problemOf("@name", "vk_user_id")).toEqual({ code: "at-name-on-vk", shown: "@name" });
    expect(problemOf("1.5", undefined)).toEqual({ code: "not-an-id", shown: "1.5" });
    expect(problemOf("0", undefined)).toEqual({ code: "not-an-id", shown: "0" });
    expect(problemOf("hello there", "tg_user_id")).toEqual({ code: "enter-tg-id" });
    expect(problemOf("x".repeat(60), undefined)).toEqual({ code: "enter-id" });
    expect(problemOf(`vk.com/${"a".repeat(60)}`, "vk_user_id")).toEqual({
      code: "vk-screen-name",
      shown: `${"a".repeat(39)}…`,
    });
  });
});

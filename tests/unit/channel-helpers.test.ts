import { describe, expect, it } from "vitest";
import { channelKindLabel } from "../../src/lib/channel-kind";
import { channelPath, parseGroupId, switchChannelPath } from "../../src/lib/channel-path";
import { isChunkLoadError } from "../../src/lib/chunk-error";
import { initials, isLetterOrDigit } from "../../src/lib/initials";
import { testI18n } from "../support/i18n";

const i18n = testI18n("en");

describe("channel paths", () => {
  it("builds a channel's page and sub-pages", () => {
    expect(channelPath(1001)).toBe("/c/1001");
    expect(channelPath(1001, "subscribers")).toBe("/c/1001/subscribers");
  });

  it("reads only positive whole numbers as a group id", () => {
    expect(parseGroupId("1001")).toBe(1001);
    for (const bad of [undefined, "", "0", "-1", "01", "1.5", "1e3", "abc", "12345678901234567"]) {
      expect(parseGroupId(bad)).toBeUndefined();
    }
  });

  it("switches to the same page of another channel, dropping search parameters", () => {
    expect(switchChannelPath("/c/1001", 1002)).toBe("/c/1002");
    expect(switchChannelPath("/c/1001/subscribers", 1002)).toBe("/c/1002/subscribers");
    expect(switchChannelPath("/c/1001/subscribers/count", 1002)).toBe("/c/1002/subscribers/count");
    // One channel's person is nobody in the other: their list instead.
    expect(switchChannelPath("/c/1001/subscribers/123", 1002)).toBe("/c/1002/subscribers");
    expect(switchChannelPath("/c/999/x/y", 1002)).toBe("/c/1002/x/y");
    expect(switchChannelPath("/", 1002)).toBe("/c/1002");
    expect(switchChannelPath("/somewhere/else", 1002)).toBe("/c/1002");
  });
});

describe("channel kind", () => {
  it("names VK and Telegram by type_id, and says when it does not know", () => {
    expect(channelKindLabel("1", i18n)).toBe("VK");
    expect(channelKindLabel("2", i18n)).toBe("Telegram");
    expect(channelKindLabel("7", i18n)).toBe("Unknown (type 7)");
    expect(channelKindLabel("toString", i18n)).toBe("Unknown (type toString)");
    expect(channelKindLabel("1", testI18n("ru"))).toBe("ВКонтакте");
  });
});

describe("initials", () => {
  it("takes the first letter of up to two words", () => {
    expect(initials("Coffee Club")).toBe("CC");
    expect(initials("news")).toBe("N");
    expect(initials("  Кофе   клуб  бар ")).toBe("КК");
  });

  it("skips signs and keeps characters outside the BMP whole", () => {
    expect(initials("<img src=x onerror=alert(1)>")).toBe("IS");
    expect(initials("𝔸lpha beta")).toBe("𝔸B");
  });

  it("falls back to ? when there is no letter", () => {
    expect(initials("")).toBe("?");
    expect(initials("!!! ---")).toBe("?");
  });

  it("tells letters and digits as Unicode's classes do, but for symbols with a case", () => {
    const classes = /[\p{L}\p{N}]/u;
    const differ: string[] = [];
    // Latin, Greek and Cyrillic whole, and a few beyond them.
    const chars = Array.from({ length: 0x530 }, (_, code) => String.fromCodePoint(code));
    chars.push("ก", "中", "ع", "א", "٣", "😀", "𝔸", "ª", "ĸ", "²", "½", "Ⅻ", "ⓐ", "Ⓩ", "①");
    for (const char of chars) {
      if (isLetterOrDigit(char) !== classes.test(char)) differ.push(char);
    }
    expect(differ).toEqual(["\u0345", "ⓐ", "Ⓩ"]);
    expect(initials("中村 ❤ 太郎")).toBe("中太");
  });
});

describe("chunk load errors", () => {
  it("are told apart from other errors", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
    expect(isChunkLoadError("dynamically imported module")).toBe(false);
  });
});

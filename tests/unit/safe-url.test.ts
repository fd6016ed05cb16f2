import { describe, expect, it } from "vitest";
import { safeImageUrl } from "../../src/lib/safe-url";

describe("safeImageUrl", () => {
  it("keeps absolute https: addresses", () => {
    expect(safeImageUrl("https://example.org/c.png")).toBe("https://example.org/c.png");
    expect(safeImageUrl("HTTPS://Example.org/a b.png")).toBe("https://example.org/a%20b.png");
  });

  it("keeps the paths of the local Channel API's own demo photos", () => {
    expect(safeImageUrl("/local-photos/1001/712345678-3.svg")).toBe(
      "/local-photos/1001/712345678-3.svg",
    );
    expect(safeImageUrl("/local-photos/1002.svg")).toBe("/local-photos/1002.svg");
  });

  it.each([
    ["another path of the site", "/auth/session"],
    ["a local photo path that goes elsewhere", "/local-photos/../auth/session"],
    ["a local photo path with a query", "/local-photos/1001.svg?x=1"],
    ["a local photo path of another type", "/local-photos/1001.png"],
    ["a local photo style out of range", "/local-photos/1001/712345678-70.svg"],
    ["javascript:", "javascript:alert(1)"],
    ["javascript: in capitals", "JAVASCRIPT:alert(1)"],
    ["javascript: with a newline", "java\nscript:alert(1)"],
    ["data:", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["http: (mixed content)", "http://example.org/c.png"],
    ["protocol-relative", "//example.org/c.png"],
    ["relative", "/c.png"],
    ["blob:", "blob:https://example.org/0f1e"],
    ["file:", "file:///etc/passwd"],
    ["credentials", "https://user:secret@example.org/c.png"],
    ["empty", ""],
    ["not a URL", "not a url"],
    ["too long", `https://example.org/${"a".repeat(3000)}`],
  ])("refuses %s", (_what, value) => {
    expect(safeImageUrl(value)).toBeUndefined();
  });

  it("refuses what is not a string", () => {
    expect(safeImageUrl(undefined)).toBeUndefined();
    expect(safeImageUrl(null)).toBeUndefined();
    expect(safeImageUrl(42)).toBeUndefined();
    expect(safeImageUrl({ toString: () => "https://example.org/" })).toBeUndefined();
  });
});

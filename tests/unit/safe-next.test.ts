import { describe, expect, it } from "vitest";
import { safeNext, signInPath } from "../../src/lib/safe-next";

describe("safeNext", () => {
  it("keeps paths of this site with their query and fragment", () => {
    expect(safeNext("/")).toBe("/");
    expect(safeNext("/c/1001")).toBe("/c/1001");
    expect(safeNext("/c/1001/subscribers?offset_id=20&q=a%20b#top")).toBe(
      "/c/1001/subscribers?offset_id=20&q=a%20b#top",
    );
  });

  it("falls back to / when there is nothing", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(undefined)).toBe("/");
    expect(safeNext("")).toBe("/");
  });

  it.each([
    ["protocol-relative", "//evil.example/path"],
    ["backslash after the slash", "/\\evil.example"],
    ["backslash anywhere", "/c/1001\\..\\x"],
    ["a scheme", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["relative", "c/1001"],
    ["a leading space", " /c/1001"],
    ["a tab the browser would drop", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a dot segment that makes //", "/.//evil.example"],
    ["the sign-in page itself", "/sign-in?next=/c/1"],
    ["the sign-in page with a trailing slash", "/sign-in/"],
    ["the sign-in page in capitals", "/SIGN-IN"],
    ["three slashes", "///evil.example"],
    ["too long", `/${"a".repeat(3000)}`],
  ])("refuses %s", (_what, value) => {
    expect(safeNext(value)).toBe("/");
  });

  it("keeps encoded slashes as part of a path on this site", () => {
    const next = safeNext("/%2F%2Fevil.example");
    expect(next.startsWith("//")).toBe(false);
    expect(new URL(next, "https://desk.example").origin).toBe("https://desk.example");
  });

  it("normalises dot segments", () => {
    expect(safeNext("/c/1001/../1002")).toBe("/c/1002");
  });
});

describe("signInPath", () => {
  it("remembers the page to return to, encoded", () => {
    expect(signInPath("/c/1001?x=1&y=2")).toBe("/sign-in?next=%2Fc%2F1001%3Fx%3D1%26y%3D2");
  });

  it("has nothing to remember for the start page or an unsafe target", () => {
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath("//evil.example")).toBe("/sign-in");
  });

  it("round-trips through URLSearchParams and safeNext", () => {
    const path = signInPath("/c/1001/subscribers?offset_id=5");
    const next = new URL(path, "https://desk.example").searchParams.get("next");
    expect(safeNext(next)).toBe("/c/1001/subscribers?offset_id=5");
  });
});

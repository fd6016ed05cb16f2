import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error";
import { isAnswer, isNoAnswer } from "../../src/api/connection-failure";
import { errorDetail } from "../../src/lib/error-detail";
import { mayReloadAgain, parseLastReload, RELOAD_GUARD_MS } from "../../src/lib/reload-guard";

const api = (details: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: "http", operation: "groups/get", message: "m", ...details });

describe("what counts as no answer from the server", () => {
  it("is no response, a proxy's 502-504 without the gateway's body, or a page's code", () => {
    expect(isNoAnswer(api({ kind: "network" }))).toBe(true);
    expect(isNoAnswer(api({ kind: "network", timeout: true }))).toBe(true);
    expect(isNoAnswer(api({ status: 502 }))).toBe(true);
    expect(isNoAnswer(api({ status: 504 }))).toBe(true);
    expect(isNoAnswer(new Error("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    // The gateway's own 502 (its backend is down) and 503 (its queue) are answers.
    expect(isNoAnswer(api({ status: 502, code: 0 }))).toBe(false);
    expect(isAnswer(api({ status: 502, code: 0 }))).toBe(true);
    expect(isAnswer(api({ status: 401 }))).toBe(true);
    expect(isAnswer(api({ kind: "service", code: 5 }))).toBe(true);
    expect(isAnswer(api({ kind: "aborted" }))).toBe(false);
    expect(isAnswer(api({ kind: "request" }))).toBe(false);
    expect(isNoAnswer(new TypeError("x is undefined"))).toBe(false);
  });
});

describe("the technical words kept for support", () => {
  it("drops addresses and file paths, and never carries a stack", () => {
    const error = new Error("Unable to preload CSS for http://127.0.0.1:8080/assets/a-1b.css.");
    expect(errorDetail(error)).toBe("Error: Unable to preload CSS for [address].");
    expect(errorDetail(new TypeError("failed at /assets/page-x.js line 3"))).toBe(
      "TypeError: failed at [file] line 3",
    );
    expect(errorDetail(error)).not.toContain("    at ");
    expect(errorDetail("plain")).toBe("plain");
    expect(errorDetail({ odd: true })).toBe("A value that is not an error was thrown.");
    expect(errorDetail(new Error("x".repeat(1000))).length).toBe(300);
  });
});

describe("the guard against reloading for ever", () => {
  it("reloads a page once, then leaves it to the person for a while", () => {
    const at = Date.UTC(2026, 10, 23, 21, 30);
    expect(mayReloadAgain(undefined, "/c/1/utm", at)).toBe(true);
    const last = { path: "/c/1/utm", at };
    expect(mayReloadAgain(last, "/c/1/utm", at + 1000)).toBe(false);
    expect(mayReloadAgain(last, "/c/1/bots", at + 1000)).toBe(true);
    expect(mayReloadAgain(last, "/c/1/utm", at + RELOAD_GUARD_MS)).toBe(true);
    // A clock set back does not lock the page for ever.
    expect(mayReloadAgain(last, "/c/1/utm", at - 5000)).toBe(true);
    expect(parseLastReload(JSON.stringify(last))).toEqual(last);
    expect(parseLastReload("{bad")).toBeUndefined();
    expect(parseLastReload(JSON.stringify({ path: 1 }))).toBeUndefined();
    expect(parseLastReload(null)).toBeUndefined();
  });
});

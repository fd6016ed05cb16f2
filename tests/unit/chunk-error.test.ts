import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "../../src/lib/chunk-error";

describe("a page's code that could not be fetched", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://x/assets/page-1.js",
    "Importing a module script failed.",
    "error loading dynamically imported module",
    "Unable to preload CSS for /assets/page-abc.css",
  ])("is told apart: %s", (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it("is not any other error", () => {
    expect(isChunkLoadError(new Error("items[0].date: expected string"))).toBe(false);
    expect(isChunkLoadError("Unable to preload CSS")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  COMPILE_HINT,
  compileHintBanner,
  withCompileHintFirst,
} from "../../server/tools/compile-hints";

describe("V8's compile hint on the build's chunks", () => {
  it("marks code, not message catalogs", () => {
    expect(
      compileHintBanner(["/app/src/main.tsx", "/app/node_modules/preact/dist/preact.mjs"]),
    ).toBe(COMPILE_HINT);
    expect(
      compileHintBanner(["/app/src/locales/ru.po", "/app/src/features/utm/locales/ru.po"]),
    ).toBe("");
    // A chunk with a catalog and code is code.
    expect(compileHintBanner(["/app/src/locales/ru.po", "/app/src/lib/format.ts"])).toBe(
      COMPILE_HINT,
    );
  });

  it("puts the hint back on the first line when Vite's preload helper wrote its line above it", () => {
    const mapDeps =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js"])))=>i.map(i=>d[i]);';
    const code = [
      mapDeps,
      COMPILE_HINT,
      "import{a}from'./a.js';a();",
      "//# sourceMappingURL=x.js.map",
    ].join("\n");
    expect(withCompileHintFirst(code).split("\n")).toEqual([
      COMPILE_HINT,
      mapDeps,
      "import{a}from'./a.js';a();",
      "//# sourceMappingURL=x.js.map",
    ]);
    // Already first, or no hint at all, or another first line: left as it is.
    const first = [COMPILE_HINT, "a();"].join("\n");
    expect(withCompileHintFirst(first)).toBe(first);
    const none = [mapDeps, "a();"].join("\n");
    expect(withCompileHintFirst(none)).toBe(none);
    const other = ["let x=1;", COMPILE_HINT].join("\n");
    expect(withCompileHintFirst(other)).toBe(other);
  });
});

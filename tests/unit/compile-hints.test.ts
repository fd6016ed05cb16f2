import { describe, expect, it } from "vitest";
import {
  COMPILE_HINT,
  compileHintBanner,
  withCompileHintFirst,
} from "../../server/tools/compile-hints";

describe("V8's compile hint on the build's chunks", () => {
  it("marks the code of a first load: the entries, the groups every page fetches, each page", () => {
    const firstLoad = {
      groups: ["app", "base"],
      pages: ["@/features/utm/utm-page", "@/features/variables/person/person-page"],
    };
    const chunk = (name: string, module: string, isEntry = false) =>
      compileHintBanner(
        { isEntry, name, moduleIds: [module, "/app/src/lib/format.ts"] },
        firstLoad,
      );
    expect(chunk("index", "/app/index.html", true)).toBe(COMPILE_HINT);
    expect(chunk("app", "/app/src/main.tsx")).toBe(COMPILE_HINT);
    expect(chunk("base", "\0vite/preload-helper.js")).toBe(COMPILE_HINT);
    expect(chunk("utm-page", "/app/src/features/utm/utm-page.tsx")).toBe(COMPILE_HINT);
    expect(chunk("person-page", "/app/src/features/variables/person/person-page.tsx")).toBe(
      COMPILE_HINT,
    );
    // Fetched on demand, and only part of it runs: the charts' library, a CSV writer, a dialog.
    expect(chunk("BarChart", "/app/node_modules/recharts/es6/chart/BarChart.js")).toBe("");
    expect(chunk("csv-text", "/app/src/lib/csv-text.ts")).toBe("");
    // Not a page because its name ends like one.
    expect(chunk("other-utm-page", "/app/src/features/other/utm-page.tsx")).toBe("");
    // Catalogs are data.
    expect(chunk("ru", "/app/src/locales/ru.po")).toBe("");
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

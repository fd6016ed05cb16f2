import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  firstLoadFiles,
  formatKb,
  type Manifest,
  manifestKeyOf,
  routeCatalogKeys,
  routeSources,
  staticClosure,
  verdict,
  withDynamicTargets,
} from "../../bench/bundle-report";
import { pages } from "../../src/app/pages";

const manifest: Manifest = {
  "index.html": {
    file: "assets/index-a.js",
    isEntry: true,
    imports: ["_vendor-b.js"],
    dynamicImports: ["src/features/channel/channel-page.tsx", "src/features/x/x-page.tsx"],
    css: ["assets/index-a.css"],
  },
  "_vendor-b.js": { file: "assets/vendor-b.js" },
  "src/features/channel/channel-page.tsx": {
    file: "assets/channel-page-c.js",
    isDynamicEntry: true,
    imports: ["_vendor-b.js", "_shared-d.js"],
    dynamicImports: ["_chart-e.js"],
  },
  "_shared-d.js": { file: "assets/shared-d.js", imports: ["_vendor-b.js"] },
  "_chart-e.js": { file: "assets/chart-e.js" },
  "src/features/x/x-page.tsx": { file: "assets/x-page-f.js", isDynamicEntry: true },
};

describe("firstLoadFiles", () => {
  it("is the entry with its static imports when no route is named", () => {
    expect(firstLoadFiles(manifest).sort()).toEqual(["assets/index-a.js", "assets/vendor-b.js"]);
  });

  it("adds the route's chunk and its static imports, once each, but not its lazy ones", () => {
    expect(firstLoadFiles(manifest, "src/features/channel/channel-page.tsx").sort()).toEqual([
      "assets/channel-page-c.js",
      "assets/index-a.js",
      "assets/shared-d.js",
      "assets/vendor-b.js",
    ]);
  });

  it("refuses a key the manifest does not have", () => {
    expect(() => staticClosure(manifest, ["nope"])).toThrow(/nope/u);
  });
});

describe("withDynamicTargets", () => {
  it("keys a page merged into a shared chunk by its source, as a copy of that chunk", () => {
    const merged = withDynamicTargets(manifest, [
      { src: "src/features/y/y-page.tsx", file: "assets/shared-d.js" },
    ]);
    expect(manifestKeyOf(merged, "@/features/y/y-page")).toBe("src/features/y/y-page.tsx");
    expect(merged["src/features/y/y-page.tsx"]).toEqual({
      file: "assets/shared-d.js",
      imports: ["_vendor-b.js"],
      src: "src/features/y/y-page.tsx",
      isDynamicEntry: true,
    });
    expect(firstLoadFiles(merged, "src/features/y/y-page.tsx").sort()).toEqual([
      "assets/index-a.js",
      "assets/shared-d.js",
      "assets/vendor-b.js",
    ]);
  });

  it("keeps the keys Vite wrote, the first chunk of a module found twice, and skips unknown files", () => {
    const merged = withDynamicTargets(manifest, [
      { src: "src/features/channel/channel-page.tsx", file: "assets/shared-d.js" },
      { src: "src/features/z/z-page.tsx", file: "assets/chart-e.js" },
      { src: "src/features/z/z-page.tsx", file: "assets/shared-d.js" },
      { src: "src/features/w/w-page.tsx", file: "assets/gone.js" },
    ]);
    expect(merged["src/features/channel/channel-page.tsx"]).toBe(
      manifest["src/features/channel/channel-page.tsx"],
    );
    expect(merged["src/features/z/z-page.tsx"]?.file).toBe("assets/chart-e.js");
    expect(merged["src/features/w/w-page.tsx"]).toBeUndefined();
    expect(manifest["src/features/z/z-page.tsx"]).toBeUndefined();
  });
});

describe("manifestKeyOf", () => {
  it("finds a module named as the source imports it", () => {
    expect(manifestKeyOf(manifest, "@/features/channel/channel-page")).toBe(
      "src/features/channel/channel-page.tsx",
    );
    expect(manifestKeyOf(manifest, "@/features/not/there")).toBeUndefined();
  });
});

describe("routeSources", () => {
  it("reads every page of the registry and the sign-in route from the real sources", () => {
    const routes = routeSources(
      readFileSync("src/app/pages.ts", "utf8"),
      readFileSync("src/app/routes.tsx", "utf8"),
    );
    expect(routes.map((route) => route.name)).toEqual([...pages.map((page) => page.id), "sign-in"]);
    expect(routes[0]).toEqual({
      name: "channel",
      path: "/c/:groupId",
      module: "@/features/channel/channel-page",
      area: "channel",
      catalogs: [],
    });
    expect(routes.at(-1)).toEqual({
      name: "sign-in",
      path: "/sign-in",
      module: "@/features/session/sign-in-page",
      catalogs: ["errors", "forms"],
    });
    // Each page's area and groups, as the registry declares them.
    for (const page of pages) {
      const route = routes.find((candidate) => candidate.name === page.id);
      expect(route?.area, page.id).toBe(page.area);
      expect(route?.catalogs, page.id).toEqual(page.catalogs ?? []);
    }
  });
});

describe("routeCatalogKeys", () => {
  const withCatalogs: Manifest = {
    "src/locales/ru.po": { file: "assets/ru-a.js" },
    "src/locales/csv/ru.po": { file: "assets/ru-b.js" },
    "src/locales/charts/ru.po": { file: "assets/ru-c.js" },
    "src/features/utm/locales/ru.po": { file: "assets/ru-d.js" },
    "src/features/subscribers/locales/ru.po": { file: "assets/ru-e.js" },
    "src/features/subscribers/manage/locales/ru.po": { file: "assets/ru-f.js" },
  };

  it("names the shared catalog, the feature's and the route's groups, of one language", () => {
    expect(
      routeCatalogKeys(
        withCatalogs,
        { module: "@/features/utm/utm-page", catalogs: ["charts", "errors"] },
        "ru",
      ),
    ).toEqual(["src/locales/ru.po", "src/features/utm/locales/ru.po", "src/locales/charts/ru.po"]);
    expect(
      routeCatalogKeys(withCatalogs, { module: "@/features/utm/utm-page", catalogs: [] }, "en"),
    ).toEqual([]);
  });

  it("names a part's catalog, not its feature's, for a page whose area is the part", () => {
    const module = "@/features/subscribers/manage/manage-page";
    expect(
      routeCatalogKeys(withCatalogs, { module, area: "subscribers/manage", catalogs: [] }, "ru"),
    ).toEqual(["src/locales/ru.po", "src/features/subscribers/manage/locales/ru.po"]);
  });
});

describe("formatting", () => {
  it("writes kilobytes of 1000 bytes and the verdict", () => {
    expect(formatKb(149_960)).toBe("150.0 kB");
    expect(verdict(true)).toBe("MET");
    expect(verdict(false)).toBe("MISSED");
  });
});

import path from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG_GROUPS } from "../../lingui.config";
import { catalogGroups } from "../../src/i18n/catalog-groups";
import { loadsFrom, readImportGraph, type ModuleInfo } from "../support/import-graph";

/**
 * Every load of code has the words it can show. From the entry (src/main.tsx, with the shared
 * catalog) the import graph gives each load of code: the modules an `import()` brings, with the
 * catalogs awaited with it (its page's `area` and `catalogs` in src/app/pages.ts, or
 * `withCatalogs(group…, () => import(…))`) on top of those its importer had. A message written
 * in one of those modules must be in one of those catalogs; otherwise it would show as its id
 * (or, after a switch, in the other language) until some other page happened to load it.
 *
 * So a message added to a CSV writer goes to the csv catalog (its path matches the group in
 * lingui.config.ts), and this test fails if any code reaches that writer without the csv
 * catalog: imported statically from a page, or through an `import()` outside `withCatalogs`.
 */
const root = path.resolve(import.meta.dirname, "../..");
const ENTRY = "src/main.tsx";
const SHARED = "shared";

interface Words {
  /** Message ids written in each module. */
  byFile: Map<string, Set<string>>;
  /** Message ids of each area's catalog: "shared", a group, or a feature folder. */
  byArea: Map<string, Set<string>>;
  /** The English of each id, for failure messages. */
  english: Map<string, string>;
}

let words: Words;
let graph: Map<string, ModuleInfo>;

function areaOf(catalogPath: string): string {
  const relative = path.relative(root, catalogPath).split(path.sep).join("/");
  if (relative === "src/locales/{locale}") return SHARED;
  const group = /^src\/locales\/([^/]+)\/\{locale\}$/u.exec(relative)?.[1];
  if (group !== undefined) return group;
  const feature = /^src\/features\/([^/]+(?:\/[^/]+)?)\/locales\/\{locale\}$/u.exec(relative)?.[1];
  if (feature !== undefined) return feature;
  throw new Error(`no area for the catalog ${relative}`);
}

beforeAll(async () => {
  const config = getConfig({ cwd: root, configPath: path.join(root, "lingui.config.ts") });
  const catalogs = await getCatalogs(config);
  words = { byFile: new Map(), byArea: new Map(), english: new Map() };
  for (const catalog of catalogs) {
    const collected = (await catalog.collect()) ?? {};
    const ids = new Set(Object.keys(collected));
    words.byArea.set(areaOf(catalog.path), ids);
    for (const [id, message] of Object.entries(collected)) {
      words.english.set(id, message.message ?? id);
      for (const [file] of message.origin ?? []) {
        const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join("/");
        const set = words.byFile.get(relative) ?? new Set<string>();
        set.add(id);
        words.byFile.set(relative, set);
      }
    }
  }
  graph = readImportGraph(root);
}, 120_000);

/** One line per message that a load of code can show without having its catalog. */
function wordsWithoutCatalog(modules: Map<string, ModuleInfo>, found: Words): string[] {
  const problems: string[] = [];
  for (const load of loadsFrom(modules, ENTRY, [SHARED])) {
    const loaded = new Set<string>();
    for (const area of load.areas) for (const id of found.byArea.get(area) ?? []) loaded.add(id);
    for (const file of load.modules) {
      for (const id of found.byFile.get(file) ?? []) {
        if (loaded.has(id)) continue;
        const holders = [...found.byArea].filter(([, ids]) => ids.has(id)).map(([area]) => area);
        problems.push(
          `${file}: “${found.english.get(id) ?? id}” is in ${holders.join(", ")}, ` +
            `not in what is loaded with it (${load.areas.join(", ")}); reached by ` +
            load.via.join(" ⇢ "),
        );
      }
    }
  }
  return [...new Set(problems)];
}

/** The graph with one module changed, for the checks that the test can fail. */
function withModule(file: string, change: (info: ModuleInfo) => ModuleInfo) {
  const copy = new Map(graph);
  const info = copy.get(file);
  if (!info) throw new Error(`no module ${file}`);
  copy.set(file, change(info));
  return copy;
}

describe("catalogs loaded with code", () => {
  it("name the same groups in lingui.config.ts and src/i18n/catalog-groups.ts", () => {
    expect([...catalogGroups].sort()).toEqual(Object.keys(CATALOG_GROUPS).sort());
    for (const group of catalogGroups) {
      expect(words.byArea.get(group)?.size ?? 0, `${group} holds messages`).toBeGreaterThan(0);
    }
  });

  it("reach every module with words from the entry (the graph is read right)", () => {
    const reached = new Set(loadsFrom(graph, ENTRY, [SHARED]).flatMap((load) => load.modules));
    const unreached = [...words.byFile.keys()].filter((file) => !reached.has(file));
    expect(unreached).toEqual([]);
  });

  it("hold every message each load of code can show", () => {
    expect(wordsWithoutCatalog(graph, words)).toEqual([]);
  });

  it("fail a CSV writer imported statically by the shell", () => {
    const broken = withModule("src/app/layout.tsx", (info) => ({
      ...info,
      imports: [...info.imports, "src/lib/utm-csv.ts"],
    }));
    const problems = wordsWithoutCatalog(broken, words);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((line) => line.startsWith("src/lib/utm-csv.ts:"))).toBe(true);
    expect(problems[0]).toMatch(/is in csv(, [a-z-]+)*, not in what is loaded with it \(shared\)/u);
  });

  it("fail a CSV writer loaded by import() without its catalog", () => {
    const file = "src/features/utm/utm-figures.tsx";
    const broken = withModule(file, (info) => ({
      ...info,
      lazy: info.lazy.map((lazy) => ({ ...lazy, areas: [] })),
    }));
    const problems = wordsWithoutCatalog(broken, words);
    expect(problems.some((line) => line.startsWith("src/lib/utm-csv.ts:"))).toBe(true);
  });

  it("fail a page whose group catalog is not awaited with it", () => {
    const file = "src/app/pages.ts";
    const broken = withModule(file, (info) => ({
      ...info,
      lazy: info.lazy.map((lazy) => ({ ...lazy, areas: lazy.areas.filter((a) => a !== "charts") })),
    }));
    const problems = wordsWithoutCatalog(broken, words);
    expect(problems.some((line) => line.startsWith("src/components/chart/"))).toBe(true);
  });
});

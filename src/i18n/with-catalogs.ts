import type { CatalogGroup } from "./catalog-groups";

/**
 * Loads a chunk of code together with the catalogs of the groups whose words it shows, in the
 * person's language (and the one being switched to): the module is handed over only when both
 * are there, so no message of it ever shows as its id or in the other language. Write the
 * `import()` inside the call, `withCatalogs("csv", () => import("@/lib/utm-csv"))`:
 * tests/unit/catalog-loads.test.ts reads the groups from there.
 *
 * The loading itself is src/i18n/locale-runtime.ts's `loadArea`, handed over when that module
 * runs (it is part of the entry, so before any code can call this). This module imports
 * nothing: when the shell's components imported the language runtime for it, Rolldown cut
 * the entry into more chunks, 4 kB heavier.
 */
type AreaLoader = (area: string) => Promise<void>;
let loadArea: AreaLoader | undefined;

export function setAreaLoader(loader: AreaLoader): void {
  loadArea = loader;
}

export async function withCatalogs<T>(
  groups: CatalogGroup | readonly CatalogGroup[],
  load: () => Promise<T>,
): Promise<T> {
  const loader = loadArea;
  if (!loader) throw new Error("withCatalogs: the language runtime has not started");
  const list: readonly CatalogGroup[] = typeof groups === "string" ? [groups] : groups;
  const [module] = await Promise.all([load(), ...list.map((group) => loader(group))]);
  return module;
}

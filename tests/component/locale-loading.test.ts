import { afterEach, describe, expect, it, vi } from "vitest";

// The language runtime as a first load meets it: nothing shown yet (a fresh module and a fresh
// Lingui instance), the catalogs' fetches recorded instead of made.
async function freshRuntime() {
  vi.resetModules();
  const loaded: string[] = [];
  vi.doMock("@/i18n/catalogs", async (original) => ({
    ...(await original<typeof import("@/i18n/catalogs")>()),
    loadCatalog: (area: string, locale: string) => {
      loaded.push(`${area}|${locale}`);
      return Promise.resolve({ messages: {} });
    },
  }));
  const runtime = await import("@/i18n/locale-runtime");
  return { runtime, loaded };
}

afterEach(() => {
  vi.doUnmock("@/i18n/catalogs");
  vi.resetModules();
});

describe("the catalogs of a first load", () => {
  it("are fetched in the starting language only, not in English as well", async () => {
    const { runtime, loaded } = await freshRuntime();
    // As src/main.tsx and the router do: the starting language, then the page's areas.
    const shown = runtime.activateLocale("ru");
    await Promise.all([runtime.loadArea("subscribers"), runtime.loadArea("errors")]);
    await shown;
    expect(runtime.activeLocale()).toBe("ru");
    expect(loaded.filter((key) => key.endsWith("|en"))).toEqual([]);
    expect(loaded).toEqual(expect.arrayContaining(["subscribers|ru", "errors|ru"]));

    // A switch loads the other language for every area in use, then shows it.
    await runtime.activateLocale("en");
    expect(loaded).toEqual(expect.arrayContaining(["subscribers|en", "errors|en"]));
    expect(runtime.activeLocale()).toBe("en");
    // A page opened during a switch is fetched in both: the one shown and the one coming.
    const switching = runtime.activateLocale("ru");
    await runtime.loadArea("variables");
    await switching;
    expect(loaded).toEqual(expect.arrayContaining(["variables|en", "variables|ru"]));
  });
});

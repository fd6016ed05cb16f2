import path from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig, type CatalogType } from "@lingui/conf";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogGroups } from "../../src/i18n/catalog-groups";
import { locales } from "../../src/lib/locale";

/**
 * Every catalog of lingui.config.ts (the shared one, one per group of shared code loaded with
 * its code, and one per feature folder), in every
 * language: up to date with the code (extracting again would add or drop nothing), complete (no
 * language misses a message of another, and none is left empty), and each translation keeps the
 * placeholders and tags of its source and compiles as ICU MessageFormat.
 */
const root = path.resolve(import.meta.dirname, "../..");

interface Area {
  name: string;
  extracted: Set<string>;
  byLocale: Record<string, CatalogType>;
}

let areas: Area[] = [];

beforeAll(async () => {
  const config = getConfig({ cwd: root, configPath: path.join(root, "lingui.config.ts") });
  const catalogs = await getCatalogs(config);
  areas = await Promise.all(
    catalogs.map(async (catalog) => {
      const [collected, stored] = await Promise.all([catalog.collect(), catalog.readAll()]);
      return {
        name: path.relative(root, catalog.path),
        extracted: new Set(Object.keys(collected ?? {})),
        byLocale: stored,
      };
    }),
  );
}, 120_000);

function live(messages: CatalogType): string[] {
  return Object.entries(messages)
    .filter(([, message]) => message.obsolete !== true)
    .map(([id]) => id)
    .sort();
}

/** `{name}`, `{count, plural, …}` and `<0>…</0>`: what a translation must keep. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{(\w+)\s*[},]/gu)].map((match) => `{${match[1] ?? ""}`);
  const tags = [...text.matchAll(/<\/?(\d+)\/?>/gu)].map((match) => `<${match[1] ?? ""}>`);
  return [...new Set([...names, ...tags])].sort();
}

describe("the message catalogs", () => {
  it("are found: the shared one, one per group and one per feature folder", () => {
    const names = areas.map((area) => area.name);
    expect(names).toContain("src/locales/{locale}");
    for (const group of catalogGroups) expect(names).toContain(`src/locales/${group}/{locale}`);
    expect(names.filter((name) => name.startsWith("src/features/")).length).toBeGreaterThan(0);
  });

  it("are up to date with the code: extracting again would add nothing and drop nothing", () => {
    for (const area of areas) {
      for (const locale of locales) {
        const stored = area.byLocale[locale] ?? {};
        const obsolete = Object.entries(stored)
          .filter(([, message]) => message.obsolete === true)
          .map(([id, message]) => message.message ?? id);
        expect(obsolete, `${area.name} (${locale}) keeps messages no code uses`).toEqual([]);
        const missing = [...area.extracted].filter((id) => !(id in stored));
        expect(
          missing,
          `${area.name} (${locale}) misses messages: run npm run i18n:extract`,
        ).toEqual([]);
        expect(live(stored).length, `${area.name} (${locale})`).toBe(area.extracted.size);
      }
    }
  });

  it("hold the same messages in every language, none of them left empty", () => {
    for (const area of areas) {
      const [first, ...others] = locales;
      const reference = live(area.byLocale[first] ?? {});
      for (const locale of others) {
        expect(
          live(area.byLocale[locale] ?? {}),
          `${area.name}: ${locale} against ${first}`,
        ).toEqual(reference);
      }
      for (const locale of locales) {
        const empty = Object.entries(area.byLocale[locale] ?? {})
          .filter(([, message]) => !message.translation)
          .map(([id, message]) => message.message ?? id);
        expect(empty, `${area.name} (${locale}) has messages without a translation`).toEqual([]);
      }
    }
  });

  it("keep each message's placeholders and tags, and compile as ICU MessageFormat", () => {
    for (const area of areas) {
      for (const locale of locales) {
        for (const [id, message] of Object.entries(area.byLocale[locale] ?? {})) {
          const source = message.message ?? id;
          const translation = message.translation;
          expect(placeholders(translation), `${area.name} (${locale}): ${source}`).toEqual(
            placeholders(source),
          );
          expect(
            () => compileMessage(translation),
            `${area.name} (${locale}): ${source}`,
          ).not.toThrow();
        }
      }
    }
  });

  it("give a message one translation across catalogs: those of the pages seen merge into one", () => {
    // A page's catalog is added to what the language already holds (src/i18n/locale-runtime.ts),
    // so a message translated two ways read one way or the other by the order pages were
    // visited: the channel's «Показатели» became the UTM page's «Показать». A message meant
    // two ways takes a context.
    for (const locale of locales) {
      const seen = new Map<string, { area: string; translation: string }>();
      const clashes: string[] = [];
      for (const area of areas) {
        for (const [id, message] of Object.entries(area.byLocale[locale] ?? {})) {
          if (message.obsolete === true) continue;
          const before = seen.get(id);
          if (before && before.translation !== message.translation) {
            const source = message.message ?? id;
            clashes.push(
              `${source}: «${before.translation}» (${before.area}) / «${message.translation}» (${area.name})`,
            );
          } else if (!before) {
            seen.set(id, { area: area.name, translation: message.translation });
          }
        }
      }
      expect(clashes, locale).toEqual([]);
    }
  });

  it("end a sentence once: no full stop doubled, nor one after an ellipsis", () => {
    // "tg://user?id=…." once read as a typo: an ellipsis or a full stop closes the sentence.
    for (const area of areas) {
      for (const locale of locales) {
        const doubled = Object.values(area.byLocale[locale] ?? {})
          .map((message) => message.translation)
          .filter((text) => /(?<!\.)\.\.(?!\.)|…\./u.test(text));
        expect(doubled, `${area.name} (${locale})`).toEqual([]);
      }
    }
  });
});

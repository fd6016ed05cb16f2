import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, themeAttribute, themeChoices } from "../../src/lib/theme";

const script = readFileSync(join(import.meta.dirname, "../../public/theme.js"), "utf8");

/** Runs public/theme.js as the browser would before the app, with `stored` in localStorage. */
function runScript(getItem: (key: string) => string | null): Record<string, string> {
  const dataset: Record<string, string> = {};
  runInNewContext(script, {
    window: { localStorage: { getItem } },
    document: { documentElement: { dataset } },
  });
  return dataset;
}

describe("the theme script in <head>", () => {
  it.each(themeChoices)(
    "sets the same data-theme as the app for the stored choice %s",
    (choice) => {
      const dataset = runScript((key) => (key === THEME_STORAGE_KEY ? choice : null));
      expect(dataset.theme ?? null).toBe(themeAttribute(choice));
    },
  );

  it("ignores anything else stored", () => {
    expect(runScript(() => "<img src=x onerror=alert(1)>").theme).toBeUndefined();
  });

  it("survives storage that throws", () => {
    expect(
      runScript(() => {
        throw new Error("SecurityError");
      }).theme,
    ).toBeUndefined();
  });

  it("is loaded by index.html as a classic script before the app's module", () => {
    const html = readFileSync(join(import.meta.dirname, "../../index.html"), "utf8");
    const classic = html.indexOf('<script src="/theme.js"></script>');
    expect(classic).toBeGreaterThan(-1);
    expect(classic).toBeLessThan(html.indexOf('type="module"'));
    expect(classic).toBeLessThan(html.indexOf("</head>"));
  });
});

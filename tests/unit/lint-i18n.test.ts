import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";
import {
  localizationConfigs,
  UNLOCALIZED_RULE,
  VISIBLE_ATTRIBUTE_RULE,
} from "../../eslint.config.js";

/**
 * tests/fixtures/lint-i18n holds words a person would read (each `bad-*` file has exactly one)
 * and strings that only code reads: the rule of eslint.config.js must tell them apart.
 */
const fixtureRoot = fileURLToPath(new URL("../fixtures/lint-i18n", import.meta.url));

const bad: Record<string, string> = {
  "src/app/bad-jsx-text.tsx": UNLOCALIZED_RULE,
  "src/app/bad-aria-label.tsx": UNLOCALIZED_RULE,
  "src/app/bad-title.tsx": VISIBLE_ATTRIBUTE_RULE,
  "src/app/bad-valuetext.tsx": VISIBLE_ATTRIBUTE_RULE,
  "src/app/bad-placeholder.tsx": UNLOCALIZED_RULE,
  "src/app/bad-alt.tsx": UNLOCALIZED_RULE,
  "src/app/bad-toast.ts": UNLOCALIZED_RULE,
  "src/app/bad-toast-error.ts": UNLOCALIZED_RULE,
  "src/lib/bad-sentence.ts": UNLOCALIZED_RULE,
};
const clean = [
  "src/app/ok-code-strings.tsx",
  "src/app/toast.ts",
  "src/contract/schema.ts",
  "src/features/later/page.tsx",
];

async function lint(): Promise<Map<string, Linter.LintMessage[]>> {
  const eslint = new ESLint({
    cwd: fixtureRoot,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.{ts,tsx}"],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: "./tsconfig.json", tsconfigRootDir: fixtureRoot },
        },
      },
      ...localizationConfigs({ untranslated: ["later"] }),
    ],
  });
  const results = await eslint.lintFiles(["src"]);
  return new Map(
    results.map((result) => [
      path.relative(fixtureRoot, result.filePath).split(path.sep).join("/"),
      result.messages,
    ]),
  );
}

describe("the lint rule that keeps words in the catalogs", () => {
  let findings: Map<string, Linter.LintMessage[]>;
  beforeAll(async () => {
    findings = await lint();
  }, 60_000);

  it("lints every fixture file", () => {
    expect([...findings.keys()].sort()).toEqual([...Object.keys(bad), ...clean].sort());
  });

  it.each(Object.entries(bad))("reports the one string a person would read in %s", (file, rule) => {
    expect(findings.get(file)?.map((m) => ({ rule: m.ruleId, severity: m.severity }))).toEqual([
      { rule, severity: 2 },
    ]);
  });

  it.each(clean)(
    "leaves %s alone: code strings, the contract, a folder not translated yet",
    (file) => {
      expect(findings.get(file)).toEqual([]);
    },
  );
});

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOUNDARY_RULE, boundaryConfigs } from "../../eslint.config.js";

/**
 * tests/fixtures/lint is a miniature of the project's layout. Every file named `bad-*` crosses
 * one boundary of design.md and must get exactly one error; every other file must lint clean.
 */
const fixtureRoot = fileURLToPath(new URL("../fixtures/lint", import.meta.url));

const PATHS_RULE = BOUNDARY_RULE;
const IMPORTS_RULE = "no-restricted-imports";

const violations: Record<string, string> = {
  "src/features/a/bad-relative.ts": PATHS_RULE,
  "src/features/b/bad-alias.ts": PATHS_RULE,
  "src/contract/bad-imports-app.ts": PATHS_RULE,
  "src/contract/bad-imports-react.ts": IMPORTS_RULE,
  "src/lib/bad-imports-api.ts": PATHS_RULE,
  "src/app/bad-imports-server.ts": PATHS_RULE,
  "server/bad-imports-react.ts": IMPORTS_RULE,
  "server/bad-imports-react-query.ts": IMPORTS_RULE,
  "server/bad-imports-app.ts": PATHS_RULE,
  "server/bad-imports-feature-by-alias.ts": PATHS_RULE,
};

const allowed = [
  "src/features/a/page.ts", // → contract (relative), lib and api (alias), its own helper
  "src/features/a/helper.ts",
  "src/features/b/page.ts", // → api and lib (relative), contract (alias)
  "src/contract/schema.ts",
  "src/lib/format.ts", // → contract
  "src/api/client.ts", // → contract (alias)
  "src/app/shell.ts", // → features a (alias) and b (relative)
  "server/ok.ts", // → src/contract (relative), src/lib (alias)
];

type Findings = Map<string, Linter.LintMessage[]>;

async function lint(root: string): Promise<Findings> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
      ...boundaryConfigs(root),
    ],
  });
  const results = await eslint.lintFiles(["."]);
  return new Map(
    results.map((result) => [
      path.relative(root, result.filePath).split(path.sep).join("/"),
      result.messages,
    ]),
  );
}

function filesWithProblems(findings: Findings): string[] {
  return [...findings]
    .filter(([, messages]) => messages.length > 0)
    .map(([file]) => file)
    .sort();
}

describe("the import boundaries of eslint.config.js", () => {
  let findings: Findings;
  beforeAll(async () => {
    findings = await lint(fixtureRoot);
  });

  it("lint every fixture file", () => {
    expect([...findings.keys()].sort()).toEqual([...Object.keys(violations), ...allowed].sort());
  });

  it("report exactly the files that cross a boundary", () => {
    expect(filesWithProblems(findings)).toEqual(Object.keys(violations).sort());
  });

  it.each(Object.entries(violations))("report %s with one error of %s", (file, rule) => {
    const messages = findings.get(file) ?? [];
    expect(messages.map((m) => ({ rule: m.ruleId, severity: m.severity }))).toEqual([
      { rule, severity: 2 },
    ]);
  });

  it("leave allowed imports alone", () => {
    for (const file of allowed) expect(findings.get(file), file).toEqual([]);
  });

  it("build without a src/features folder", () => {
    const configs = boundaryConfigs(path.join(fixtureRoot, "server"));
    expect(configs.length).toBeGreaterThan(0);
  });
});

describe("a feature created after the config was written", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "lint-boundaries-"));
    cpSync(fixtureRoot, root, { recursive: true });
    mkdirSync(path.join(root, "src/features/c"));
    writeFileSync(
      path.join(root, "src/features/c/bad-new-feature.ts"),
      'import { pageA } from "../a/page";\n\nexport const fromA = pageA;\n',
    );
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("is kept from importing other features, and they from it", async () => {
    writeFileSync(
      path.join(root, "src/features/a/bad-imports-new-feature.ts"),
      'import { fromA } from "@/features/c/bad-new-feature";\n\nexport const c = fromA;\n',
    );
    const problems = filesWithProblems(await lint(root));
    expect(problems).toContain("src/features/c/bad-new-feature.ts");
    expect(problems).toContain("src/features/a/bad-imports-new-feature.ts");
  });
});

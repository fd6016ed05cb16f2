import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The SPA's modules and how they reach each other, read from the source as the bundler reads
 * it: static imports (code, not types) put a module in its importer's chunk; `import()` starts
 * a chunk of its own, loaded later. For each `import()` it also records the message catalogs
 * awaited with it: the areas named by an enclosing `withCatalogs(area…, () => import(…))`
 * (src/i18n/with-catalogs.ts) or by the `area` and `catalogs` of the object it sits in (a page
 * of src/app/pages.ts, whose router awaits them with the page's code).
 */
export interface LazyImport {
  target: string;
  areas: string[];
}

export interface ModuleInfo {
  file: string;
  imports: string[];
  lazy: LazyImport[];
}

const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A specifier's file under src/, or undefined for a package, a style sheet or a catalog. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, "src", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const found = candidates.find(
    (file) => EXTENSIONS.some((ext) => file.endsWith(ext)) && existsSync(file),
  );
  return found === undefined ? undefined : path.relative(root, found);
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // `import "./x"`: run for its effects
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function strings(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => strings(e));
  return [];
}

/** The catalogs awaited together with an `import()`, read from what encloses it. */
function awaitedAreas(call: ts.Node): string[] {
  const areas: string[] = [];
  for (let node = call.parent; !ts.isSourceFile(node); node = node.parent) {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "withCatalogs"
    ) {
      areas.push(...strings(node.arguments[0]));
    }
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          ts.isIdentifier(property.name) &&
          (property.name.text === "area" || property.name.text === "catalogs")
        ) {
          areas.push(...strings(property.initializer));
        }
      }
    }
  }
  return areas;
}

/** Every module of src/ (paths relative to `root`), with what it imports. */
export function readImportGraph(root: string): Map<string, ModuleInfo> {
  const graph = new Map<string, ModuleInfo>();
  for (const full of sourceFiles(path.join(root, "src"))) {
    const file = path.relative(root, full);
    const text = readFileSync(full, "utf8");
    const source = ts.createSourceFile(full, text, ts.ScriptTarget.Latest, true);
    const info: ModuleInfo = { file, imports: [], lazy: [] };
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        !isTypeOnly(node)
      ) {
        const target = resolve(root, full, node.moduleSpecifier.text);
        if (target !== undefined) info.imports.push(target);
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const target = resolve(root, full, node.arguments[0].text);
        if (target !== undefined) info.lazy.push({ target, areas: awaitedAreas(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file, info);
  }
  return graph;
}

/** A module and everything it imports statically, directly or not: one load of code. */
export function staticClosure(graph: Map<string, ModuleInfo>, start: string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file)?.imports ?? []));
  }
  return [...seen];
}

/**
 * Every load of code the app can make, from the entry on: its first module, the catalog areas
 * loaded when it runs (those of the load that asked for it, plus those awaited with it), and
 * the modules it brings. An `import()` reached from two loads is a load of each.
 */
export interface Load {
  start: string;
  areas: string[];
  modules: string[];
  /** The chain of `import()`s from the entry, for messages. */
  via: string[];
}

export function loadsFrom(
  graph: Map<string, ModuleInfo>,
  entry: string,
  entryAreas: string[],
): Load[] {
  const loads: Load[] = [];
  const done = new Set<string>();
  const queue: Load[] = [{ start: entry, areas: entryAreas, modules: [], via: [entry] }];
  while (queue.length > 0) {
    const load = queue.shift();
    if (!load) break;
    const key = `${load.start}|${[...load.areas].sort().join(",")}`;
    if (done.has(key)) continue;
    done.add(key);
    load.modules = staticClosure(graph, load.start);
    loads.push(load);
    for (const file of load.modules) {
      for (const lazy of graph.get(file)?.lazy ?? []) {
        queue.push({
          start: lazy.target,
          areas: [...new Set([...load.areas, ...lazy.areas])],
          modules: [],
          via: [...load.via, `${file} → import(${lazy.target})`],
        });
      }
    }
  }
  return loads;
}

/**
 * A person's variables as vars/get lists them, and the changes the variables page makes to
 * that list while a save is on its way (optimistic updates) or after it failed (rollback).
 * Pure, so the page's cache updates are tested without React.
 */
export interface VariableEntry {
  name: string;
  value: string;
}

export type VariableChange =
  { kind: "set"; name: string; value: string } | { kind: "del"; name: string };

/** The list with the change made: a new name is added in name order, like vars/get's. */
export function applyVariableChange<Item extends VariableEntry>(
  items: readonly Item[],
  change: VariableChange,
): Item[] {
  if (change.kind === "del") return items.filter((item) => item.name !== change.name);
  const index = items.findIndex((item) => item.name === change.name);
  if (index === -1) {
    return insertByName(items, { name: change.name, value: change.value } as Item);
  }
  return items.map((item, at) => (at === index ? { ...item, value: change.value } : item));
}

/**
 * Undoes one change after it failed: the variable goes back to what it was before (or away,
 * if it did not exist), and nothing else in the list is touched, so another save that
 * succeeded meanwhile is kept.
 */
export function restoreVariable<Item extends VariableEntry>(
  items: readonly Item[],
  name: string,
  previous: Item | undefined,
): Item[] {
  const without = items.filter((item) => item.name !== name);
  return previous === undefined ? without : insertByName(without, previous);
}

function insertByName<Item extends VariableEntry>(items: readonly Item[], item: Item): Item[] {
  const index = items.findIndex((other) => compareNames(other.name, item.name) > 0);
  return index === -1 ? [...items, item] : [...items.slice(0, index), item, ...items.slice(index)];
}

/** Byte order, as SQLite's default collation orders vars/get (Latin names, `_`, digits). */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Which field of the form a refused save is about, so the message is shown there. */
export type VariableField = "name" | "value";

interface ErrorLike {
  kind: string;
  code?: number | undefined;
  path?: string | undefined;
  message: string;
}

/** Error code 11: the variable name must consist of Latin letters and digits. */
const BAD_VARIABLE_NAME = 11;
const INVALID_VALUE = 12;

/**
 * The field a failure belongs to: the service's error 11 is always the name; error 12 and a
 * request our own client refused name their field (`value: …`, `name: …`, or by path);
 * anything else (the person is gone, the network) belongs to the whole form.
 */
export function variableErrorField(error: ErrorLike): VariableField | undefined {
  if (error.code === BAD_VARIABLE_NAME) return "name";
  if (error.kind === "request") return fieldOf(error.path ?? "");
  if (error.code === INVALID_VALUE) {
    const named = /^(name|value)\b/.exec(error.message.trim());
    return named ? fieldOf(named[1] ?? "") : undefined;
  }
  return undefined;
}

function fieldOf(path: string): VariableField | undefined {
  if (path === "name" || path === "value") return path;
  return undefined;
}

/** The service's rules (api-facts.md): Latin letters, digits and `_`; our limits 64 and 4096. */
export const NAME_MAX = 64;
export const VALUE_MAX = 4096;
const NOT_NAME_CHARACTER = /[^A-Za-z0-9_]/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

const numbers = new Intl.NumberFormat("en");

/**
 * What is wrong with a variable name, in words a person can act on, before anything is sent;
 * undefined when the service would take it.
 */
export function variableNameProblem(name: string): string | undefined {
  if (name === "") return "Enter a name.";
  if (name.length > NAME_MAX) {
    return `At most ${String(NAME_MAX)} characters; this name has ${numbers.format(name.length)}.`;
  }
  const bad = [...new Set(name.match(NOT_NAME_CHARACTER) ?? [])];
  if (bad.length === 0) return undefined;
  if (bad.some((character) => CYRILLIC.test(character))) {
    return `Use Latin letters only: ${quoteAll(bad.filter((character) => CYRILLIC.test(character)))} ${
      bad.filter((character) => CYRILLIC.test(character)).length === 1 ? "is" : "are"
    } Cyrillic. A name may have Latin letters, digits and _.`;
  }
  if (bad.some((character) => /\s/u.test(character))) {
    return "No spaces: a name may have Latin letters, digits and _ (use _ between words).";
  }
  return `A name may have Latin letters, digits and _ only, not ${quoteAll(bad)}.`;
}

/** What is wrong with a value before it is sent; undefined when it fits. */
export function variableValueProblem(value: string): string | undefined {
  if (value.length > VALUE_MAX) {
    return `At most ${numbers.format(VALUE_MAX)} characters; this value has ${numbers.format(value.length)}.`;
  }
  return undefined;
}

function quoteAll(characters: readonly string[]): string {
  const shown = characters.slice(0, 5).map((character) => `“${character}”`);
  const more = characters.length - shown.length;
  return shown.join(", ") + (more > 0 ? ` and ${String(more)} more` : "");
}

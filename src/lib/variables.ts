import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatNumber } from "./format";
import { quoted } from "./quote";

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

/**
 * What is wrong with a variable name, in words a person can act on (in the language of
 * `i18n`), before anything is sent; undefined when the service would take it.
 */
export function variableNameProblem(name: string, i18n: I18n): string | undefined {
  if (name === "") return i18n._(msg`Enter a name.`);
  if (name.length > NAME_MAX) {
    const length = formatNumber(name.length, i18n.locale);
    return i18n._(
      msg`${plural(NAME_MAX, {
        one: "At most # character",
        other: "At most # characters",
      })}; this name has ${length}.`,
    );
  }
  const bad = [...new Set(name.match(NOT_NAME_CHARACTER) ?? [])];
  if (bad.length === 0) return undefined;
  const cyrillic = bad.filter((character) => CYRILLIC.test(character));
  if (cyrillic.length > 0) {
    const letters = quoteAll(cyrillic, i18n);
    return i18n._(
      msg`Use Latin letters only: ${plural(
        { count: cyrillic.length },
        {
          one: `${letters} is Cyrillic`,
          other: `${letters} are Cyrillic`,
        },
      )}. A name may have Latin letters, digits and _.`,
    );
  }
  if (bad.some((character) => /\s/u.test(character))) {
    return i18n._(
      msg`No spaces: a name may have Latin letters, digits and _ (use _ between words).`,
    );
  }
  const characters = quoteAll(bad, i18n);
  return i18n._(msg`A name may have Latin letters, digits and _ only, not ${characters}.`);
}

/** What is wrong with a value before it is sent; undefined when it fits. */
export function variableValueProblem(value: string, i18n: I18n): string | undefined {
  if (value.length > VALUE_MAX) {
    const limit = formatNumber(VALUE_MAX, i18n.locale);
    const length = formatNumber(value.length, i18n.locale);
    return i18n._(msg`At most ${limit} characters; this value has ${length}.`);
  }
  return undefined;
}

function quoteAll(characters: readonly string[], i18n: I18n): string {
  const list = characters
    .slice(0, 5)
    .map((character) => quoted(character, i18n))
    .join(", ");
  const more = characters.length - Math.min(characters.length, 5);
  return more > 0 ? i18n._(msg`${list} and ${more} more`) : list;
}

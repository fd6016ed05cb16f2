/**
 * The header's person search as pure decisions: what to ask the directory for, what a key
 * does in the combobox, and whether `/` may take the focus. The component only wires them.
 */

/** The gateway reads only the first 1000 characters (and 8 words) of a query. */
export const SEARCH_QUERY_MAX = 1000;
/** Typing pauses this long before a query is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The query to send for what was typed, or "" for nothing to search: spaces are collapsed
 * and trimmed, so "  иван   петров " and "иван петров" are one query (one cache entry).
 */
export function searchQueryOf(text: string): string {
  return text.replace(/\s+/gu, " ").trim().slice(0, SEARCH_QUERY_MAX);
}

export type ComboboxAction =
  /** Highlight option `index` (and open the list if it was closed). */
  | { type: "move"; index: number }
  /** Open what option `index` stands for. */
  | { type: "choose"; index: number }
  /** Close the list, keeping the text. */
  | { type: "close" }
  /** The list was closed already: clear the text. */
  | { type: "clear" }
  /** Not the combobox's key: let the input have it. */
  | { type: "none" };

/**
 * What a key does in a combobox of `count` options with option `active` highlighted (-1:
 * none), per the ARIA combobox pattern: arrows move and wrap, Enter chooses the highlighted
 * option (or the first, so typing a name and pressing Enter opens the best match), Escape
 * closes the list and, pressed again, clears the field.
 */
export function comboboxKey(
  key: string,
  state: { active: number; count: number; open: boolean },
): ComboboxAction {
  const { active, count, open } = state;
  switch (key) {
    case "ArrowDown":
      if (count === 0) return { type: "none" };
      if (!open) return { type: "move", index: 0 };
      return { type: "move", index: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case "ArrowUp":
      if (count === 0) return { type: "none" };
      if (!open) return { type: "move", index: count - 1 };
      return { type: "move", index: active <= 0 || active >= count ? count - 1 : active - 1 };
    case "Enter":
      if (!open || count === 0) return { type: "none" };
      return { type: "choose", index: active >= 0 && active < count ? active : 0 };
    case "Escape":
      return open ? { type: "close" } : { type: "clear" };
    default:
      return { type: "none" };
  }
}

interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const TEXT_INPUT_TYPES = new Set([
  "text",
  "search",
  "email",
  "number",
  "password",
  "tel",
  "url",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/**
 * Whether `/` should focus the search: not while the person types into a field (a variable's
 * value may well contain "/"), and not with a modifier (a browser's or screen reader's own
 * shortcut).
 */
export function slashFocusesSearch(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: KeyTarget | null;
}): boolean {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.defaultPrevented) return false;
  const target = event.target;
  if (!target) return true;
  if (target.isContentEditable) return false;
  const tag = (target.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return false;
  if (tag === "INPUT") return !TEXT_INPUT_TYPES.has((target.type ?? "text").toLowerCase());
  return true;
}

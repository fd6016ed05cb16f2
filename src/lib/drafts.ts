/**
 * Drafts of the forms that add or set something, kept in the tab's sessionStorage while the
 * person moves to another page (say, while the connection is lost: the banner promises that
 * what was typed stays) and restored when they come back; removed once the form is saved or
 * emptied. Only strings are kept, and a stored value that is not one is ignored, never shown.
 */

/** The parts of sessionStorage a draft uses (a test passes a Map-backed one). */
export interface DraftStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

const PREFIX = "channel-desk.draft";

/** `channel-desk.draft:<group>:<form>[:<more>]`: one draft per channel, form and subject. */
export function draftKey(groupId: number, form: string, ...more: (string | number)[]): string {
  return [PREFIX, String(groupId), form, ...more.map(String)].join(":");
}

/** The draft's fields, or `undefined` when there is none (or it cannot be read). */
export function readDraft<K extends string>(
  storage: DraftStorage | undefined,
  key: string,
  fields: readonly K[],
): Record<K, string> | undefined {
  let text: string | null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const draft = {} as Record<K, string>;
  for (const field of fields) {
    const value: unknown = (parsed as Record<string, unknown>)[field];
    draft[field] = typeof value === "string" ? value : "";
  }
  return fields.some((field) => draft[field] !== "") ? draft : undefined;
}

/** Keeps the fields, or removes the draft when every field is empty. */
export function writeDraft(
  storage: DraftStorage | undefined,
  key: string,
  values: Readonly<Record<string, string>>,
): void {
  try {
    if (Object.values(values).every((value) => value === "")) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or refused (a private window): the draft lives only in the form.
  }
}

/** The tab's sessionStorage, if the browser lets the page use it. */
export function sessionDrafts(): DraftStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

import { useEffect, useState } from "react";
import { readDraft, sessionDrafts, writeDraft } from "@/lib/drafts";

/**
 * What a form held when its page was last left in this tab (a reload, another page, the
 * sign-in page), read once when the form first renders; `undefined` when there is none.
 */
export function useInitialDraft<K extends string>(
  key: string,
  fields: readonly K[],
): Record<K, string> | undefined {
  const [initial] = useState(() => readDraft(sessionDrafts(), key, fields));
  return initial;
}

/**
 * Keeps the form's fields as the draft while they change, and removes it once they are all
 * empty (the form was saved and emptied, or the person cleared it).
 */
export function useKeepDraft(key: string, values: Readonly<Record<string, string>>): void {
  // The values as one string: a new object each render is no change.
  const text = JSON.stringify(values);
  useEffect(() => {
    writeDraft(sessionDrafts(), key, JSON.parse(text) as Record<string, string>);
  }, [key, text]);
}

/** Removes the draft (what it held was saved); the form keeps showing it until it changes. */
export function dropDraft(key: string): void {
  writeDraft(sessionDrafts(), key, {});
}

/**
 * Empties a bulk form once a run started from it did everything, unless it was edited since.
 * `saved` is the number of the run that last did everything (undefined: none yet); call the
 * returned `markSent` as a run starts.
 */
export function useEmptiedWhenDone<T extends object>(
  saved: number | undefined,
  getValues: () => T,
  reset: (values: T) => void,
  defaultValues: T,
): () => void {
  // What the last run was started with, and the run that had last done everything then.
  const [sent, setSent] = useState<{ values: T; after: number | undefined }>();
  useEffect(() => {
    if (saved === undefined || !sent || saved === sent.after) return;
    if (sameValues(sent.values, getValues())) reset(defaultValues);
  }, [saved, sent, getValues, reset, defaultValues]);
  return () => {
    setSent({ values: getValues(), after: saved });
  };
}

/** Whether two of a form's values are the same, field by field. */
function sameValues<T extends object>(a: T, b: T): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return Object.keys({ ...left, ...right }).every((key) => left[key] === right[key]);
}

/**
 * Which columns of a table a person chose to see, kept per browser (localStorage). What comes
 * back from storage may be old, hand-edited or from another version of the app: only known
 * columns with true/false survive, everything else takes the default (visible).
 */
export type ColumnVisibility = Record<string, boolean>;

export function parseColumnVisibility(
  raw: string | null,
  columnIds: readonly string[],
): ColumnVisibility {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const visibility: ColumnVisibility = {};
  for (const id of columnIds) {
    const shown: unknown = (value as Record<string, unknown>)[id];
    if (typeof shown === "boolean" && Object.hasOwn(value, id)) visibility[id] = shown;
  }
  return visibility;
}

/** Only the hidden columns are stored, so a column added later starts visible. */
export function serializeColumnVisibility(visibility: ColumnVisibility): string {
  const hidden: ColumnVisibility = Object.fromEntries(
    Object.entries(visibility).filter(([, shown]) => !shown),
  );
  return JSON.stringify(hidden);
}

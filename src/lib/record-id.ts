/**
 * A subscriber's record id from the panel's URL (`/c/:groupId/subscribers/:recordId`):
 * digits only, no leading zero, a safe integer; anything else is `undefined` and the page
 * says there is no such subscriber instead of asking the API.
 */
export function parseRecordId(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * subscribers/get has no id filter, but its `offset_id` cursor is exclusive (records with a
 * larger id follow it): asking for one record after `id - 1` gives the record `id` when it
 * exists, and otherwise the next one, which the caller must tell apart.
 */
export function recordLookup(recordId: number): { count: 1; offset_id: string } {
  return { count: 1, offset_id: String(recordId - 1) };
}

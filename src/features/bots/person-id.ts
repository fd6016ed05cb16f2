import { id } from "@/contract/common";

/**
 * A user id as typed or as it comes in the URL: digits only (spaces around are dropped), a
 * positive whole number the contract takes. Anything else is undefined, never a guess.
 */
export function readUserId(text: string | null | undefined): number | undefined {
  const trimmed = (text ?? "").trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && id.safeParse(value).success ? value : undefined;
}

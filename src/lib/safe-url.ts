import { parseLocalPhotoPath } from "./local-photo";

const MAX_LENGTH = 2048;

/**
 * The URL if it may be shown as an image: absolute `https:` without credentials, or the path
 * of a picture the local Channel API draws for its demo (`/local-photos/…`, same-origin).
 * `javascript:`, `data:`, `http:` (mixed content), other relative and protocol-relative
 * addresses come back `undefined`, and the page shows a placeholder instead.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) {
    return undefined;
  }
  if (parseLocalPhotoPath(value)) return value;
  let url: URL;
  try {
    // No base: a relative or protocol-relative value does not parse, and is refused.
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return undefined;
  return url.href;
}

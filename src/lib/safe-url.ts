const MAX_LENGTH = 2048;

/**
 * The URL if it may be shown as an image: absolute `https:` only, without credentials.
 * `javascript:`, `data:`, `http:` (mixed content), relative and protocol-relative addresses
 * come back `undefined`, and the page shows a placeholder instead.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) {
    return undefined;
  }
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

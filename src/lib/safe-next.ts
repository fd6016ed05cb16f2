/** Where the sign-in page lives; `next` never points back at it, or signing in would loop. */
export const SIGN_IN_PATH = "/sign-in";

const MAX_LENGTH = 2048;
// Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//evil…".
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const BASE = "https://channel-desk.invalid";

/**
 * The page to return to after signing in, taken from `?next=`: only a path of this site
 * (a single leading `/`, no `//`, no backslash, no scheme, no control characters); anything
 * else is `/`. An attacker's link can so never send a person who just signed in elsewhere.
 */
export function safeNext(value: string | null | undefined): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  if (CONTROL_OR_BACKSLASH.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const path = url.pathname + url.search + url.hash;
  // A dot segment can turn "/./" into "//"; and the sign-in page itself is no destination.
  // The router matches paths in any case and with a trailing slash, so "/SIGN-IN/" is it too.
  const page = url.pathname.replace(/\/+$/, "").toLowerCase();
  if (path.startsWith("//") || page === SIGN_IN_PATH) return "/";
  return path;
}

/** The sign-in page, remembering where to come back to (nothing to remember for `/`). */
export function signInPath(next: string): string {
  const target = safeNext(next);
  return target === "/" ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(target)}`;
}

// Addresses (http://host/assets/page-1a2b.js) and file paths (/assets/page-1a2b.css) say
// nothing to a person and tell the layout of the site to anyone who reads over a shoulder.
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]*[^\s"'<>).,:;!?]/gi;
const FILE_PATH = /(^|[\s("'])\/[^\s"'<>)]*\.(?:m?js|css|map|tsx?)\b/gi;
const MAX_LENGTH = 300;

/**
 * The technical words of an unexpected error, for the collapsed "details" a person can read
 * out to support: its name and message, without addresses or file paths, never its stack.
 */
export function errorDetail(error: unknown): string {
  const raw =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === "string"
        ? error
        : "A value that is not an error was thrown.";
  const clean = raw.replace(ADDRESS, "[address]").replace(FILE_PATH, "$1[file]").trim();
  return clean.length > MAX_LENGTH ? `${clean.slice(0, MAX_LENGTH - 1)}…` : clean;
}

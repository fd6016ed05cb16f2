const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether a character is a letter or a digit: one with a case (Latin, Cyrillic, Greek…) without
 * asking Unicode's classes, whose first use costs milliseconds (3–5 ms of the subscribers list's
 * first render in Chromium at CPU ×1, for its people without a photo); any other asks them.
 * Unicode's classes would disagree on a few characters with a case (the circled letters Ⓐ–ⓩ,
 * which they call symbols, and the combining iota U+0345): here they are letters too.
 */
export const isLetterOrDigit = (char: string) =>
  char.toLowerCase() !== char.toUpperCase() || LETTER_OR_DIGIT.test(char);

/** Up to two initials for a placeholder picture: "Coffee Club" → "CC"; nothing usable → "?". */
export function initials(name: string): string {
  const letters: string[] = [];
  for (const word of name.split(/\s+/)) {
    const first = Array.from(word).find(isLetterOrDigit);
    if (first) letters.push(first.toLocaleUpperCase());
    if (letters.length === 2) break;
  }
  return letters.length > 0 ? letters.join("") : "?";
}

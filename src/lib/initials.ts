const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether a character is a letter or a digit: one with a case (Latin, Cyrillic, Greek…) without
 * asking Unicode's classes, whose first use compiles them (0.6 ms alone in Chromium at CPU ×1,
 * four times that on a phone, during the subscribers list's first render when someone in it has
 * no photo); any other character asks them.
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

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Up to two initials for a placeholder picture: "Coffee Club" → "CC"; nothing usable → "?". */
export function initials(name: string): string {
  const letters: string[] = [];
  for (const word of name.split(/\s+/)) {
    const first = Array.from(word).find((char) => LETTER_OR_DIGIT.test(char));
    if (first) letters.push(first.toLocaleUpperCase());
    if (letters.length === 2) break;
  }
  return letters.length > 0 ? letters.join("") : "?";
}

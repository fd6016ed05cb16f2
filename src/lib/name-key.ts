/**
 * Search keys of people's names, so that a name is found however it is typed: any case, ё or е,
 * with or without accents, and in Cyrillic or in any common Latin spelling of a Russian name
 * ("Ivan Petrov" finds "Иван Петров", "Alexey", "Aleksei" and "Алексей" are one key).
 *
 * Every word becomes a Latin *skeleton*: Cyrillic is transliterated, then the spellings that
 * transliteration schemes disagree on are folded together (x/ks, kh/h, y/i/j, yo/e after a
 * consonant, ie/e, c/k, doubled letters). Names are indexed by their skeletons and queries are
 * turned into skeletons the same way, so both scripts meet in the middle. Letters of other
 * scripts (Greek, Arabic, CJK…) are kept as they are, lower-cased and without accents.
 */

const CYRILLIC: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Ukrainian and Belarusian letters that turn up in Russian-speaking audiences.
  і: "i",
  ї: "i",
  є: "e",
  ґ: "g",
  ў: "u",
};

/** A word: letters and digits of any script (an apostrophe or hyphen splits words). */
const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const HAS_CYRILLIC = /[\u0400-\u04ff]/;
const VOWELS = "aeiou";

/** Lower case, ё → е, й kept, every other accent dropped (é → e, ü → u, ś → s). */
export function foldName(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/ё/g, "е")
      // й and ї are letters of their own: keep them through the accent stripping.
      .replace(/й/g, "\ue000")
      .replace(/ї/g, "\ue001")
      .normalize("NFKD")
      .replace(COMBINING_MARKS, "")
      .replace(/\ue000/g, "й")
      .replace(/\ue001/g, "ї")
      .normalize("NFC")
  );
}

function transliterate(word: string): string {
  if (!HAS_CYRILLIC.test(word)) return word;
  let out = "";
  for (const char of word) out += CYRILLIC[char] ?? char;
  return out;
}

/** h → kh where it is not the second letter of a digraph (ch, sh, zh, th, kh, gh…). */
function hardenH(word: string): string {
  let out = "";
  for (let index = 0; index < word.length; index++) {
    const char = word[index] ?? "";
    const before = index === 0 ? "" : (word[index - 1] ?? "");
    out += char === "h" && (before === "" || VOWELS.includes(before)) ? "kh" : char;
  }
  return out;
}

/** Latin spelling variants folded into one. Order matters: each rule sees the ones before. */
function foldLatin(word: string): string {
  let key = word
    .replace(/x/g, "ks")
    .replace(/w/g, "v")
    .replace(/q/g, "k")
    .replace(/ph/g, "f")
    .replace(/tch/g, "ch")
    .replace(/ck/g, "k")
    .replace(/c(?!h)/g, "k")
    .replace(/j/g, "y")
    .replace(/y/g, "i");
  key = hardenH(key);
  // ё written yo/io after a consonant (Fyodor, Artyom, Alyona, Solovyov) is е.
  key = key.replace(/([^aeiou])io/g, "$1e");
  key = key.replace(/(.)\1+/g, "$1");
  // ье/ye/ie (Vasiliev, Vasilyev, Yevgeny) is е; a doubled i (Dmitrii) was made one above.
  key = key.replace(/ie/g, "e");
  return key;
}

/** Skeletons already made: names repeat a lot, and a sync makes a million of them. */
const skeletons = new Map<string, string>();
const SKELETONS_KEPT = 50_000;

/** The skeleton of one word (already folded by `foldName`). */
export function skeletonOf(word: string): string {
  let key = skeletons.get(word);
  if (key === undefined) {
    key = foldLatin(transliterate(word));
    if (skeletons.size >= SKELETONS_KEPT) skeletons.clear();
    skeletons.set(word, key);
  }
  return key;
}

/** The words of a text, folded: what the skeletons are made from. */
export function nameWords(text: string): string[] {
  return foldName(text).match(WORD) ?? [];
}

/**
 * The search keys of a name: the skeleton of every word, and for names written with an
 * apostrophe or a hyphen (O'Brien, Анна-Мария) the skeleton of the parts written together too,
 * so "obrien" finds them as well as "o brien".
 */
export function nameKeys(...parts: string[]): string[] {
  const keys = new Set<string>();
  for (const part of parts) {
    for (const written of foldName(part).split(/\s+/)) {
      const words = written.match(WORD) ?? [];
      for (const word of words) keys.add(skeletonOf(word));
      if (words.length > 1) keys.add(skeletonOf(words.join("")));
    }
  }
  keys.delete("");
  return [...keys];
}

/** At most this many words of a query are used (a pasted paragraph is not a name). */
export const QUERY_WORDS_MAX = 8;
/** Longer words are cut: no name has a word this long, and the index needs no more. */
export const QUERY_WORD_MAX = 40;

/** The skeletons of a query's words, in order, duplicates dropped, at most QUERY_WORDS_MAX. */
export function queryKeys(query: string): string[] {
  const keys: string[] = [];
  for (const word of nameWords(query.slice(0, 1000))) {
    const key = skeletonOf(word.slice(0, QUERY_WORD_MAX));
    if (key !== "" && !keys.includes(key)) keys.push(key);
    if (keys.length === QUERY_WORDS_MAX) break;
  }
  return keys;
}

/**
 * A key to sort people by name as the list shows it (first name, then family name), folded so
 * that case, ё/е and accents do not scatter the same name. Compared byte by byte (SQLite's
 * BINARY collation, UTF-8 order = code point order), it orders as the English (CLDR root)
 * collation does at the primary level: spaces and digits, then Latin, Greek, Cyrillic… and the
 * alphabet within each script (ё is е; й keeps its own place after и).
 */
export function nameSortKey(firstName: string, lastName: string): string {
  const parts = [firstName.trim(), lastName.trim()].filter((part) => part !== "");
  return foldName(parts.join(" "));
}

const CYRILLIC_FIRST = 0x0400;
const CYRILLIC_LAST = 0x052f;
/** Below 'A': spaces, punctuation and digits keep their place before every letter. */
const BEFORE_LETTERS = 0x41;
/** Supplementary private use plane: every other letter moves here, after Cyrillic. */
const AFTER_CYRILLIC = 0xf0000;

/**
 * The same key in the Russian collation's order (CLDR `ru` reorders Cyrillic first): Cyrillic
 * names before Latin ones, as a Russian reader expects. Other letters keep their order among
 * themselves, moved past Cyrillic.
 */
export function nameSortKeyRu(firstName: string, lastName: string): string {
  let key = "";
  for (const char of nameSortKey(firstName, lastName)) {
    const code = char.codePointAt(0) ?? 0;
    const cyrillic = code >= CYRILLIC_FIRST && code <= CYRILLIC_LAST;
    key +=
      cyrillic || code < BEFORE_LETTERS
        ? char
        : String.fromCodePoint(AFTER_CYRILLIC + Math.min(code, 0xfffd));
  }
  return key;
}

/** The sort key of a name for a collation the directory keeps. */
export function nameSortKeyFor(locale: "en" | "ru", firstName: string, lastName: string): string {
  return locale === "ru" ? nameSortKeyRu(firstName, lastName) : nameSortKey(firstName, lastName);
}

import type Database from "better-sqlite3";

/**
 * Queries a support person types, made from real people of the Telegram demo channel: names as
 * written, in the other script, in any order and case, prefixes, ids and links, typos, ё/е.
 */
export interface BenchQuery {
  kind: string;
  q: string;
}

/** A simple transliteration, as people type their names in the other script. */
const TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
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
};
const TO_CYRILLIC: [string, string][] = [
  ["shch", "щ"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["ch", "ч"],
  ["sh", "ш"],
  ["yu", "ю"],
  ["ya", "я"],
  ["yo", "ё"],
  ["a", "а"],
  ["b", "б"],
  ["v", "в"],
  ["g", "г"],
  ["d", "д"],
  ["e", "е"],
  ["z", "з"],
  ["i", "и"],
  ["y", "й"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["f", "ф"],
  ["x", "кс"],
  ["c", "к"],
  ["h", "х"],
  ["j", "дж"],
  ["w", "в"],
  ["q", "к"],
];

function latin(text: string): string {
  // Names here are letters of the two scripts: code points are characters enough.
  return Array.from(text.toLowerCase(), (char) => TO_LATIN[char] ?? char).join("");
}

function cyrillic(text: string): string {
  let rest = text.toLowerCase();
  let out = "";
  while (rest.length > 0) {
    const rule = TO_CYRILLIC.find(([from]) => rest.startsWith(from));
    out += rule ? rule[1] : rest.charAt(0);
    rest = rest.slice(rule ? rule[0].length : 1);
  }
  return out;
}

/** Deterministic: the same queries on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Person {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
}

export function searchQueries(db: Database.Database, count: number): BenchQuery[] {
  const rand = random(16);
  const [low, high] = db
    .prepare("SELECT min(id), max(id) FROM subscribers WHERE channel_id = 1001")
    .raw()
    .get() as [number, number];
  const pick = db.prepare(
    `SELECT id, user_id, first_name, last_name FROM subscribers
      WHERE channel_id = 1001 AND id >= ? ORDER BY id LIMIT 1`,
  );
  const someone = () => pick.get(low + Math.floor(rand() * (high - low))) as Person;
  const isCyrillic = (text: string) => /[а-яё]/i.test(text);
  const other = (text: string) => (isCyrillic(text) ? latin(text) : cyrillic(text));
  const full = (p: Person) => `${p.first_name} ${p.last_name}`.trim();
  const kinds: [string, number, (p: Person) => string][] = [
    ["name as written", 0.2, full],
    ["family name, first", 0.1, (p) => `${p.last_name} ${p.first_name}`.trim().toLowerCase()],
    ["other script", 0.15, (p) => other(full(p))],
    [
      "prefixes (пет ив)",
      0.15,
      (p) => `${p.last_name.slice(0, 3)} ${p.first_name.slice(0, 2)}`.trim(),
    ],
    [
      "one short prefix",
      0.1,
      (p) => (p.last_name || p.first_name).slice(0, 1 + Math.floor(rand() * 3)),
    ],
    [
      "user id, record id, link",
      0.1,
      (p) => {
        const which = rand();
        return which < 0.4
          ? String(p.user_id)
          : which < 0.7
            ? String(p.id)
            : `tg://user?id=${String(p.user_id)}`;
      },
    ],
    [
      "typo",
      0.1,
      (p) => {
        const name = full(p);
        const at = 1 + Math.floor(rand() * Math.max(1, name.length - 2));
        return name.slice(0, at) + (isCyrillic(name) ? "ы" : "q") + name.slice(at + 1);
      },
    ],
    ["ё/е, upper case", 0.1, (p) => full(p).replace(/е/g, "ё").toUpperCase()],
  ];
  const queries: BenchQuery[] = [];
  for (const [kind, share, make] of kinds) {
    const n = Math.round(share * count);
    for (let i = 0; i < n; i++) queries.push({ kind, q: make(someone()) });
  }
  // Shuffled, so no kind runs on a cache warmed by the one before.
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const [a, b] = [queries[i], queries[j]];
    if (a && b) [queries[i], queries[j]] = [b, a];
  }
  return queries.slice(0, count);
}

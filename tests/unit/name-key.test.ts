import { describe, expect, it } from "vitest";
import {
  foldName,
  nameKeys,
  nameSortKey,
  nameSortKeyFor,
  nameSortKeyRu,
  queryKeys,
  skeletonOf,
} from "../../src/lib/name-key";

const key = (word: string) => skeletonOf(foldName(word));

/** [Cyrillic, the Latin spellings people use] — from the demo names and the usual variants. */
const SAME_NAME: readonly (readonly string[])[] = [
  ["Иван", "Ivan"],
  ["Пётр", "Петр", "Pyotr", "Petr"],
  ["Петров", "Petrov"],
  ["Петрова", "Petrova"],
  ["Станислав", "Stanislav"],
  ["Александр", "Aleksandr", "Alexandr"],
  ["Алексей", "Alexey", "Aleksey", "Aleksei", "Alexei"],
  ["Дмитрий", "Dmitry", "Dmitriy", "Dmitrii"],
  ["Евгений", "Evgeny", "Yevgeny", "Evgeniy"],
  ["Юлия", "Yulia", "Julia", "Yuliya", "Iuliia"],
  ["Наталья", "Natalia", "Natalya", "Nataliya"],
  ["Михаил", "Mikhail", "Mihail"],
  ["Артём", "Артем", "Artem", "Artyom"],
  ["Фёдор", "Fedor", "Fyodor"],
  ["Алёна", "Alena", "Alyona"],
  ["Ксения", "Ksenia", "Kseniya"],
  ["Виктория", "Viktoria", "Victoria"],
  ["Софья", "Sofya", "Sofia", "Sophia"],
  ["Татьяна", "Tatiana", "Tatyana"],
  ["Екатерина", "Ekaterina", "Yekaterina"],
  ["Илья", "Ilya", "Ilia"],
  ["Максим", "Maksim", "Maxim"],
  ["Григорий", "Grigory", "Grigoriy"],
  ["Васильев", "Vasiliev", "Vasilyev"],
  ["Соловьёв", "Solovyov", "Soloviev"],
  ["Воробьёв", "Vorobyov"],
  ["Ковалёв", "Kovalev", "Kovalyov"],
  ["Зайцев", "Zaitsev", "Zaytsev"],
  ["Хабибуллин", "Khabibullin", "Habibullin"],
  ["Чайковский", "Chaikovsky", "Tchaikovsky"],
  ["Высоцкий", "Vysotsky"],
  ["Толстой", "Tolstoy"],
  ["Кудрявцев", "Kudryavtsev"],
  ["Захаров", "Zakharov", "Zaharov"],
  ["Семёнов", "Semenov", "Semyonov"],
  ["Айгуль", "Aigul"],
  ["Шевченко", "Shevchenko"],
  ["Жуков", "Zhukov"],
];

describe("name skeletons", () => {
  it.each(SAME_NAME)("%s: every spelling has one key", (...spellings) => {
    const keys = new Set(spellings.map(key));
    expect([...keys]).toHaveLength(1);
  });

  it("keeps different names apart", () => {
    const names = ["Иван", "Иванов", "Петров", "Петрова", "Пётр", "Павел", "Анна", "Алина"];
    expect(new Set(names.map(key)).size).toBe(names.length);
  });

  it("folds case, ё/е and accents, keeps й", () => {
    expect(foldName("ПЁТР")).toBe("петр");
    expect(foldName("Chloé García Müller")).toBe("chloe garcia muller");
    expect(foldName("Андрей")).toBe("андрей");
  });

  it("indexes names written with an apostrophe or hyphen both apart and together", () => {
    expect(nameKeys("Michael", "O'Brien")).toEqual(
      expect.arrayContaining([key("o"), key("brien"), key("obrien")]),
    );
    expect(nameKeys("Анна-Мария", "")).toEqual(
      expect.arrayContaining([key("анна"), key("мария"), key("аннамария")]),
    );
  });

  it("keeps letters of other scripts and drops what is not a letter or digit", () => {
    expect(nameKeys("李", "小龙 🐉")).toEqual(["李", "小龙"]);
    expect(queryKeys("🙂 \"' * OR NEAR( ^")).toEqual(["or", "near"]);
  });

  it("reads at most 8 words of a query, each at most 40 letters, without repeats", () => {
    expect(queryKeys("a b c d e f g h i j")).toHaveLength(8);
    expect(queryKeys("ivan Иван IVAN")).toEqual(["ivan"]);
    expect(queryKeys("x".repeat(10_000))[0]?.length).toBeLessThanOrEqual(80);
  });

  it("sorts by the name as shown, first name then family name, folded", () => {
    expect(nameSortKey("Пётр", "Ёлкин")).toBe("петр елкин");
    expect(nameSortKey("Madonna", "")).toBe("madonna");
    expect(nameSortKey("", "Ёлкин")).toBe("елкин");
  });

  // Names as the list shows them (first, family), in no order; no two equal at the base level.
  const PEOPLE: [string, string][] = [
    ["Zoe", "Adams"],
    ["Яна", "Белова"],
    ["Ivan", "Petrov"],
    ["Иван", "Петров"],
    ["Иван", "Абрамов"],
    ["Éric", "Dupont"],
    ["Ёлка", "Ивановна"],
    ["Евгений", "Жуков"],
    ["Йоко", "Оно"],
    ["Игорь", "Ким"],
    ["anna", "Schmidt"],
    ["Anton", ""],
    ["Σοφία", "Παππά"],
    ["Олег", "9-й"],
    ["", "Юдин"],
  ];
  const shown = ([first, last]: [string, string]) => [first, last].filter(Boolean).join(" ");
  const sortedBy = (key: (first: string, last: string) => string) =>
    [...PEOPLE]
      .map((person) => ({ name: shown(person), key: key(...person) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((row) => row.name);
  const collated = (locale: string) =>
    PEOPLE.map(shown).sort(new Intl.Collator(locale, { sensitivity: "base" }).compare);

  it("orders Russian names as the Russian collation does: Cyrillic first, then Latin", () => {
    expect(sortedBy(nameSortKeyRu)).toEqual(collated("ru"));
    const order = sortedBy(nameSortKeyRu);
    expect(order.indexOf("Иван Петров")).toBeLessThan(order.indexOf("Anton"));
    expect(order.indexOf("Игорь Ким")).toBeLessThan(order.indexOf("Йоко Оно"));
  });

  it("orders names for English readers as the English collation does: Latin first", () => {
    expect(sortedBy(nameSortKey)).toEqual(collated("en"));
    expect(sortedBy((first, last) => nameSortKeyFor("en", first, last))).toEqual(collated("en"));
    expect(sortedBy((first, last) => nameSortKeyFor("ru", first, last))).toEqual(collated("ru"));
  });
});

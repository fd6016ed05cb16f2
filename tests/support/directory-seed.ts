import type { Db } from "../../server/channel-api/store/database";
import { seedTestData, tgUserId } from "./seed";

/**
 * The small test data set with the Telegram people renamed the way a real audience writes
 * itself: Russian names in both scripts, Пётр and Петр, Петров and Петрова, namesakes, a
 * person without a family name, European names with accents and apostrophes.
 */
export const TG_NAMES: readonly (readonly [string, string])[] = [
  ["Иван", "Петров"],
  ["Ivan", "Petrov"],
  ["Иван", "Иванов"],
  ["Пётр", "Петров"],
  ["Петр", "Смирнов"],
  ["Станислав", "Петров"],
  ["Анна", "Петрова"],
  ["Anna", "Petrova"],
  ["Алексей", "Смирнов"],
  ["Aleksei", "Kuznetsov"],
  ["Юлия", "Козлова"],
  ["Julia", "Schmidt"],
  ["Фёдор", "Соловьёв"],
  ["Fyodor", "Vorobyov"],
  ["Иван", "Петров"],
  ["Мария", "Иванова"],
  ["Chloé", "García"],
  ["Liam", "O'Brien"],
  ["Наталья", "Васильева"],
  ["Natalya", "Vasilyeva"],
  ["Дмитрий", ""],
  ["Dmitry", "Volkov"],
  ["Ксения", "Зайцева"],
  ["Михаил", "Хабибуллин"],
  ["Екатерина", "Павлова"],
  ["Артём", "Орлов"],
  ["Елена", "Ёлкина"],
  ["Сергей", "Новиков"],
  ["Виктория", "Морозова"],
  ["Ivan", "Ivanov"],
];

export function seedNamedPeople(db: Db): void {
  seedTestData(db);
  const rename = db.prepare(
    "UPDATE subscribers SET first_name = ?, last_name = ? WHERE channel_id = 1001 AND user_id = ?",
  );
  TG_NAMES.forEach(([first, last], index) => rename.run(first, last, tgUserId(index + 1)));
}

/** The Telegram user id of the person of TG_NAMES with this name (the first of namesakes). */
export function tgIdOf(first: string, last: string): number {
  const index = TG_NAMES.findIndex(([f, l]) => f === first && l === last);
  if (index < 0) throw new Error(`no ${first} ${last} in TG_NAMES`);
  return tgUserId(index + 1);
}

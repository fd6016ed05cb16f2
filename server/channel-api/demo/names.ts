import { LOCAL_PHOTO_STYLES, personPhotoPath } from "../../../src/lib/local-photo";
import { type Random, chance, pick } from "./random";

/**
 * Believable people for the demo channels. Russian names come in Cyrillic and in Latin
 * transliteration (people type their names both ways in messengers), with the feminine form of
 * the surname for women; English and other European names make the Telegram audience mixed.
 */

export type Gender = "m" | "f";
export type ChannelKind = "vk" | "tg";

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** [Cyrillic, Latin] */
type Bilingual = readonly [string, string];

const RUSSIAN_MALE: readonly Bilingual[] = [
  ["Александр", "Aleksandr"],
  ["Дмитрий", "Dmitry"],
  ["Максим", "Maksim"],
  ["Сергей", "Sergey"],
  ["Андрей", "Andrey"],
  ["Алексей", "Alexey"],
  ["Артём", "Artem"],
  ["Илья", "Ilya"],
  ["Кирилл", "Kirill"],
  ["Михаил", "Mikhail"],
  ["Никита", "Nikita"],
  ["Иван", "Ivan"],
  ["Егор", "Egor"],
  ["Роман", "Roman"],
  ["Павел", "Pavel"],
  ["Денис", "Denis"],
  ["Евгений", "Evgeny"],
  ["Антон", "Anton"],
  ["Владимир", "Vladimir"],
  ["Олег", "Oleg"],
  ["Григорий", "Grigory"],
  ["Фёдор", "Fedor"],
  ["Станислав", "Stanislav"],
  ["Тимур", "Timur"],
  ["Руслан", "Ruslan"],
  ["Дамир", "Damir"],
  ["Ярослав", "Yaroslav"],
  ["Лев", "Lev"],
];

const RUSSIAN_FEMALE: readonly Bilingual[] = [
  ["Анна", "Anna"],
  ["Мария", "Maria"],
  ["Елена", "Elena"],
  ["Ольга", "Olga"],
  ["Наталья", "Natalia"],
  ["Екатерина", "Ekaterina"],
  ["Татьяна", "Tatiana"],
  ["Анастасия", "Anastasia"],
  ["Юлия", "Yulia"],
  ["Ирина", "Irina"],
  ["Дарья", "Daria"],
  ["Алина", "Alina"],
  ["Ксения", "Ksenia"],
  ["Полина", "Polina"],
  ["Виктория", "Viktoria"],
  ["Софья", "Sofya"],
  ["Марина", "Marina"],
  ["Светлана", "Svetlana"],
  ["Валерия", "Valeria"],
  ["Вероника", "Veronika"],
  ["Алёна", "Alyona"],
  ["Кристина", "Kristina"],
  ["Зарина", "Zarina"],
  ["Айгуль", "Aigul"],
  ["Василиса", "Vasilisa"],
];

/** Masculine forms; the feminine form is derived (`feminine`). */
const RUSSIAN_SURNAMES: readonly Bilingual[] = [
  ["Иванов", "Ivanov"],
  ["Смирнов", "Smirnov"],
  ["Кузнецов", "Kuznetsov"],
  ["Попов", "Popov"],
  ["Васильев", "Vasiliev"],
  ["Петров", "Petrov"],
  ["Соколов", "Sokolov"],
  ["Михайлов", "Mikhailov"],
  ["Новиков", "Novikov"],
  ["Фёдоров", "Fedorov"],
  ["Морозов", "Morozov"],
  ["Волков", "Volkov"],
  ["Алексеев", "Alekseev"],
  ["Лебедев", "Lebedev"],
  ["Семёнов", "Semenov"],
  ["Егоров", "Egorov"],
  ["Павлов", "Pavlov"],
  ["Козлов", "Kozlov"],
  ["Степанов", "Stepanov"],
  ["Николаев", "Nikolaev"],
  ["Орлов", "Orlov"],
  ["Андреев", "Andreev"],
  ["Макаров", "Makarov"],
  ["Никитин", "Nikitin"],
  ["Захаров", "Zakharov"],
  ["Зайцев", "Zaitsev"],
  ["Соловьёв", "Solovyov"],
  ["Борисов", "Borisov"],
  ["Яковлев", "Yakovlev"],
  ["Григорьев", "Grigoriev"],
  ["Романов", "Romanov"],
  ["Воробьёв", "Vorobyov"],
  ["Сергеев", "Sergeev"],
  ["Кудрявцев", "Kudryavtsev"],
  ["Белов", "Belov"],
  ["Тарасов", "Tarasov"],
  ["Комаров", "Komarov"],
  ["Карпов", "Karpov"],
  ["Виноградов", "Vinogradov"],
  ["Медведев", "Medvedev"],
  ["Жуков", "Zhukov"],
  ["Ковалёв", "Kovalev"],
  ["Ильин", "Ilyin"],
  ["Гусев", "Gusev"],
  ["Титов", "Titov"],
  ["Калинин", "Kalinin"],
  ["Голубев", "Golubev"],
  ["Ершов", "Ershov"],
  ["Абрамов", "Abramov"],
  ["Галиев", "Galiev"],
  ["Хабибуллин", "Khabibullin"],
  ["Высоцкий", "Vysotsky"],
  ["Чайковский", "Chaikovsky"],
  ["Островский", "Ostrovsky"],
  ["Толстой", "Tolstoy"],
  ["Кравченко", "Kravchenko"],
  ["Шевченко", "Shevchenko"],
  ["Бондаренко", "Bondarenko"],
  ["Мельник", "Melnik"],
  ["Ким", "Kim"],
];

const EUROPEAN_MALE: readonly string[] = [
  "James",
  "Oliver",
  "Thomas",
  "Daniel",
  "Liam",
  "Noah",
  "Lukas",
  "Jonas",
  "Matteo",
  "Marco",
  "Pierre",
  "Julien",
  "Jan",
  "Erik",
  "Mateusz",
  "Pablo",
];

const EUROPEAN_FEMALE: readonly string[] = [
  "Emma",
  "Sophie",
  "Charlotte",
  "Laura",
  "Julia",
  "Mia",
  "Chloé",
  "Hanna",
  "Isabella",
  "Lena",
  "Claire",
  "Ingrid",
  "Zoe",
  "Agnieszka",
  "Lucía",
];

/** [masculine, feminine]; one entry when both are the same. */
const EUROPEAN_SURNAMES: readonly (readonly [string, string?])[] = [
  ["Smith"],
  ["Johnson"],
  ["Brown"],
  ["Taylor"],
  ["Wilson"],
  ["Murphy"],
  ["O'Brien"],
  ["Müller"],
  ["Schmidt"],
  ["Schneider"],
  ["Fischer"],
  ["Weber"],
  ["Rossi"],
  ["Russo"],
  ["Bianchi"],
  ["Dubois"],
  ["Martin"],
  ["Bernard"],
  ["García"],
  ["Martínez"],
  ["Jensen"],
  ["Andersson"],
  ["de Vries"],
  ["Novák", "Nováková"],
  ["Kowalski", "Kowalska"],
  ["Nowak"],
  ["Wiśniewski", "Wiśniewska"],
  ["Horvat"],
];

/** [masculine ending, feminine ending], Cyrillic and transliterated. */
const FEMININE_ENDINGS: readonly (readonly [string, string])[] = [
  ["ский", "ская"],
  ["цкий", "цкая"],
  ["ой", "ая"],
  ["ов", "ова"],
  ["ев", "ева"],
  ["ёв", "ёва"],
  ["ин", "ина"],
  ["ын", "ына"],
  ["sky", "skaya"],
  ["oy", "aya"],
  ["ov", "ova"],
  ["ev", "eva"],
  ["in", "ina"],
  ["yn", "yna"],
];

/** Feminine form of a Russian surname; surnames in -enko, -ik and the like do not change. */
export function feminine(surname: string): string {
  for (const [masculine, feminineEnding] of FEMININE_ENDINGS) {
    if (surname.endsWith(masculine)) return surname.slice(0, -masculine.length) + feminineEnding;
  }
  return surname;
}

/** Both forms of each surname, in both scripts, worked out once rather than per person. */
const RUSSIAN_SURNAME_FORMS = RUSSIAN_SURNAMES.map(([cyrillic, latin]) => ({
  m: [cyrillic, latin] as const,
  f: [feminine(cyrillic), feminine(latin)] as const,
}));

/** How a channel's audience writes its names: shares of [Cyrillic, transliterated, European]. */
const SCRIPT_SHARES: Record<ChannelKind, readonly [number, number]> = {
  // Telegram accounts are more often named in Latin letters and more international.
  tg: [0.45, 0.3],
  vk: [0.78, 0.1],
};

/** Telegram does not require a last name, so many accounts have none; VK does require one. */
const NO_LAST_NAME: Record<ChannelKind, number> = { tg: 0.12, vk: 0 };

function russianName(rand: Random, gender: Gender, latin: boolean): PersonName {
  const script = latin ? 1 : 0;
  const first = pick(rand, gender === "m" ? RUSSIAN_MALE : RUSSIAN_FEMALE)[script];
  const surname = pick(rand, RUSSIAN_SURNAME_FORMS)[gender][script];
  return { firstName: first, lastName: surname };
}

function europeanName(rand: Random, gender: Gender): PersonName {
  const [masculine, femForm] = pick(rand, EUROPEAN_SURNAMES);
  return {
    firstName: pick(rand, gender === "m" ? EUROPEAN_MALE : EUROPEAN_FEMALE),
    lastName: gender === "m" ? masculine : (femForm ?? masculine),
  };
}

export function pickName(rand: Random, kind: ChannelKind): PersonName {
  const gender: Gender = chance(rand, 0.52) ? "f" : "m";
  const [cyrillic, transliterated] = SCRIPT_SHARES[kind];
  const script = rand();
  const name =
    script < cyrillic + transliterated
      ? russianName(rand, gender, script >= cyrillic)
      : europeanName(rand, gender);
  if (chance(rand, NO_LAST_NAME[kind])) name.lastName = "";
  return name;
}

/** Share of people without a profile photo (hidden by privacy settings or never set). */
const NO_PHOTO: Record<ChannelKind, number> = { tg: 0.35, vk: 0.15 };
/**
 * A profile photo address, or "" for a person without one. The picture is drawn by the local
 * Channel API itself from the person's initials (`GET /local-photos/…`): the demo asks no
 * other host for anything. One draw picks its look, as one draw once picked a stock face.
 */
export function pickPhoto(
  rand: Random,
  kind: ChannelKind,
  groupId: number,
  userId: number,
): string {
  if (chance(rand, NO_PHOTO[kind])) return "";
  return personPhotoPath(groupId, userId, Math.floor(rand() * LOCAL_PHOTO_STYLES));
}

/** Sizes of the pools, for tests and documentation. */
export const namePoolSizes = {
  firstNames:
    (RUSSIAN_MALE.length + RUSSIAN_FEMALE.length) * 2 +
    EUROPEAN_MALE.length +
    EUROPEAN_FEMALE.length,
  lastNames: RUSSIAN_SURNAMES.length * 2 + EUROPEAN_SURNAMES.length,
};

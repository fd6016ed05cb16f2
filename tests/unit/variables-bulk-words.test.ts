import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as variablesEn } from "../../src/features/variables/bulk/locales/en.po";
import { messages as variablesRu } from "../../src/features/variables/bulk/locales/ru.po";
import { quoted, setOutcomes, summaryLine } from "../../src/features/variables/bulk/outcome-text";
import type { SetResult } from "../../src/features/variables/bulk/run-bulk-set";
import { plainSpaces, sharedCatalogs } from "../support/i18n";

/** The app's catalogs as the bulk page has them: the shared one and the bulk page's own. */
const i18nIn = (locale: "en" | "ru") =>
  setupI18n({
    locale,
    messages: {
      en: { ...sharedCatalogs.en, ...variablesEn },
      ru: { ...sharedCatalogs.ru, ...variablesRu },
    },
  });
const en = i18nIn("en");
const ru = i18nIn("ru");

function results(saved: number, failed = 0, notRun = 0): SetResult[] {
  let userId = 0;
  const make = (outcome: SetResult["outcome"], count: number): SetResult[] =>
    Array.from({ length: count }, () => ({ userId: ++userId, outcome }));
  return [...make("saved", saved), ...make("failed", failed), ...make("not-run", notRun)];
}

describe("the words of a bulk vars/set run", () => {
  it("count people by the CLDR rules of each language", () => {
    expect(summaryLine(results(1), en)).toBe("1 person saved.");
    expect(summaryLine(results(2, 1), en)).toBe("2 people saved, 1 failed.");
    expect(plainSpaces(summaryLine(results(1), ru))).toBe("сохранено для 1 человека.");
    expect(plainSpaces(summaryLine(results(2), ru))).toBe("сохранено для 2 человек.");
    expect(plainSpaces(summaryLine(results(5, 3, 40), ru))).toBe(
      "сохранено для 5 человек, с ошибкой — 3, не выполнено — 40.",
    );
    expect(plainSpaces(summaryLine(results(21), ru))).toBe("сохранено для 21 человека.");
    expect(plainSpaces(summaryLine(results(1000), ru))).toBe("сохранено для 1 000 человек.");
  });

  it("name the outcomes, and start a row's own words with a capital", () => {
    const outcomes = setOutcomes(ru);
    expect(outcomes.saved.label).toBe("Сохранено");
    expect(outcomes.failed.label).toBe("Ошибка");
    expect(outcomes["not-run"].label).toBe("Не выполнено");
    const cancelled: SetResult = {
      userId: 1,
      outcome: "not-run",
      error: "не выполнено (отменено)",
    };
    expect(outcomes["not-run"].text(cancelled)).toBe("Не выполнено (отменено)");
    const refused: SetResult = {
      userId: 1,
      outcome: "failed",
      error: "Такого подписчика нет (ошибка 5).",
    };
    expect(outcomes.failed.text(refused)).toBe("Не удалось: Такого подписчика нет (ошибка 5).");
    expect(setOutcomes(en)["not-run"].text({ ...cancelled, error: "not run (cancelled)" })).toBe(
      "Not run (cancelled)",
    );
  });

  it("quote a value the way each language quotes, and name an empty one", () => {
    expect(quoted("gold", en)).toBe("“gold”");
    expect(quoted("gold", ru)).toBe("«gold»");
    expect(quoted("", ru)).toBe("(пусто)");
    expect(quoted("x".repeat(50), ru)).toBe(`«${"x".repeat(39)}…»`);
  });
});

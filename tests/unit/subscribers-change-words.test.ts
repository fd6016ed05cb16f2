import { describe, expect, it } from "vitest";
import { messages as subscribersRu } from "../../src/features/subscribers/manage/locales/ru.po";
import {
  outcomeText,
  resultsSummary,
  summaryText,
} from "../../src/features/subscribers/manage/outcome-text";
import type { ChangeResult, Outcome } from "../../src/features/subscribers/manage/run-changes";
import { plainSpaces, testI18n } from "../support/i18n";

/** Russian with the add/remove page's own catalog, as the page has it once its route loaded. */
function russian() {
  const i18n = testI18n("ru");
  i18n.load("ru", subscribersRu);
  return i18n;
}

function results(counts: Partial<Record<Outcome, number>>): ChangeResult[] {
  let userId = 0;
  return (Object.entries(counts) as [Outcome, number][]).flatMap(([outcome, count]) =>
    Array.from({ length: count }, () => ({ userId: ++userId, outcome })),
  );
}

describe("the words after an add or remove run", () => {
  it("counts people by the plural rules of each language", () => {
    const en = testI18n("en");
    const ru = russian();
    const said = (count: number) => ({
      en: resultsSummary("add", results({ added: count }), en),
      ru: plainSpaces(resultsSummary("add", results({ added: count }), ru)),
    });
    expect(said(1)).toEqual({ en: "1 person added.", ru: "Добавлен 1 человек." });
    expect(said(2)).toEqual({ en: "2 people added.", ru: "Добавлены 2 человека." });
    expect(said(5)).toEqual({ en: "5 people added.", ru: "Добавлено 5 человек." });
    expect(said(21)).toEqual({ en: "21 people added.", ru: "Добавлен 21 человек." });
    expect(said(1000).ru).toBe("Добавлено 1 000 человек.");
  });

  it("adds one sentence for the failed and one for the cancelled", () => {
    const run = results({ removed: 3, failed: 2, "not-sent": 1 });
    expect(resultsSummary("remove", run, testI18n("en"))).toBe(
      "3 people removed. 2 failed. 1 not sent (cancelled).",
    );
    expect(resultsSummary("remove", run, russian())).toBe(
      "Удалены 3 человека. Не удалось: 2. Не отправлено (отменено): 1.",
    );
  });

  it("names the subscription in the toast, or says every subscription", () => {
    const named = { kind: "subscription", name: "News" } as const;
    expect(summaryText("add", named, results({ added: 12 }), testI18n("en"))).toBe(
      "Added 12 people to “News”.",
    );
    expect(summaryText("add", named, results({ added: 12 }), russian())).toBe(
      "В группу «News» добавлено 12 человек.",
    );
    expect(summaryText("remove", { kind: "every" }, results({ removed: 1 }), russian())).toBe(
      "Из всех групп удалён 1 человек.",
    );
  });

  it("words a row's result, keeping the service's own reason", () => {
    const ru = russian();
    expect(outcomeText({ userId: 1, outcome: "added" }, ru)).toBe("Добавлен");
    expect(outcomeText({ userId: 1, outcome: "failed", error: "user not found" }, ru)).toBe(
      "Не удалось: user not found",
    );
    expect(outcomeText({ userId: 1, outcome: "not-sent" }, testI18n("en"))).toBe(
      "Not sent (cancelled)",
    );
  });
});

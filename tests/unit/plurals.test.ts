import { describe, expect, it } from "vitest";
import { describeApiError } from "../../src/api/error-text";
import { ApiError } from "../../src/api/api-error";
import { exportProgressText } from "../../src/lib/export-progress";
import { subscriberCount } from "../../src/lib/subscriber-format";
import { testI18n } from "../support/i18n";

// Through the real catalogs (src/locales/*.po, compiled by Lingui's plugin as the app gets
// them): CLDR's plural rules of each language pick the form, and `#` is the language's number.
const ru = testI18n("ru");
const en = testI18n("en");

describe("plural forms", () => {
  it("follow Russian's one, few, many and other", () => {
    expect([1, 2, 5, 21, 1.5].map((count) => subscriberCount(count, ru))).toEqual([
      "1 подписчик",
      "2 подписчика",
      "5 подписчиков",
      "21 подписчик",
      "1,5 подписчика",
    ]);
    expect([11, 12, 22, 111].map((count) => subscriberCount(count, ru))).toEqual([
      "11 подписчиков",
      "12 подписчиков",
      "22 подписчика",
      "111 подписчиков",
    ]);
  });

  it("follow English's one and other", () => {
    expect([1, 2, 5, 21, 1.5].map((count) => subscriberCount(count, en))).toEqual([
      "1 subscriber",
      "2 subscribers",
      "5 subscribers",
      "21 subscribers",
      "1.5 subscribers",
    ]);
  });

  it("write the number of a plural as the language does", () => {
    expect(exportProgressText(3500, ru).replace(/[\u00a0\u202f]/gu, " ")).toBe("3 500 строк");
    expect(exportProgressText(3500, en)).toBe("3,500 rows");
    expect(exportProgressText(21, ru)).toBe("21 строка");
  });

  it("fit a sentence: minutes to wait after failed sign-ins", () => {
    const throttled = (minutes: number) =>
      new ApiError({
        kind: "http",
        operation: "auth/login",
        status: 429,
        message: "Too many failed sign-ins",
        reason: "login-throttled",
        details: { minutes },
      });
    expect(describeApiError(throttled(1), ru)).toBe(
      "Слишком много неудачных попыток входа. Повторите через 1 минуту.",
    );
    expect(describeApiError(throttled(3), ru)).toBe(
      "Слишком много неудачных попыток входа. Повторите через 3 минуты.",
    );
    expect(describeApiError(throttled(5), en)).toBe(
      "Too many failed sign-ins. Try again in 5 minutes.",
    );
  });

  it("say how long a sign-in lockout has left, from the gateway's seconds, as time passes", () => {
    const locked = new ApiError({
      kind: "http",
      operation: "auth/login",
      status: 429,
      message: "Too many failed sign-ins",
      reason: "login-throttled",
      details: { minutes: 4, retry_after_seconds: 230 },
    });
    expect(describeApiError(locked, ru)).toBe(
      "Слишком много неудачных попыток входа. Повторите через 4 минуты.",
    );
    expect(describeApiError(locked, en)).toBe("Too many failed sign-ins. Try again in 4 minutes.");
    // 50 s later 3 min 0 s are left; a minute and a half before the end, 2 minutes.
    expect(describeApiError(locked, ru, { elapsedMs: 50_000 })).toBe(
      "Слишком много неудачных попыток входа. Повторите через 3 минуты.",
    );
    expect(describeApiError(locked, ru, { elapsedMs: 140_000 })).toBe(
      "Слишком много неудачных попыток входа. Повторите через 2 минуты.",
    );
    expect(describeApiError(locked, ru, { elapsedMs: 200_000 })).toBe(
      "Слишком много неудачных попыток входа. Повторите через 1 минуту.",
    );
    expect(describeApiError(locked, ru, { elapsedMs: 230_000 })).toBe(
      "Теперь можно снова попробовать войти.",
    );
    expect(describeApiError(locked, en, { elapsedMs: 300_000 })).toBe(
      "You can try to sign in again now.",
    );
    const names = new ApiError({
      kind: "http",
      operation: "auth/login",
      status: 429,
      message: "Too many names",
      reason: "login-names-throttled",
      details: { minutes: 1, retry_after_seconds: 21 },
    });
    expect(describeApiError(names, ru)).toBe(
      "С вашего адреса пробовали слишком много разных имён пользователя. Повторите через 1 минуту.",
    );
  });
});

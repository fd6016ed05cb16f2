import { describe, expect, it } from "vitest";
import { jobErrorText } from "../../src/api/job-error-text";
import { testI18n } from "../support/i18n";

// The errors server/gateway/jobs/ writes into a job and its people, exactly as it writes them:
// a Russian reader of the job page used to get them in English.
describe("a job's errors in the reader's language", () => {
  const ru = testI18n("ru");
  const en = testI18n("en");

  it("says a person's refusal by the service by its code", () => {
    expect(jobErrorText("error 12: value is too long", ru)).toBe(
      "Недопустимое значение (ошибка 12).",
    );
    expect(jobErrorText("error 12: value is too long", en)).toBe(
      "A value is not valid (error 12).",
    );
    expect(jobErrorText("vars/set: error 14: the token belongs to another channel", ru)).toMatch(
      /^Сервис не принял токен доступа этого канала \(ошибка 14\)\./u,
    );
  });

  it("says the gateway's own words again", () => {
    expect(jobErrorText("not on the channel", ru)).toBe("Больше не подписчик канала.");
    expect(jobErrorText("not added", ru)).toBe("Сервис не добавил этого человека.");
    expect(jobErrorText("no outcome", ru)).toBe("Сервис не ответил по этому человеку.");
    expect(jobErrorText("local Channel API answered HTTP 502", ru)).toBe(
      "Сервис ответил ошибкой HTTP 502.",
    );
    expect(jobErrorText("channel 1001 is not served", ru)).toBe(
      "Шлюз больше не обслуживает этот канал.",
    );
    expect(jobErrorText("the account sid no longer exists", ru)).toBe(
      "Учётной записи sid, которая запустила задачу, больше нет.",
    );
    expect(jobErrorText("sid no longer has access to the channel", ru)).toBe(
      "У sid больше нет доступа к каналу.",
    );
    expect(jobErrorText("the support role may not run subscription-add jobs", ru)).toBe(
      "Роли учётной записи, которая запустила задачу, это больше не разрешено.",
    );
  });

  it("translates the service's documented item errors and keeps unknown text as written", () => {
    expect(jobErrorText("user not found", ru)).toMatch(/ошибка 5/u);
    expect(jobErrorText("something new", ru)).toBe("something new");
  });
});

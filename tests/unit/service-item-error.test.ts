import { describe, expect, it } from "vitest";
import { serviceItemErrorText } from "@/api/error-text";
import { testI18n } from "../support/i18n";

describe("serviceItemErrorText", () => {
  it("says a documented meaning in the person's language, with its code", () => {
    expect(serviceItemErrorText("user not found", testI18n("ru"))).toBe(
      "Такого подписчика нет (ошибка 5).",
    );
    expect(serviceItemErrorText("User not found.", testI18n("en"))).toBe(
      "No such subscriber (error 5).",
    );
    expect(serviceItemErrorText("the user has not allowed messages", testI18n("en"))).toMatch(
      /\(error 4\)\.$/,
    );
  });

  it("shows a reason it does not know as the service wrote it", () => {
    expect(serviceItemErrorText("quota exceeded", testI18n("ru"))).toBe("quota exceeded");
  });
});

import { describe, expect, it } from "vitest";
import { operations } from "@/contract/operations";
import * as z from "@/contract/zod";
import { variableNameField, variableValueField, variableValueIssue } from "@/lib/variable-fields";
import { plainSpaces, testI18n } from "../support/i18n";

const en = testI18n("en");
const ru = testI18n("ru");
const contract = operations["vars/set"].request.shape;
const taken = (name: string) => `taken: ${name}`;

function form(i18n = en, existing: ReadonlySet<string> = new Set(["city"])) {
  return z.object({
    name: variableNameField(contract.name, i18n, { names: existing, said: taken }),
    value: variableValueField(contract.value, i18n),
  });
}

function messages(result: { success: boolean; error?: z.core.$ZodError }) {
  return result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
}

describe("the fields of a form that adds a variable", () => {
  it("trims the name and takes what the contract takes", () => {
    const result = form().safeParse({ name: "  plan_2026 ", value: "gold" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ name: "plan_2026", value: "gold" });
  });

  it("says what is wrong with a name in plain words before the contract's check", () => {
    expect(messages(form().safeParse({ name: "", value: "x" }))).toEqual(["name: Enter a name."]);
    expect(messages(form().safeParse({ name: "город", value: "x" }))[0]).toMatch(
      /^name: Use Latin letters only/,
    );
  });

  it("points a name already there at its row, in the form's own words", () => {
    expect(messages(form().safeParse({ name: " city ", value: "Omsk" }))).toEqual([
      "name: taken: city",
    ]);
    // A form that knows no names (setting one for many people) takes it.
    expect(variableNameField(contract.name, en).safeParse("city").success).toBe(true);
  });

  it("refuses a value over the limit in the language of the form", () => {
    const long = "x".repeat(5_000);
    expect(variableValueIssue(contract.value, long, en)).toMatch(/^At most 4,096 characters/);
    const russian = messages(form(ru).safeParse({ name: "a", value: long }))[0] ?? "";
    expect(plainSpaces(russian)).toMatch(/^value: Не больше 4 096 символов/u);
  });

  it("says the service refuses what its contract refuses, past the plain-words rules", () => {
    const strict = z.string().check(z.maxLength(2));
    expect(variableValueIssue(strict, "abc", en)).toBe("The service does not take this.");
    expect(variableValueIssue(strict, "abc", ru)).toBe("Сервис такое не принимает.");
    expect(variableValueIssue(strict, "ab", en)).toBeUndefined();
  });
});

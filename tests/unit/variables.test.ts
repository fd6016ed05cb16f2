import { describe, expect, it } from "vitest";
import { operations } from "../../src/contract/operations";
import {
  applyVariableChange,
  restoreVariable,
  variableErrorField,
  variableNameProblem,
  variableValueProblem,
} from "../../src/lib/variables";
import { variablesCsv, variablesCsvName } from "../../src/lib/variables-csv";
import { UTF8_BOM } from "../../src/lib/subscribers-csv";
import { parseCsv } from "../support/parse-csv";
import { plainSpaces, testI18n } from "../support/i18n";

const i18n = testI18n("en");

const list = [
  { name: "city", value: "Москва" },
  { name: "plan", value: "gold" },
];

describe("applyVariableChange", () => {
  it("changes the value of a variable in place", () => {
    expect(applyVariableChange(list, { kind: "set", name: "plan", value: "silver" })).toEqual([
      { name: "city", value: "Москва" },
      { name: "plan", value: "silver" },
    ]);
  });

  it("adds a new variable in name order, as vars/get lists them", () => {
    expect(applyVariableChange(list, { kind: "set", name: "age", value: "30" })).toEqual([
      { name: "age", value: "30" },
      ...list,
    ]);
    expect(
      applyVariableChange(list, { kind: "set", name: "mode", value: "" }).map((item) => item.name),
    ).toEqual(["city", "mode", "plan"]);
    expect(
      applyVariableChange(list, { kind: "set", name: "zip", value: "1" }).map((item) => item.name),
    ).toEqual(["city", "plan", "zip"]);
  });

  it("deletes a variable, and deleting a missing one changes nothing", () => {
    expect(applyVariableChange(list, { kind: "del", name: "city" })).toEqual([list[1]]);
    expect(applyVariableChange(list, { kind: "del", name: "nope" })).toEqual(list);
  });

  it("never changes the list it was given", () => {
    const copy = structuredClone(list);
    applyVariableChange(list, { kind: "set", name: "plan", value: "x" });
    applyVariableChange(list, { kind: "del", name: "plan" });
    expect(list).toEqual(copy);
  });
});

describe("restoreVariable", () => {
  it("puts back the old value and keeps other changes made meanwhile", () => {
    // plan was "gold", the failed save made it "silver"; another save added "age" meanwhile.
    const now = [
      { name: "age", value: "30" },
      { name: "city", value: "Москва" },
      { name: "plan", value: "silver" },
    ];
    expect(restoreVariable(now, "plan", { name: "plan", value: "gold" })).toEqual([
      { name: "age", value: "30" },
      { name: "city", value: "Москва" },
      { name: "plan", value: "gold" },
    ]);
  });

  it("removes a variable that did not exist before the failed save", () => {
    const now = applyVariableChange(list, { kind: "set", name: "new_one", value: "v" });
    expect(restoreVariable(now, "new_one", undefined)).toEqual(list);
  });

  it("brings back a variable whose deletion failed, in its place", () => {
    const now = applyVariableChange(list, { kind: "del", name: "city" });
    expect(restoreVariable(now, "city", list[0])).toEqual(list);
  });
});

describe("variableErrorField", () => {
  it("puts the service's error 11 at the name", () => {
    expect(
      variableErrorField({ kind: "service", code: 11, message: "name: variable name must …" }),
    ).toBe("name");
  });

  it("puts error 12 at the field its message names", () => {
    expect(
      variableErrorField({
        kind: "service",
        code: 12,
        message: "value: value is longer than 4096",
      }),
    ).toBe("value");
    expect(variableErrorField({ kind: "service", code: 12, message: "name: too long" })).toBe(
      "name",
    );
    expect(variableErrorField({ kind: "service", code: 12, message: "tg_user_id: bad" })).toBe(
      undefined,
    );
  });

  it("puts a request our client refused at its path", () => {
    expect(variableErrorField({ kind: "request", path: "value", message: "Not sent" })).toBe(
      "value",
    );
    expect(variableErrorField({ kind: "request", path: "", message: "Not sent" })).toBe(undefined);
  });

  it("leaves other failures to the whole form", () => {
    expect(variableErrorField({ kind: "service", code: 5, message: "user not found" })).toBe(
      undefined,
    );
    expect(
      variableErrorField({ kind: "network", message: "The server could not be reached." }),
    ).toBe(undefined);
    expect(variableErrorField({ kind: "http", code: 0, message: "forbidden" })).toBe(undefined);
  });
});

describe("variablesCsv", () => {
  it("writes one row per variable as text, formulas neutralised, line breaks quoted", () => {
    const text = variablesCsv(
      { field: "tg_user_id", id: 700000001 },
      [
        { name: "city", value: "Москва" },
        { name: "formula", value: '=HYPERLINK("http://x")' },
        { name: "html", value: "<b>bold</b>" },
        { name: "lines", value: "one\ntwo" },
      ],
      { separator: "," as const, i18n },
    );
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.startsWith(UTF8_BOM + UTF8_BOM)).toBe(false);
    expect(parseCsv(text.slice(1))).toEqual([
      ["tg_user_id", "Name", "Value"],
      ["700000001", "city", "Москва"],
      ["700000001", "formula", '\'=HYPERLINK("http://x")'],
      ["700000001", "html", "<b>bold</b>"],
      ["700000001", "lines", "one\ntwo"],
    ]);
  });

  it("still has a header for a person without variables", () => {
    expect(
      parseCsv(variablesCsv({ field: "vk_user_id", id: 5 }, [], { separator: ",", i18n }).slice(1)),
    ).toEqual([["vk_user_id", "Name", "Value"]]);
  });

  it("names the file after the channel and the person", () => {
    expect(variablesCsvName(1001, 700000001)).toBe("variables-1001-700000001.csv");
  });
});

describe("variableNameProblem", () => {
  const contractName = operations["vars/set"].request.shape.name;

  it("takes Latin letters, digits and _", () => {
    for (const name of ["city", "Plan_2", "_", "a".repeat(64), "ABC_def_123"]) {
      expect(variableNameProblem(name, i18n)).toBeUndefined();
    }
  });

  it("refuses a Cyrillic name, naming its Cyrillic letters", () => {
    expect(variableNameProblem("имя", i18n)).toBe(
      "Use Latin letters only: “и”, “м”, “я” are Cyrillic. A name may have Latin letters, digits and _.",
    );
    // A Cyrillic "с" looks Latin: it is named, so the person can find it.
    expect(variableNameProblem("сity", i18n)).toMatch(/^Use Latin letters only: “с” is Cyrillic/);
    // In Russian it says which letters are Cyrillic first, then what a name may have (a probe
    // read «Используйте только латинские буквы: «л», «ю»…» as naming the Latin ones).
    const ru = testI18n("ru");
    expect(plainSpaces(variableNameProblem("имя", ru) ?? "")).toBe(
      "Кириллица: «и», «м», «я». В имени могут быть только латинские буквы, цифры и _.",
    );
    expect(plainSpaces(variableNameProblem("сity", ru) ?? "")).toMatch(/^Кириллица: «с»\. /);
  });

  it("explains spaces, other characters, emptiness and length", () => {
    expect(variableNameProblem("first name", i18n)).toMatch(/^No spaces/);
    expect(variableNameProblem("a-b.c", i18n)).toBe(
      "A name may have Latin letters, digits and _ only, not “-”, “.”.",
    );
    expect(variableNameProblem("", i18n)).toBe("Enter a name.");
    expect(variableNameProblem("a".repeat(65), i18n)).toBe(
      "At most 64 characters; this name has 65.",
    );
  });

  it("agrees with the contract on every name", () => {
    for (const name of [
      "ok",
      "имя",
      "a b",
      "a".repeat(64),
      "a".repeat(65),
      "",
      "é",
      "x-1",
      "<b>",
    ]) {
      expect(variableNameProblem(name, i18n) === undefined).toBe(
        contractName.safeParse(name).success,
      );
    }
  });
});

describe("variableValueProblem", () => {
  it("takes up to 4096 characters, as the contract does", () => {
    const contractValue = operations["vars/set"].request.shape.value;
    for (const value of ["", "x", "x".repeat(4096), "x".repeat(4097), "я".repeat(4097)]) {
      expect(variableValueProblem(value, i18n) === undefined).toBe(
        contractValue.safeParse(value).success,
      );
    }
    expect(variableValueProblem("x".repeat(5000), i18n)).toBe(
      "At most 4,096 characters; this value has 5,000.",
    );
  });
});

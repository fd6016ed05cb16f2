import { describe, expect, it } from "vitest";
import { httpUrl } from "../../src/contract/common";
import {
  contractTexts,
  englishContractText,
  type ContractTextKey,
} from "../../src/contract/messages";
import { operations } from "../../src/contract/operations";
import { subscriptionName } from "../../src/contract/subscription-settings";
import { translateContractText } from "../../src/i18n/contract-texts";
import { plainSpaces, testI18n } from "../support/i18n";

const keys = Object.keys(contractTexts) as ContractTextKey[];
const values = { max: 2048 };

describe("the contract's words", () => {
  it("stay the server's English, with their values put in", () => {
    // No resolver installed in this process: what the servers answer API clients.
    expect(subscriptionName.safeParse("x".repeat(256)).error?.issues[0]?.message).toBe(
      "name is longer than 255 characters",
    );
    expect(httpUrl.safeParse("ftp://x").error?.issues[0]?.message).toBe(
      "expected an http or https URL of at most 2048 characters",
    );
    expect(
      operations["vars/set"].request.shape.name.safeParse("имя").error?.issues[0]?.message,
    ).toBe("variable name must consist of Latin letters, digits and _");
    for (const key of keys) expect(englishContractText(key, values)).not.toMatch(/[{}]/);
  });

  it("have a Russian sentence for every key, with no English word and the number formatted", () => {
    const ru = testI18n("ru");
    for (const key of keys) {
      const text = plainSpaces(translateContractText(key, values, ru));
      // Field names of the API (vk_user_id), the date pattern and http:// stay as they are.
      const words = text.replace(
        /vk_user_id|tg_user_id|DD\.MM\.YYYY HH:MM:SS|https?:\/\/|Channel Desk/g,
        "",
      );
      expect(words, key).not.toMatch(/[A-Za-z]{2,}/);
      if (contractTexts[key].includes("{max}")) expect(text, key).toContain("2 048");
    }
  });
});

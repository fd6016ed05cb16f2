import { zodResolver as baseZodResolver } from "@hookform/resolvers/zod";
import { i18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "@/contract/zod";
import { installContractTexts } from "./contract-texts";

// Forms are where the contract's own words reach people: they are said in the person's
// language from the moment the first form loads (the shell never shows them).
installContractTexts();

type Issue = z.core.$ZodRawIssue;

function sizeText(issue: Extract<Issue, { code: "too_small" | "too_big" }>): string | undefined {
  const small = issue.code === "too_small";
  const limit = Number(small ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case "string":
      if (small && limit <= 1) return i18n._(msg`Fill in this field`);
      return small
        ? i18n._(
            msg`${plural(limit, { one: "At least # character", other: "At least # characters" })}`,
          )
        : i18n._(
            msg`${plural(limit, { one: "At most # character", other: "At most # characters" })}`,
          );
    case "array":
    case "set":
      return small
        ? i18n._(msg`${plural(limit, { one: "At least # item", other: "At least # items" })}`)
        : i18n._(msg`${plural(limit, { one: "At most # item", other: "At most # items" })}`);
    case "number":
    case "int":
    case "bigint": {
      const bound = i18n.number(limit);
      return small ? i18n._(msg`The least is ${bound}`) : i18n._(msg`The most is ${bound}`);
    }
    default:
      return undefined;
  }
}

/**
 * zod's generic issues in the person's language; `undefined` leaves an issue to zod (which
 * then uses the schema's or its own words). Before any language is active (a server in the
 * same process under test), nothing is changed.
 */
export function issueText(issue: Issue): string | undefined {
  if (!i18n.locale) return undefined;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null
        ? i18n._(msg`Fill in this field`)
        : i18n._(msg`This value has the wrong type`);
    case "too_small":
    case "too_big":
      return sizeText(issue) ?? i18n._(msg`This value is out of range`);
    case "invalid_format":
      return i18n._(msg`This value has the wrong format`);
    case "invalid_value":
      return i18n._(msg`Choose one of the allowed values`);
    case "not_multiple_of":
      return i18n._(msg`This number is not allowed here`);
    case "custom":
      // A refinement brings its own words.
      return undefined;
    default:
      return i18n._(msg`This value is not valid`);
  }
}

/**
 * @hookform/resolvers' `zodResolver` with zod's generic issues in the person's language
 * (validation-messages.ts): forms import this one instead.
 */
export function zodResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, Context, Output> {
  return baseZodResolver<Input, Context, Output>(schema, { error: issueText });
}

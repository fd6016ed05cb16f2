import type * as z from "./zod";
import { ErrorCode } from "./errors";

/**
 * Which refusal a request that failed its contract schema gets, the way the service words
 * it: 1 when a field is missing, 11 for a bad variable name, 12 for any other bad value; the
 * message names the field. Both servers answer with it (the gateway before forwarding).
 */
export function failureOfIssues(issues: readonly z.core.$ZodIssue[]): {
  code: number;
  message: string;
} {
  const missing = issues.find(isMissing);
  if (missing) return { code: ErrorCode.MissingParameter, message: describe(missing) };
  const custom = issues.find((issue) => issue.code === "custom" && issue.path.length === 0);
  if (custom?.message.includes("required")) {
    return { code: ErrorCode.MissingParameter, message: custom.message };
  }
  const name = issues.find(isVariableName);
  if (name) return { code: ErrorCode.BadVariableName, message: describe(name) };
  const first = issues[0];
  return {
    code: ErrorCode.InvalidValue,
    message: first ? describe(first) : "invalid parameter value",
  };
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${String(key)}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && issue.message.endsWith("received undefined");
}

function isVariableName(issue: z.core.$ZodIssue): boolean {
  return issue.path.length === 1 && issue.path[0] === "name" && issue.code === "invalid_format";
}

function describe(issue: z.core.$ZodIssue): string {
  const field = pathText(issue.path);
  if (isMissing(issue)) return `${field} is required`;
  if (issue.code === "invalid_type") return `${field} must be ${article(issue.expected)}`;
  if (issue.code === "too_big" && issue.origin === "number") {
    return `${field} must be at most ${String(issue.maximum)}`;
  }
  if (issue.code === "too_small" && issue.origin === "number") {
    return `${field} must be at least ${String(issue.minimum)}`;
  }
  return field === "" ? issue.message : `${field}: ${issue.message}`;
}

function article(expected: string): string {
  if (expected === "int" || expected === "number") return "an integer";
  if (expected === "array") return "an array";
  return `a ${expected}`;
}

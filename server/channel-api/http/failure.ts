import type * as z from "zod";
import { ErrorCode } from "../../../src/contract/errors";

/** A refusal the service answers with `success: false`; `status` is 200 unless protocol-level. */
export class ApiFailure extends Error {
  readonly code: number;
  readonly status: number;

  constructor(code: number, message: string, status = 200) {
    super(message);
    this.name = "ApiFailure";
    this.code = code;
    this.status = status;
  }
}

export function failureBody(code: number, message: string) {
  return { success: false as const, error_code: code, error_message: message };
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

/**
 * The error of a refused request: 1 when a field is missing, 11 for a bad variable name,
 * 12 for any other bad value; the message names the field.
 */
export function failureFromIssues(issues: readonly z.core.$ZodIssue[]): ApiFailure {
  const missing = issues.find(isMissing);
  if (missing) return new ApiFailure(ErrorCode.MissingParameter, describe(missing));
  const custom = issues.find((issue) => issue.code === "custom" && issue.path.length === 0);
  if (custom?.message.includes("required")) {
    return new ApiFailure(ErrorCode.MissingParameter, custom.message);
  }
  const name = issues.find(isVariableName);
  if (name) return new ApiFailure(ErrorCode.BadVariableName, describe(name));
  const first = issues[0];
  return new ApiFailure(
    ErrorCode.InvalidValue,
    first ? describe(first) : "invalid parameter value",
  );
}

import type * as z from "../../../src/contract/zod";
import { failureOf } from "../../../src/contract/errors";
import { failureOfIssues } from "../../../src/contract/issue-failure";

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

/** The failure body, built by the contract so the gateway and this API write the same one. */
export const failureBody = failureOf;

/**
 * The error of a refused request: 1 when a field is missing, 11 for a bad variable name,
 * 12 for any other bad value; the message names the field.
 */
export function failureFromIssues(issues: readonly z.core.$ZodIssue[]): ApiFailure {
  const failure = failureOfIssues(issues);
  return new ApiFailure(failure.code, failure.message);
}

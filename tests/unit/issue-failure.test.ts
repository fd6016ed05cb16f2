import { describe, expect, it } from "vitest";
// failureOfIssues runs on the servers, which load zod's English locale (the mini build has none).
import "../../server/shared/zod-english";
import { failureBody, failureOf } from "../../src/contract/errors";
import { failureOfIssues } from "../../src/contract/issue-failure";
import { operations } from "../../src/contract/operations";

function issuesOf(request: unknown) {
  const parsed = operations["vars/set"].request.safeParse(request);
  if (parsed.success) throw new Error("the request was valid");
  return parsed.error.issues;
}

describe("the failure body", () => {
  it("is built in the shape the contract reads", () => {
    const body = failureOf(12, "group_id must be a positive integer");
    expect(body).toEqual({
      success: false,
      error_code: 12,
      error_message: "group_id must be a positive integer",
    });
    expect(failureBody.safeParse(body).success).toBe(true);
  });
});

describe("the refusal of a request the contract does not accept", () => {
  it("is 1 for a missing field, naming it", () => {
    expect(failureOfIssues(issuesOf({ tg_user_id: 5, value: "x" }))).toEqual({
      code: 1,
      message: "name is required",
    });
  });

  it("is 11 for a bad variable name", () => {
    const failure = failureOfIssues(issuesOf({ tg_user_id: 5, name: "город", value: "x" }));
    expect(failure.code).toBe(11);
    expect(failure.message).toMatch(/^name: /);
  });

  it("is 12 for any other bad value", () => {
    const failure = failureOfIssues(issuesOf({ tg_user_id: "five", name: "city", value: "x" }));
    expect(failure).toEqual({ code: 12, message: "tg_user_id must be an integer" });
  });
});

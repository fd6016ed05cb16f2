import type * as z from "@/contract/zod";
import { logText } from "./api-error";

/**
 * The path of the first mismatch, as `items[3].step_id`. A union reports one list of issues per
 * branch; the branch with the fewest issues is the one the data meant to be, so its first issue
 * is the useful one.
 */
export function firstIssue(issues: readonly z.core.$ZodIssue[]): { path: string; message: string } {
  const issue = issues[0];
  if (!issue) return { path: "", message: logText`invalid value` };
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, branch) =>
      branch.length > 0 && (best.length === 0 || branch.length < best.length) ? branch : best,
    );
    const inner = firstIssue(closest);
    if (closest.length > 0) {
      return { path: joinPath(formatPath(issue.path), inner.path), message: inner.message };
    }
  }
  return { path: formatPath(issue.path), message: issue.message };
}

function joinPath(outer: string, inner: string): string {
  if (!outer) return inner;
  if (!inner) return outer;
  return inner.startsWith("[") ? outer + inner : `${outer}.${inner}`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${String(key)}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

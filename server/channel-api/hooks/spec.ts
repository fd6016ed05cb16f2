import { type HookMethod, hookMethods } from "../../../src/contract/hooks";
import type { HookSettings } from "./store";

/**
 * A hook written on one line, as `npm run api -- --hook` and CHANNEL_API_HOOKS take it:
 * `GROUP_ID METHOD URL [SECRET]`, e.g. `1001 json http://127.0.0.1:9000/hook s3cret`.
 * CHANNEL_API_HOOKS holds several, separated by `;` or new lines.
 */
export function parseHookSpec(text: string): HookSettings {
  const parts = text.trim().split(/\s+/);
  const [group, method, url, secret, ...rest] = parts;
  if (group === undefined || method === undefined || url === undefined || rest.length > 0) {
    throw new Error(`hook "${text.trim()}": expected GROUP_ID METHOD URL [SECRET]`);
  }
  if (!/^\d+$/.test(group)) throw new Error(`hook "${text.trim()}": GROUP_ID must be a number`);
  if (!(hookMethods as readonly string[]).includes(method)) {
    throw new Error(`hook "${text.trim()}": METHOD must be ${hookMethods.join(", ")}`);
  }
  return {
    groupId: Number(group),
    method: method as HookMethod,
    url,
    ...(secret === undefined ? {} : { secret }),
  };
}

export function parseHookSpecs(text: string): HookSettings[] {
  return text
    .split(/[;\n]/)
    .filter((line) => line.trim() !== "")
    .map(parseHookSpec);
}

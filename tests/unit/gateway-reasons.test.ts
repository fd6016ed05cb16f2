import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error";
import { createClient } from "../../src/api/client";
import { describeApiError } from "../../src/api/error-text";
import { createSessionApi } from "../../src/api/session";
import { directoryReasons, type DirectoryReason } from "../../src/contract/directory";
import { gatewayReasons, type GatewayReason } from "../../src/contract/gateway-reasons";
import type { LocaleRequest } from "../../src/contract/session";
import { type RunningGateway, startGateway } from "../support/gateway";
import { testI18n } from "../support/i18n";

const en = testI18n("en");
const ru = testI18n("ru");

/** Latin words left in a Russian sentence, once the names that stay as they are removed. */
function englishIn(text: string): string[] {
  return text.replace(/Channel Desk|cookie/g, "").match(/[A-Za-z]{2,}/g) ?? [];
}

function refusal(
  reason: GatewayReason | DirectoryReason,
  details?: Record<string, unknown>,
): ApiError {
  return new ApiError({
    kind: "http",
    operation: "auth/login",
    status: 400,
    code: 0,
    message: "English words of the gateway, for logs",
    reason,
    details,
  });
}

describe("every reason the gateway gives", () => {
  const fallback = describeApiError(
    new ApiError({ kind: "http", operation: "auth/login", status: 400, message: "x" }),
    en,
  );

  // The directory's reasons too: the SPA's directory pages say them through describeApiError.
  const reasons = [...new Set([...gatewayReasons, ...directoryReasons])];

  it.each(reasons)("%s has a sentence of its own in both catalogs", (reason) => {
    for (const details of [
      undefined,
      { minutes: 5, group_id: 1001, in_flight: 100, field: "cursor", role: "support" },
    ]) {
      const english = describeApiError(refusal(reason, details), en);
      const russian = describeApiError(refusal(reason, details), ru);
      expect(english).not.toBe(fallback);
      expect(english).not.toContain("English words of the gateway");
      expect(russian).not.toBe(english);
      expect(englishIn(russian), russian).toEqual([]);
    }
  });

  it("says the minutes and the channel it names, in Russian plural forms", () => {
    expect(describeApiError(refusal("login-throttled", { minutes: 5 }), ru)).toContain("5 минут");
    expect(describeApiError(refusal("login-names-throttled", { minutes: 2 }), ru)).toContain(
      "2 минуты",
    );
    expect(describeApiError(refusal("no-channel-access", { group_id: 1002 }), ru)).toContain(
      "1002",
    );
  });
});

describe("a real gateway's refusals on a Russian screen", () => {
  const PASSWORD = "correct horse battery";
  let gateway: RunningGateway;
  let cookie = "";
  // A browser's cookie jar, for the SPA's own API modules running here.
  const withCookie: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.getSetCookie()[0];
    if (set) cookie = set.split(";")[0] ?? "";
    return response;
  };

  beforeAll(async () => {
    gateway = await startGateway({
      accounts: [{ username: "sam", role: "support", channels: [1001], password: PASSWORD }],
    });
  });
  afterAll(async () => {
    await gateway.close();
  });

  async function caught(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("reach the SPA with their reason, and read with no English word", async () => {
    const session = createSessionApi({ baseUrl: gateway.url, fetch: withCookie });
    const call = createClient({ baseUrl: gateway.url, fetch: withCookie });
    const seen: ApiError[] = [];

    seen.push(await caught(session.saveLocale({ locale: "ru" })));
    seen.push(await caught(call("groups/get", {}, { groupId: 1001 })));
    seen.push(await caught(session.login({ username: "sam", password: "wrong password" })));
    await session.login({ username: "sam", password: PASSWORD });
    seen.push(await caught(session.saveLocale({ locale: "de" } as unknown as LocaleRequest)));
    seen.push(await caught(call("groups/get", {}, { groupId: 1002 })));
    seen.push(await caught(call("subscriptions/del", { subscription_id: 1 }, { groupId: 1001 })));

    expect(seen.map((error) => error.reason)).toEqual([
      "not-signed-in",
      "session-ended",
      "login-wrong",
      "locale-invalid",
      "no-channel-access",
      "role-refused",
    ]);
    for (const error of seen) {
      const text = describeApiError(error, ru);
      expect(englishIn(text), text).toEqual([]);
      expect(text).not.toContain(error.message);
    }
  });
});

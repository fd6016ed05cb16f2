import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../../server/gateway/passwords";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";

// The brake on guessing passwords, under load: a refusal for load is no wrong password, and a
// flood of other names from other addresses never locks a person out.

const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "anna", role: "support", channels: [1001], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
];

/** Password checks that wait while held, so a test can fill every check slot at will. */
const checks = {
  held: false,
  started: 0,
  running: 0,
  waiting: [] as (() => void)[],
  async verify(password: string, stored: string): Promise<boolean> {
    checks.started += 1;
    checks.running += 1;
    try {
      if (checks.held) await new Promise<void>((resolve) => checks.waiting.push(resolve));
      return await verifyPassword(password, stored);
    } finally {
      checks.running -= 1;
    }
  },
  hold() {
    checks.held = true;
  },
  let() {
    checks.held = false;
    for (const resolve of checks.waiting.splice(0)) resolve();
  },
};

let clock = Date.UTC(2026, 2, 15, 12, 0, 0);
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({
    accounts,
    now: () => clock,
    trustProxy: ["127.0.0.1"],
    verifyPassword: (password, stored) => checks.verify(password, stored),
  });
});

afterAll(async () => {
  checks.let();
  await gateway.close();
});

beforeEach(() => {
  // Every test starts after the brake of the one before has worn off.
  clock += 60 * 60_000;
});

afterEach(async () => {
  // Whatever a test left held (a failed one too) finishes before the next begins.
  checks.let();
  await vi.waitFor(() => {
    expect(checks.running).toBe(0);
  });
});

/** A sign-in from `address` (the gateway trusts the test's X-Forwarded-For). */
function signIn(address: string, username: string, password: string) {
  return new Browser(gateway.url).request(
    "POST",
    "/auth/login",
    { username, password },
    { "X-Channel-Desk": "1", "X-Forwarded-For": address },
  );
}

/** Sends `count` sign-ins of random names from `address`, held in their password checks. */
async function flood(address: string, count: number) {
  checks.hold();
  const before = checks.started;
  const answers = Array.from({ length: count }, (_, n) =>
    signIn(address, `random${String(n)}x${String(clock)}`, "guess"),
  );
  await vi.waitFor(() => {
    expect(checks.started - before).toBe(Math.min(count, 8));
  });
  return answers;
}

describe("signing in during a flood", () => {
  it("never locks out a person who types the right password (the issue's 12 tries)", async () => {
    const flooding = await flood("203.0.113.1", 8);
    const tries: number[] = [];
    for (let n = 0; n < 12; n++)
      tries.push((await signIn("198.51.100.7", "anna", PASSWORD)).status);
    // Every check is taken: each try is refused for load, and none counts as a failure.
    expect(tries).toEqual(Array.from({ length: 12 }, () => 503));
    checks.let();
    expect((await Promise.all(flooding)).map((answer) => answer.status)).toEqual(
      Array.from({ length: 8 }, () => 401),
    );
    const signedIn = await signIn("198.51.100.7", "anna", PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  it("does not count a burst of guesses refused for load", async () => {
    const flooding = await flood("203.0.113.2", 8);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) => signIn("198.51.100.8", "mark", `guess ${String(n)}`)),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 503));
    checks.let();
    await Promise.all(flooding);
    expect((await signIn("198.51.100.8", "mark", PASSWORD)).status).toBe(200);
  });

  it("still lets no more than five parallel guesses reach the password check", async () => {
    checks.hold();
    const before = checks.started;
    const burst = Array.from({ length: 20 }, (_, n) =>
      signIn("198.51.100.9", "mark", `guess ${String(n)}`),
    );
    await vi.waitFor(() => {
      expect(checks.started - before).toBe(5);
    });
    const right = await signIn("198.51.100.9", "mark", PASSWORD);
    expect(right.status).toBe(429);
    checks.let();
    const statuses = (await Promise.all(burst)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(checks.started - before).toBe(5);
    const locked = await signIn("198.51.100.9", "mark", PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("300");
    // The time left travels in the body too, for the SPA to say it.
    expect(locked.body).toMatchObject({
      reason: "login-throttled",
      details: { minutes: 5, retry_after_seconds: 300 },
    });
  });

  it("does not count a sign-in refused as malformed", async () => {
    const browser = new Browser(gateway.url);
    for (let n = 0; n < 12; n++) {
      const answer = await browser.request(
        "POST",
        "/auth/login",
        { username: "anna" },
        { "X-Channel-Desk": "1", "X-Forwarded-For": "198.51.100.10" },
      );
      expect(answer.status).toBe(400);
    }
    expect((await signIn("198.51.100.10", "anna", PASSWORD)).status).toBe(200);
  });
});

describe("the bound on different names from one address", () => {
  it("refuses an eleventh name within a minute with 429 and Retry-After", async () => {
    const sprayer = "203.0.113.50";
    for (let n = 0; n < 10; n++) {
      expect((await signIn(sprayer, `someone${String(n)}`, "Summer2026!")).status).toBe(401);
    }
    const refused = await signIn(sprayer, "someone10", "Summer2026!");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.body).toMatchObject({
      success: false,
      error_code: 0,
      reason: "login-names-throttled",
      details: { minutes: 1, retry_after_seconds: 60 },
    });
    expect(String(refused.body.error_message)).toMatch(/different user names/);
    // Names it already tried go on, up to their own lock; a new one waits, whoever owns it.
    expect((await signIn(sprayer, "someone3", "Winter2026!")).status).toBe(401);
    expect((await signIn(sprayer, "anna", PASSWORD)).status).toBe(429);
    // Nobody elsewhere notices.
    expect((await signIn("198.51.100.11", "anna", PASSWORD)).status).toBe(200);
    clock += 60_000;
    expect((await signIn(sprayer, "anna", PASSWORD)).status).toBe(200);
  });
});

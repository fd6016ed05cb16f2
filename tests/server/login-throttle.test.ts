import { describe, expect, it } from "vitest";
import { type Attempt, LoginThrottle } from "../../server/gateway/login-throttle";

function throttle() {
  let clock = Date.UTC(2026, 2, 15, 12, 0, 0);
  const brake = new LoginThrottle({
    maxFailures: 5,
    windowMs: 60_000,
    lockMs: 5 * 60_000,
    maxNamesPerAddress: 10,
    now: () => clock,
  });
  const begin = (username: string, address: string): Attempt => {
    const start = brake.begin(username, address);
    if (start.kind === "refused") throw new Error(`refused: ${start.reason}`);
    return start.attempt;
  };
  return {
    brake,
    begin,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the sign-in brake", () => {
  it("locks a name and address after five wrong passwords, for five minutes", () => {
    const { brake, begin, advance } = throttle();
    for (let n = 0; n < 5; n++) begin("anna", "10.0.0.1").fail();
    expect(brake.begin("anna", "10.0.0.1")).toEqual({
      kind: "refused",
      reason: "locked",
      retryAfterMs: 5 * 60_000,
    });
    // Only that pair: the same name from elsewhere, another name from here, go on.
    expect(brake.begin("anna", "10.0.0.2").kind).toBe("started");
    expect(brake.begin("boris", "10.0.0.1").kind).toBe("started");
    advance(5 * 60_000);
    expect(brake.begin("anna", "10.0.0.1").kind).toBe("started");
  });

  it("counts an attempt as it starts, so parallel guesses cannot pass the lock together", () => {
    const { brake, begin } = throttle();
    const pending = Array.from({ length: 5 }, () => begin("anna", "10.0.0.1"));
    expect(brake.begin("anna", "10.0.0.1")).toMatchObject({ kind: "refused", reason: "locked" });
    for (const attempt of pending) attempt.fail();
    expect(brake.begin("anna", "10.0.0.1")).toMatchObject({ kind: "refused", reason: "locked" });
  });

  it("takes back an attempt whose password was never checked", () => {
    const { brake, begin } = throttle();
    for (let n = 0; n < 12; n++) begin("anna", "10.0.0.1").release();
    for (let n = 0; n < 4; n++) begin("anna", "10.0.0.1").fail();
    // Four wrong passwords and twelve refusals for load: one try left, not a lock.
    expect(brake.begin("anna", "10.0.0.1").kind).toBe("started");
  });

  it("forgets the failures of a pair at the right password", () => {
    const { brake, begin } = throttle();
    for (let n = 0; n < 4; n++) begin("anna", "10.0.0.1").fail();
    begin("anna", "10.0.0.1").succeed();
    for (let n = 0; n < 4; n++) begin("anna", "10.0.0.1").fail();
    expect(brake.begin("anna", "10.0.0.1").kind).toBe("started");
  });

  it("ends an attempt once, whatever is called after", () => {
    const { brake, begin } = throttle();
    const attempt = begin("anna", "10.0.0.1");
    attempt.release();
    for (let n = 0; n < 10; n++) attempt.fail();
    for (let n = 0; n < 4; n++) begin("anna", "10.0.0.1").fail();
    expect(brake.begin("anna", "10.0.0.1").kind).toBe("started");
  });

  it("lets one address try ten different names a minute", () => {
    const { brake, begin, advance } = throttle();
    for (let n = 0; n < 10; n++) begin(`name${String(n)}`, "10.0.0.1").fail();
    advance(20_000);
    expect(brake.begin("name10", "10.0.0.1")).toEqual({
      kind: "refused",
      reason: "names",
      retryAfterMs: 40_000,
    });
    // A name already tried goes on (up to its own lock); other addresses are not touched.
    expect(brake.begin("name3", "10.0.0.1").kind).toBe("started");
    expect(brake.begin("name10", "10.0.0.2").kind).toBe("started");
    advance(40_000);
    expect(brake.begin("name10", "10.0.0.1").kind).toBe("started");
  });

  it("counts names being checked against the bound, and not those taken back", () => {
    const { brake, begin } = throttle();
    const pending = Array.from({ length: 10 }, (_, n) => begin(`name${String(n)}`, "10.0.0.1"));
    expect(brake.begin("name10", "10.0.0.1")).toMatchObject({ kind: "refused", reason: "names" });
    for (const attempt of pending) attempt.release();
    expect(brake.begin("name10", "10.0.0.1").kind).toBe("started");
  });

  it("does not count a name whose password was right", () => {
    const { brake, begin } = throttle();
    // Colleagues behind one proxy signing in: right passwords use none of the bound.
    for (let n = 0; n < 30; n++) begin(`colleague${String(n)}`, "10.0.0.1").succeed();
    for (let n = 0; n < 9; n++) begin(`typo${String(n)}`, "10.0.0.1").fail();
    expect(brake.begin("anna", "10.0.0.1").kind).toBe("started");
  });
});

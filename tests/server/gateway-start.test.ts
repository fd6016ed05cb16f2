import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdminAccount } from "../../server/gateway/bootstrap";
import { verifyPassword } from "../../server/gateway/passwords";
import { findAccount, listAccounts } from "../../server/gateway/store/accounts";
import { openGatewayDb } from "../../server/gateway/store/database";

/** Starting the gateway: configuration errors, the first admin account, the user CLI. */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gateway-start-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: { PATH: process.env.PATH ?? "", GATEWAY_DB: join(dir, "gateway.sqlite"), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function start(env: Record<string, string>) {
  return run("server/gateway/main.ts", [], { CHANNEL_API_DB: ":memory:", PORT: "0", ...env });
}

function configFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

// Each test starts a process (tsx compiles on the way): seconds on a busy machine.
describe("a configuration error stops the start with one clear line", { timeout: 60_000 }, () => {
  const cases: [string, () => Record<string, string>, RegExp][] = [
    [
      "missing channels file",
      () => ({ CHANNELS_CONFIG: join(dir, "nope.json") }),
      /channels file .*nope\.json: no such file \(set by CHANNELS_CONFIG\)/,
    ],
    [
      "file that is not JSON",
      () => ({ CHANNELS_CONFIG: configFile("broken.json", "{ channels: ") }),
      /broken\.json: not valid JSON/,
    ],
    [
      "unknown key",
      () => ({
        CHANNELS_CONFIG: configFile("extra.json", {
          channels: [{ kind: "local", group_id: 1001, colour: "red" }],
        }),
      }),
      /extra\.json: channels\.0: Unrecognized key: "colour"/,
    ],
    [
      "bad base_url",
      () => ({
        CHANNELS_CONFIG: configFile("url.json", {
          channels: [
            {
              kind: "upstream",
              group_id: 5,
              base_url: "ftp://example.com",
              time_zone: "Europe/Moscow",
              token_env: "TOKEN_5",
            },
          ],
        }),
        TOKEN_5: "x",
      }),
      /url\.json: channels\.0\.base_url: must be an http\(s\) URL/,
    ],
    [
      "bad time zone",
      () => ({
        CHANNELS_CONFIG: configFile("zone.json", {
          channels: [
            {
              kind: "upstream",
              group_id: 5,
              base_url: "https://api.example.com",
              time_zone: "Mars/Olympus",
              token_env: "TOKEN_5",
            },
          ],
        }),
        TOKEN_5: "x",
      }),
      /zone\.json: channels\.0\.time_zone: must be an IANA time zone/,
    ],
    [
      "unset token variable",
      () => ({
        CHANNELS_CONFIG: configFile("token.json", {
          channels: [
            {
              kind: "upstream",
              group_id: 5,
              base_url: "https://api.example.com",
              time_zone: "UTC",
              token_env: "PRODUCTION_TOKEN",
            },
          ],
        }),
      }),
      /channels\.0\.token_env: the environment variable PRODUCTION_TOKEN is not set/,
    ],
    ["bad port", () => ({ PORT: "eighty" }), /environment variable PORT: /],
  ];

  it.each(cases)("%s", (_name, env, message) => {
    const result = start(env());
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[start\] configuration error: /);
    expect(lines[0]).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("the first start", { timeout: 60_000 }, () => {
  it("creates an admin with a generated password, printed once", async () => {
    const db = openGatewayDb(":memory:");
    const printed: string[] = [];
    await ensureAdminAccount(db, [1001, 1002], undefined, (line) => printed.push(line));
    const password = /password (\S+)$/.exec(printed[0] ?? "")?.[1] ?? "";
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const admin = findAccount(db, "admin");
    expect(admin).toMatchObject({ role: "admin", channels: [1001, 1002] });
    expect(await verifyPassword(password, admin?.passwordHash ?? "")).toBe(true);
    await ensureAdminAccount(db, [1001], undefined, (line) => printed.push(line));
    expect(printed).toHaveLength(2);
    expect(listAccounts(db)).toHaveLength(1);
  });

  it("takes ADMIN_PASSWORD and does not print it", async () => {
    const db = openGatewayDb(":memory:");
    const printed: string[] = [];
    await ensureAdminAccount(db, [1001], "from-the-environment", (line) => printed.push(line));
    expect(printed.join("\n")).not.toContain("from-the-environment");
    expect(
      await verifyPassword("from-the-environment", findAccount(db, "admin")?.passwordHash ?? ""),
    ).toBe(true);
  });
});

describe("npm run user", { timeout: 60_000 }, () => {
  const user = (...args: string[]) => run("server/gateway/cli.ts", args, {});

  it("adds, lists, changes and removes accounts", async () => {
    const added = user(
      "add",
      "Bob",
      "--role",
      "support",
      "--channels",
      "1001, 1002",
      "--password",
      "s3cret-pass",
    );
    expect(added.stderr).toBe("");
    expect(added.stdout).toContain("added bob (support; channels 1001, 1002)");
    expect(added.stdout).not.toContain("s3cret-pass");

    const generated = user("add", "carol", "--role", "marketing", "--channels", "1001");
    const password = /with the password (\S+)/.exec(generated.stdout)?.[1] ?? "";
    expect(password).toHaveLength(20);

    expect(user("list").stdout).toBe("bob\tsupport\t1001,1002\ncarol\tmarketing\t1001\n");

    const changed = user("passwd", "carol");
    const newPassword = /the new password is (\S+)/.exec(changed.stdout)?.[1] ?? "";
    expect(newPassword).toHaveLength(20);
    const db = openGatewayDb(join(dir, "gateway.sqlite"));
    try {
      expect(await verifyPassword(newPassword, findAccount(db, "carol")?.passwordHash ?? "")).toBe(
        true,
      );
    } finally {
      db.close();
    }

    expect(user("remove", "bob").stdout).toContain("removed bob");
    expect(user("list").stdout).toBe("carol\tmarketing\t1001\n");
  });

  it.each([
    [
      ["add", "dave", "--role", "boss", "--channels", "1"],
      /--role must be admin, marketing or support/,
    ],
    [["add", "dave", "--role", "support"], /add needs --channels/],
    [
      ["add", "dave", "--role", "support", "--channels", "1,x"],
      /--channels must be positive group ids/,
    ],
    [
      ["add", "Dave Smith", "--role", "support", "--channels", "1", "--password", "longenough"],
      /bad user name/,
    ],
    [
      ["add", "dave", "--role", "support", "--channels", "1", "--password", "short"],
      /at least 8 characters/,
    ],
    [["remove", "nobody"], /no account nobody/],
    [["frobnicate"], /unknown command "frobnicate"/],
  ])("refuses %j clearly", (args, message) => {
    const result = user(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

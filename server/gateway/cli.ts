import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import type { Role } from "../../src/contract/roles";
import { roleSchema } from "../../src/contract/session";
import { ConfigError, readGatewayEnv } from "./config";
import { generatePassword } from "./passwords";
import {
  AccountError,
  addAccount,
  listAccounts,
  removeAccount,
  setPassword,
} from "./store/accounts";
import { openGatewayDb } from "./store/database";

/**
 * `npm run user -- add NAME --role admin|marketing|support --channels ID,ID [--password P]`,
 * `remove NAME`, `list`, `passwd NAME [--password P]`. Without --password it asks (on a
 * terminal) or prints a generated one. Administrators work on every configured channel, so
 * they take no --channels.
 */
const USAGE = `usage: npm run user -- <command>
  add NAME --role marketing|support --channels ID,ID [--password P]
  add NAME --role admin [--password P]          (administrators have every channel)
  remove NAME
  list
  passwd NAME [--password P]
The database is GATEWAY_DB (default ./data/gateway.sqlite).`;

class UsageError extends Error {}

function parseChannels(text: string | undefined): number[] {
  if (text === undefined) throw new UsageError("add needs --channels ID,ID (the group ids)");
  const ids = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    throw new UsageError(
      `--channels must be positive group ids separated by commas, not "${text}"`,
    );
  }
  return [...new Set(ids)];
}

function channelList(
  account: { role: Role; channels: readonly number[] },
  separator = ",",
): string {
  return account.role === "admin" ? "all" : account.channels.join(separator);
}

function parseRole(text: string | undefined): Role {
  const parsed = roleSchema.safeParse(text);
  if (!parsed.success) throw new UsageError("--role must be admin, marketing or support");
  return parsed.data;
}

/** Reads a line without echoing it. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function passwordFrom(
  given: string | undefined,
): Promise<{ password: string; generated: boolean }> {
  if (given !== undefined) return { password: given, generated: false };
  if (process.stdin.isTTY) {
    const first = await askHidden("password: ");
    const second = await askHidden("again: ");
    if (first !== second) throw new UsageError("the two passwords differ");
    return { password: first, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: "string" },
      channels: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, name] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return;
  }
  const env = readGatewayEnv(process.env);
  const db = openGatewayDb(env.GATEWAY_DB);
  try {
    switch (command) {
      case "add": {
        if (name === undefined) throw new UsageError("add needs a user name");
        const role = parseRole(values.role);
        if (role === "admin" && values.channels !== undefined) {
          throw new UsageError("administrators have every channel: leave out --channels");
        }
        const channels = role === "admin" ? [] : parseChannels(values.channels);
        const { password, generated } = await passwordFrom(values.password);
        const account = await addAccount(db, { username: name, role, channels, password });
        console.log(
          `added ${account.username} (${account.role}; channels ${channelList(account, ", ")})` +
            (generated ? ` with the password ${password}` : ""),
        );
        break;
      }
      case "remove":
        if (name === undefined) throw new UsageError("remove needs a user name");
        removeAccount(db, name);
        console.log(`removed ${name} and ended their sessions`);
        break;
      case "list":
        for (const account of listAccounts(db)) {
          console.log(`${account.username}\t${account.role}\t${channelList(account)}`);
        }
        break;
      case "passwd": {
        if (name === undefined) throw new UsageError("passwd needs a user name");
        const { password, generated } = await passwordFrom(values.password);
        await setPassword(db, name, password);
        console.log(
          `changed the password of ${name} and ended their sessions` +
            (generated ? `; the new password is ${password}` : ""),
        );
        break;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    db.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof AccountError || error instanceof ConfigError)
    console.error(error.message);
  else console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});

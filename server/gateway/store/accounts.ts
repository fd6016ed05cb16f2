import type { Role } from "../../../src/contract/roles";
import { roleSchema } from "../../../src/contract/session";
import { USERNAME_PATTERN } from "../../../src/contract/session";
import { hashPassword } from "../passwords";
import type { GatewayDb } from "./database";

export interface Account {
  username: string;
  role: Role;
  channels: number[];
  passwordHash: string;
  /** The interface language the account chose, `null` before any choice. */
  locale: string | null;
}

interface AccountRow {
  username: string;
  role: string;
  channels: string;
  password_hash: string;
  locale: string | null;
}

const ACCOUNT_COLUMNS = "username, role, channels, password_hash, locale";

export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountError";
  }
}

function toAccount(row: AccountRow): Account {
  return {
    username: row.username,
    role: roleSchema.parse(row.role),
    channels: (JSON.parse(row.channels) as unknown[]).map(Number),
    passwordHash: row.password_hash,
    locale: row.locale,
  };
}

export function checkUsername(username: string): string {
  const name = username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(name)) {
    throw new AccountError(
      `bad user name "${username}": use lower-case letters, digits, dots, - and _ (at most 64)`,
    );
  }
  return name;
}

export function checkPassword(password: string): void {
  if (password.length < 8) throw new AccountError("a password has at least 8 characters");
  if (password.length > 1024) throw new AccountError("a password has at most 1024 characters");
}

export function findAccount(db: GatewayDb, username: string): Account | undefined {
  const row = db
    .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE username = ?`)
    .get(username) as AccountRow | undefined;
  return row ? toAccount(row) : undefined;
}

export function listAccounts(db: GatewayDb): Account[] {
  const rows = db
    .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY username`)
    .all() as AccountRow[];
  return rows.map(toAccount);
}

export function countAccounts(db: GatewayDb): number {
  return db.prepare("SELECT count(*) FROM accounts").pluck().get() as number;
}

export async function addAccount(
  db: GatewayDb,
  account: { username: string; role: Role; channels: number[]; password: string },
  now = Date.now(),
): Promise<Account> {
  const username = checkUsername(account.username);
  checkPassword(account.password);
  if (findAccount(db, username)) throw new AccountError(`the account ${username} exists already`);
  const passwordHash = await hashPassword(account.password);
  db.prepare(
    `INSERT INTO accounts (username, role, channels, password_hash, created_at, password_changed_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(username, account.role, JSON.stringify(account.channels), passwordHash, now, now);
  return { username, role: account.role, channels: account.channels, passwordHash, locale: null };
}

/** Remembers the account's interface language (the caller has checked it by the contract). */
export function setAccountLocale(db: GatewayDb, username: string, locale: string): void {
  const result = db
    .prepare("UPDATE accounts SET locale = ? WHERE username = ?")
    .run(locale, username);
  if (result.changes === 0) throw new AccountError(`no account ${username}`);
}

/** Removes the account and, through the foreign key, every session of it. */
export function removeAccount(db: GatewayDb, username: string): void {
  const result = db.prepare("DELETE FROM accounts WHERE username = ?").run(checkUsername(username));
  if (result.changes === 0) throw new AccountError(`no account ${username}`);
}

/** Sets a new password and ends the account's sessions (whoever knew the old one is out). */
export async function setPassword(
  db: GatewayDb,
  username: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  const name = checkUsername(username);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  db.transaction(() => {
    const result = db
      .prepare("UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE username = ?")
      .run(passwordHash, now, name);
    if (result.changes === 0) throw new AccountError(`no account ${username}`);
    db.prepare("DELETE FROM sessions WHERE username = ?").run(name);
  }).immediate();
}

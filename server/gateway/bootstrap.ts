import { generatePassword } from "./passwords";
import { addAccount, countAccounts } from "./store/accounts";
import type { GatewayDb } from "./store/database";

/**
 * On the first start nobody could sign in: make an `admin` account, with ADMIN_PASSWORD or a
 * generated password printed this once.
 */
export async function ensureAdminAccount(
  db: GatewayDb,
  channelIds: number[],
  adminPassword: string | undefined,
  print: (line: string) => void,
): Promise<void> {
  if (countAccounts(db) > 0) return;
  const password = adminPassword ?? generatePassword();
  await addAccount(db, { username: "admin", role: "admin", channels: channelIds, password });
  if (adminPassword === undefined) {
    print(`created the account "admin" with the password ${password}`);
    print("  (shown once; change it with: npm run user -- passwd admin)");
  } else {
    print('created the account "admin" with the password from ADMIN_PASSWORD');
  }
}

import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords hashed with scrypt (memory-hard; in node:crypto, no native add-on). The stored
 * text carries its parameters, so they can be raised later without breaking old hashes.
 */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 256 * n * r },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${String(N)}$${String(R)}$${String(P)}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password for a new account when none is given: 20 characters of 56 unambiguous ones (≈ 116 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(40);
  let password = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % alphabet.length)) password += alphabet.charAt(byte % alphabet.length);
    if (password.length === 20) break;
  }
  return password.length === 20 ? password : generatePassword();
}

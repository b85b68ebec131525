/** The server's signing secret and keys derived from it (sessions, the stored LLM API key). */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Env } from "../env";

/** Reads AUTH_SECRET, else a secret generated once into DATA_DIR/auth-secret. */
export function authSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = join(env.DATA_DIR, "auth-secret");
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch {
      // another process created it first
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** A 32-byte key for `purpose`, derived from `secret` with HKDF-SHA256 (decision 065). */
function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "lexmate", purpose, 32));
}

/** AES-256-GCM: base64 of iv(12) ‖ tag(16) ‖ ciphertext, under the key derived for `purpose`. */
export function sealSecret(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** Inverse of `sealSecret`; null when the value was sealed under another secret or is damaged. */
export function openSecret(secret: string, purpose: string, sealed: string): string | null {
  try {
    const buf = Buffer.from(sealed, "base64");
    const decipher = createDecipheriv("aes-256-gcm", derivedKey(secret, purpose), buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

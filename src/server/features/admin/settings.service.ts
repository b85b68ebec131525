/**
 * Site settings (issue 17 §2 settings page): site name, support email, sign-ups open or closed,
 * maintenance mode, default trial length (days) and the free plan's monthly message limit.
 * Stored in `app_settings` (one row per key); missing keys take the defaults below (SPEC.md §1:
 * 7-day trial, §6: 10 free messages). `getSettings` is read on hot paths (sign-up, every write
 * under maintenance, the message quota), so each process keeps the value for SETTINGS_TTL_MS; a
 * save on this process takes effect at once, on other processes within that time.
 */
import { inArray, sql } from "drizzle-orm";
import type { SiteSettings } from "../../../contract/admin";
import { FREE_MONTHLY_MESSAGES, TRIAL_DAYS } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { appSettings } from "../../db/schema";

export const SETTINGS_TTL_MS = 2000;

export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: "Lexmate",
  supportEmail: "support@lexmate.app",
  signupsOpen: true,
  maintenanceMode: false,
  maintenanceMessage: "Lexmate is in maintenance: you can read everything, changes are paused for a short while.",
  trialDays: TRIAL_DAYS,
  freeMessageLimit: FREE_MONTHLY_MESSAGES,
};

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof SiteSettings)[];

// Keyed by database handle, so test servers in one process do not share a cache.
const cache = new WeakMap<object, { at: number; value: SiteSettings }>();

/** The settings now (defaults for keys never saved). Cached per process for SETTINGS_TTL_MS. */
export async function getSettings(db: DbOrTx, nowMs = Date.now()): Promise<SiteSettings> {
  const hit = cache.get(db);
  if (hit && nowMs - hit.at < SETTINGS_TTL_MS) return hit.value;
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, KEYS));
  const value = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const r of rows) value[r.key] = r.value;
  const settings = value as SiteSettings;
  cache.set(db, { at: nowMs, value: settings });
  return settings;
}

/** Saves every key of `next`; returns the fields that changed as before/after maps (for the audit log). */
export async function saveSettings(
  db: DbOrTx,
  next: SiteSettings,
  by: string,
): Promise<{ before: Partial<SiteSettings>; after: Partial<SiteSettings> }> {
  cache.delete(db);
  const current = await getSettings(db);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of KEYS) {
    if (JSON.stringify(current[k]) !== JSON.stringify(next[k])) {
      before[k] = current[k];
      after[k] = next[k];
    }
  }
  const changed = Object.keys(after);
  if (changed.length)
    await db
      .insert(appSettings)
      .values(changed.map((k) => ({ key: k, value: next[k as keyof SiteSettings] as unknown, updatedBy: by })))
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()`, updatedBy: sql`excluded.updated_by` },
      });
  cache.set(db, { at: Date.now(), value: { ...next } });
  return { before: before as Partial<SiteSettings>, after: after as Partial<SiteSettings> };
}

/** Forgets the cached settings of `db` (tests that write `app_settings` directly). */
export function forgetSettings(db: DbOrTx) {
  cache.delete(db);
}

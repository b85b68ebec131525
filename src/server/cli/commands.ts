/**
 * Operator commands that need the database (DESIGN.md §5). They open the same database
 * `npm start` uses (PGlite in DATA_DIR, or DATABASE_URL), so stop a PGlite server first.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { user } from "../db/schema";
import { parseEnv } from "../env";
import { setPrice } from "../features/billing/pricing.service";
import { setPlan } from "../features/billing/subscriptions.service";
import { importCases } from "./import-cases";

async function withUser(
  email: string | undefined,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>["db"], userId: string) => Promise<string>,
): Promise<number> {
  if (!email) {
    process.stderr.write("An email address is required.\n");
    return 2;
  }
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const [found] = await database.db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
    if (!found) {
      process.stderr.write(`No account with the email ${email}.\n`);
      return 1;
    }
    process.stdout.write(`${await fn(database.db, found.id)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

export const commands: Record<string, (args: string[]) => Promise<number>> = {
  "import:cases": (args) => importCases(args),
  "users:set-admin": ([email]) =>
    withUser(email, async (db, id) => {
      await db.update(user).set({ isAdmin: true }).where(eq(user.id, id));
      return `${email} is now an administrator.`;
    }),
  "prices:set": async ([tier, interval, cents, currency, providerPriceId]) => {
    if (!tier || !interval || !cents || !currency) {
      process.stderr.write("usage: prices:set <tier> <month|year> <cents> <currency> [stripe price id]\n");
      return 2;
    }
    const env = parseEnv();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      const row = await setPrice(database.db, { tier, interval, cents: Number(cents), currency, providerPriceId });
      process.stdout.write(`${JSON.stringify(row)}\n`);
      return 0;
    } finally {
      await database.close();
    }
  },
  "users:set-plan": async ([email, plan]) => {
    if (plan !== "free" && plan !== "trial" && plan !== "unlimited") {
      process.stderr.write("usage: users:set-plan <email> free|trial|unlimited\n");
      return 2;
    }
    return withUser(email, async (db, id) => {
      await setPlan({ db, userId: id, plan });
      return `${email} is now on the ${plan} plan.`;
    });
  },
};

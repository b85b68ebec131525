/** The Stripe customer of a user (decision 054): `billing_customers`, one per user. */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, DbOrTx } from "../../db/client";
import { billingCustomers, subscriptions } from "../../db/schema";

/** The user's Stripe customer id: `billing_customers`, else the newest subscription row carrying one; null when none. */
export async function findCustomerId(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  if (row) return row.id;
  const subs = await db
    .select({ id: subscriptions.stripeCustomerId, createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const withId = subs.filter((s) => s.id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return withId[0]?.id ?? null;
}

/** The user owning a Stripe customer id, or null. */
export async function userOfCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

/** Records `customerId` as the user's customer unless the user already has one. */
export async function linkCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
}

/** The user's customer id, creating a Stripe customer (metadata.userId) at the first checkout. */
export async function ensureCustomer(opts: {
  db: Db;
  stripe: Stripe;
  user: { id: string; email: string; name: string };
}): Promise<string> {
  const existing = await findCustomerId(opts.db, opts.user.id);
  if (existing) {
    await linkCustomer(opts.db, opts.user.id, existing);
    return existing;
  }
  const customer = await opts.stripe.customers.create(
    { email: opts.user.email, name: opts.user.name, metadata: { userId: opts.user.id } },
    { idempotencyKey: `customer-${opts.user.id}` },
  );
  await linkCustomer(opts.db, opts.user.id, customer.id);
  // A concurrent checkout may have linked another customer first: use the stored one.
  return (await findCustomerId(opts.db, opts.user.id)) ?? customer.id;
}

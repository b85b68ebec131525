/**
 * The built-in referral program (SPEC.md §2.2, §2.4 Refer & Earn; issue 14 item 9; decision 058).
 * No third-party script: every piece is ours.
 *
 *  - Each user has a short code (8 characters, no look-alikes) and a link `<APP_URL>/?ref=CODE`.
 *  - A page visit with `?ref=CODE` sets the first-party cookie `lm_ref` (30 days, first touch:
 *    an existing valid cookie is kept) and counts one invite; a sign-up with that cookie is
 *    attributed to the code's owner. A code typed at checkout attributes too, if nothing did.
 *  - No self-referral: not the same account, not the same e-mail after normalisation (case,
 *    `+tag`, Gmail dots), and — checked when the reward is granted — not the same card
 *    fingerprint as the referrer.
 *  - After the referred user's first paid invoice (amount > 0), both get a reward: Stripe
 *    customer balance credit of `REFERRAL_REWARD_CENTS` (default one month of Unlimited).
 *  - A refund (charge.refunded) within 30 days of that invoice claws both rewards back.
 *
 * Webhook handlers only write rows (inside the ledger's transaction); `settleReferralRewards`
 * makes the Stripe calls after the commit, claiming each row first so it runs once.
 */
import { randomInt } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { Db, DbOrTx } from "../../db/client";
import { billingEvents, referralCodes, referralRewards, referrals, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { findPriceMapping } from "./pricing.service";
import { ensureCustomer, findCustomerId } from "./customers.service";

const DAY_MS = 86_400_000;
/** First-touch attribution window of a referral link visit (days). */
export const REFERRAL_WINDOW_DAYS = 30;
/** A refund within this many days of the first paid invoice claws the rewards back. */
export const CLAWBACK_DAYS = 30;
/** The cookie that carries a link visit to sign-up: `CODE.<visit unix ms>`. */
export const REF_COOKIE = "lm_ref";
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_RE = /^[A-Z0-9]{4,20}$/;

/** Upper-cased, trimmed referral code; null when it cannot be one. */
export function normalizeReferralCode(code: string | null | undefined): string | null {
  const c = (code ?? "").trim().toUpperCase();
  return CODE_RE.test(c) ? c : null;
}

/**
 * An e-mail address reduced to its mailbox: lower case, `+tag` dropped, and for Gmail the dots
 * dropped and googlemail.com read as gmail.com. Two addresses that normalise alike are one person.
 */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf("@");
  if (at < 0) return e;
  let local = e.slice(0, at).split("+")[0];
  let domain = e.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** The user's referral code, created on first use. */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (row) return row.code;
    const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    // A clash on the code (or a concurrent first use) inserts nothing; the loop reads again.
    await db.insert(referralCodes).values({ userId, code }).onConflictDoNothing();
  }
  throw new Error("could not allocate a referral code");
}

/** The owner of `code`, or null. */
async function ownerOf(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.userId ?? null;
}

/** The code in a `lm_ref` cookie value when the visit is at most 30 days before `now`; else null. */
export function codeFromRefCookie(value: string | null | undefined, now: Date): string | null {
  if (!value) return null;
  const [raw, at] = decodeURIComponent(value).split(".");
  const code = normalizeReferralCode(raw);
  const visited = Number(at);
  if (!code || !Number.isFinite(visited)) return null;
  const age = now.getTime() - visited;
  return age >= 0 && age <= REFERRAL_WINDOW_DAYS * DAY_MS ? code : null;
}

/** The `lm_ref` value in a Cookie header, or null. */
export function refCookieOf(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === REF_COOKIE) return part.slice(i + 1).trim();
  }
  return null;
}

/**
 * A visit through a referral link. Returns the Set-Cookie value to send (and counts one invite)
 * when `code` is a real code and the browser carries no valid earlier visit (first touch); null
 * otherwise.
 */
export async function recordLinkVisit(opts: {
  db: Db;
  code: string;
  existingCookie: string | null;
  now: Date;
  secure: boolean;
}): Promise<string | null> {
  const code = normalizeReferralCode(opts.code);
  if (!code || codeFromRefCookie(opts.existingCookie, opts.now)) return null;
  const updated = await opts.db
    .update(referralCodes)
    .set({ invites: sql`${referralCodes.invites} + 1` })
    .where(eq(referralCodes.code, code))
    .returning({ code: referralCodes.code });
  if (!updated.length) return null;
  const maxAge = REFERRAL_WINDOW_DAYS * 86_400;
  return `${REF_COOKIE}=${code}.${opts.now.getTime()}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${opts.secure ? "; Secure" : ""}`;
}

export type AttributionOutcome = "attributed" | "already_referred" | "self" | "unknown_code" | "already_paid";

/**
 * Attributes `referredId`'s account to the owner of `code` (first touch: an existing referral is
 * kept). `self` when the code is the user's own or its owner's e-mail normalises to the same
 * mailbox; `already_paid` when the user already has a paid invoice (a referral rewards bringing
 * in a new customer, so it must come before the first payment).
 */
export async function attributeReferral(opts: {
  db: DbOrTx;
  referredId: string;
  code: string;
  source: "link" | "checkout";
  now: Date;
}): Promise<AttributionOutcome> {
  const code = normalizeReferralCode(opts.code);
  const referrerId = code ? await ownerOf(opts.db, code) : null;
  if (!code || !referrerId) return "unknown_code";
  if (referrerId === opts.referredId) return "self";
  const people = await opts.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, [referrerId, opts.referredId]));
  const referrer = people.find((p) => p.id === referrerId);
  const referred = people.find((p) => p.id === opts.referredId);
  if (!referrer || !referred) return "unknown_code";
  if (normalizeEmail(referrer.email) === normalizeEmail(referred.email)) return "self";
  const [existing] = await opts.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referredId, opts.referredId));
  if (existing) return "already_referred";
  if (await hasPaidInvoice(opts.db, opts.referredId)) return "already_paid";
  const inserted = await opts.db
    .insert(referrals)
    .values({ referrerId, referredId: opts.referredId, code, source: opts.source, attributedAt: opts.now })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length ? "attributed" : "already_referred";
}

/** Whether the ledger holds a paid invoice with an amount for the user. */
async function hasPaidInvoice(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(
      and(
        eq(billingEvents.userId, userId),
        eq(billingEvents.type, "invoice.paid"),
        eq(billingEvents.outcome, "applied"),
        sql`coalesce((${billingEvents.payload}->'data'->'object'->>'amount_paid')::int, 0) > 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The reward per side in cents: REFERRAL_REWARD_CENTS, else the mapped monthly Unlimited price, else 1000. */
export async function rewardCentsOf(db: DbOrTx, configured: number | undefined): Promise<number> {
  if (configured !== undefined) return configured;
  const price = await findPriceMapping(db, "unlimited");
  return price?.intervalType === "month" ? price.displayPriceCents : 1000;
}

/**
 * Inside the webhook transaction, for a paid invoice of `referredId` (amount > 0): the first one
 * converts an attributed referral and creates both rewards (pending). Returns true when rewards
 * were created (the caller settles them after the commit).
 */
export async function convertReferral(
  tx: DbOrTx,
  o: { referredId: string; amountPaid: number; currency: string; now: Date; rewardCents: number },
): Promise<boolean> {
  if (o.amountPaid <= 0 || o.rewardCents <= 0) return false;
  const [ref] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, o.referredId), eq(referrals.status, "attributed")));
  if (!ref) return false;
  await tx.update(referrals).set({ status: "converted", convertedAt: o.now }).where(eq(referrals.id, ref.id));
  await tx
    .insert(referralRewards)
    .values(
      (["referrer", "referred"] as const).map((role) => ({
        referralId: ref.id,
        userId: role === "referrer" ? ref.referrerId : ref.referredId,
        role,
        amountCents: o.rewardCents,
        currency: o.currency.toLowerCase(),
        createdAt: o.now,
      })),
    )
    .onConflictDoNothing();
  return true;
}

/**
 * Inside the webhook transaction, for a refund to `referredId`: when their referral converted at
 * most 30 days before `now`, the referral is clawed back — a pending reward is canceled, a
 * credited one is marked for a clawback. Returns true when a Stripe call is due after the commit.
 */
export async function clawBackReferral(tx: DbOrTx, o: { referredId: string; now: Date }): Promise<boolean> {
  const [ref] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, o.referredId), eq(referrals.status, "converted")));
  if (!ref?.convertedAt || o.now.getTime() - ref.convertedAt.getTime() > CLAWBACK_DAYS * DAY_MS) return false;
  await tx.update(referrals).set({ status: "clawed_back" }).where(eq(referrals.id, ref.id));
  await tx
    .update(referralRewards)
    .set({ status: "canceled" })
    .where(and(eq(referralRewards.referralId, ref.id), eq(referralRewards.status, "pending")));
  const due = await tx
    .update(referralRewards)
    .set({ status: "clawback_pending" })
    .where(and(eq(referralRewards.referralId, ref.id), inArray(referralRewards.status, ["credited", "crediting"])))
    .returning({ id: referralRewards.id });
  return due.length > 0;
}

/** Card fingerprints saved on a Stripe customer (none when there is no customer). */
async function fingerprints(stripe: Stripe, customer: string | null): Promise<Set<string>> {
  if (!customer) return new Set();
  const list = await stripe.customers.listPaymentMethods(customer, { type: "card", limit: 100 });
  return new Set(list.data.map((pm) => pm.card?.fingerprint).filter((f): f is string => !!f));
}

/**
 * Makes the Stripe calls the webhook handlers left due (after their commit): credits each
 * pending reward as a negative customer balance transaction (rejecting both rewards of a
 * referral when the two customers share a card fingerprint), and posts a positive one for each
 * clawback. Each row is claimed first (`crediting` / `clawing_back`), so two processes never
 * credit it twice; Stripe's idempotency key covers a retry. A Stripe failure puts the row back
 * for the next run. Returns the number of rows settled.
 */
export async function settleReferralRewards(opts: { db: Db; stripe: Stripe; logger: Logger; now: Date }) {
  const { db, stripe } = opts;
  let settled = 0;
  const claimed = await db
    .update(referralRewards)
    .set({ status: "crediting" })
    .where(eq(referralRewards.status, "pending"))
    .returning();
  const rejectedReferrals = new Set<string>();
  for (const reward of claimed) {
    try {
      if (rejectedReferrals.has(reward.referralId) || (await sharesCard(db, stripe, reward.referralId))) {
        rejectedReferrals.add(reward.referralId);
        await db.update(referralRewards).set({ status: "rejected" }).where(eq(referralRewards.id, reward.id));
        await db
          .update(referrals)
          .set({ status: "rejected", rejectReason: "self_card" })
          .where(eq(referrals.id, reward.referralId));
        settled++;
        continue;
      }
      const [u] = await db.select().from(user).where(eq(user.id, reward.userId));
      if (!u) continue;
      const customer = await ensureCustomer({ db, stripe, user: { id: u.id, email: u.email, name: u.name } });
      const txn = await stripe.customers.createBalanceTransaction(
        customer,
        {
          amount: -reward.amountCents,
          currency: reward.currency,
          description: "Referral reward",
          metadata: { referralRewardId: reward.id, role: reward.role },
        },
        { idempotencyKey: `referral-reward-${reward.id}` },
      );
      await db
        .update(referralRewards)
        .set({ status: "credited", stripeTxnId: txn.id, creditedAt: opts.now })
        .where(and(eq(referralRewards.id, reward.id), eq(referralRewards.status, "crediting")));
      settled++;
    } catch (err) {
      opts.logger.warn({ err, rewardId: reward.id }, "referrals: reward not credited yet");
      await db
        .update(referralRewards)
        .set({ status: "pending" })
        .where(and(eq(referralRewards.id, reward.id), eq(referralRewards.status, "crediting")));
    }
  }
  // A clawback that arrived while a reward was being credited is picked up here too.
  const clawbacks = await db
    .update(referralRewards)
    .set({ status: "clawing_back" })
    .where(eq(referralRewards.status, "clawback_pending"))
    .returning();
  for (const reward of clawbacks) {
    try {
      const customer = await findCustomerId(db, reward.userId);
      if (!customer || !reward.stripeTxnId) {
        await db.update(referralRewards).set({ status: "canceled" }).where(eq(referralRewards.id, reward.id));
        continue;
      }
      const txn = await stripe.customers.createBalanceTransaction(
        customer,
        {
          amount: reward.amountCents,
          currency: reward.currency,
          description: "Referral reward clawed back (refund within 30 days)",
          metadata: { referralRewardId: reward.id, role: reward.role },
        },
        { idempotencyKey: `referral-clawback-${reward.id}` },
      );
      await db
        .update(referralRewards)
        .set({ status: "clawed_back", clawbackTxnId: txn.id })
        .where(eq(referralRewards.id, reward.id));
      settled++;
    } catch (err) {
      opts.logger.warn({ err, rewardId: reward.id }, "referrals: clawback not posted yet");
      await db
        .update(referralRewards)
        .set({ status: "clawback_pending" })
        .where(and(eq(referralRewards.id, reward.id), eq(referralRewards.status, "clawing_back")));
    }
  }
  return settled;
}

/** Whether the referred user's saved card is also one of the referrer's (same fingerprint). */
async function sharesCard(db: Db, stripe: Stripe, referralId: string): Promise<boolean> {
  const [ref] = await db.select().from(referrals).where(eq(referrals.id, referralId));
  if (!ref) return false;
  const [a, b] = await Promise.all([
    fingerprints(stripe, await findCustomerId(db, ref.referredId)),
    fingerprints(stripe, await findCustomerId(db, ref.referrerId)),
  ]);
  for (const f of a) if (b.has(f)) return true;
  return false;
}

export interface ReferralStats {
  enabled: boolean;
  code: string;
  link: string;
  invited: number;
  signedUp: number;
  paid: number;
  creditCents: number;
  rewardCents: number;
  referredBy: boolean;
}

/**
 * The Refer & Earn figures of `userId` (`GET /api/referrals/me`, DESIGN.md §5): code and link,
 * invites (first-touch link visits), sign-ups attributed, paid conversions (not clawed back or
 * rejected), and credit earned in cents (rewards credited to them as referrer and not clawed back).
 */
export async function referralStats(opts: {
  db: Db;
  userId: string;
  appUrl: string;
  enabled: boolean;
  rewardCents: number;
}): Promise<ReferralStats> {
  const code = await ensureReferralCode(opts.db, opts.userId);
  const [codeRow] = await opts.db
    .select({ invites: referralCodes.invites })
    .from(referralCodes)
    .where(eq(referralCodes.userId, opts.userId));
  const byStatus = await opts.db
    .select({ status: referrals.status, n: count() })
    .from(referrals)
    .where(eq(referrals.referrerId, opts.userId))
    .groupBy(referrals.status);
  const [credit] = await opts.db
    .select({ cents: sql<number>`coalesce(sum(${referralRewards.amountCents}), 0)::int` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.userId, opts.userId),
        eq(referralRewards.role, "referrer"),
        eq(referralRewards.status, "credited"),
      ),
    );
  const [mine] = await opts.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referredId, opts.userId));
  const n = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  return {
    enabled: opts.enabled,
    code,
    link: `${opts.appUrl}/?ref=${code}`,
    invited: codeRow?.invites ?? 0,
    signedUp: byStatus.reduce((sum, r) => sum + Number(r.n), 0),
    paid: n("converted"),
    creditCents: Number(credit?.cents ?? 0),
    rewardCents: opts.rewardCents,
    referredBy: !!mine,
  };
}

/** The §8-style messages of a typed referral code that is refused (`POST /api/referrals/claim`). */
export function claimError(outcome: Exclude<AttributionOutcome, "attributed">): AppError {
  switch (outcome) {
    case "unknown_code":
      return new AppError("NOT_FOUND", "Unknown referral code.");
    case "self":
      return new AppError("BAD_REQUEST", "You cannot use your own referral code.");
    case "already_referred":
      return new AppError("CONFLICT", "Your account already has a referral.");
    case "already_paid":
      return new AppError("CONFLICT", "Referral codes apply before your first payment.");
  }
}

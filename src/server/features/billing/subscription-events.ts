/**
 * The effect of each Stripe event on our tables (issue 14 §4, decision 054), applied inside the
 * ledger's transaction from the event object alone (no Stripe API call):
 *
 * | event | effect |
 * |---|---|
 * | customer.subscription.created / updated | upsert the `subscriptions` row keyed by the Stripe subscription id (`metadata.userId`) |
 * | customer.subscription.deleted | the row becomes `canceled` (Free) |
 * | invoice.paid | the row becomes `active`, grace cleared, period end moved to the invoice's (an invoice older than the row's newest event is ignored) |
 * | invoice.payment_failed | the row becomes `past_due`; grace until first failure + 7 days; an email |
 * | checkout.session.completed | the customer is linked to the user (`metadata.userId` or `client_reference_id`) |
 * | payment_intent.succeeded / charge.refunded (course payment) | a course purchase: enrollment made or extended / ended (features/courses/course-purchase.ts) |
 * | charge.refunded | recorded for the customer's user; a refund within 30 days of a referred user's first paid invoice claws the referral rewards back |
 * | anything else | recorded, `unhandled` |
 *
 * The first paid invoice (amount > 0) of a referred user also converts the referral (rewards
 * created, credited after the commit; ./referrals.service.ts). Dispatch is the `EVENT_HANDLERS`
 * map (event type → handler); another feature adds its types with `registerEventHandler`.
 *
 * Ordering: a row remembers the `created` instant of the newest event applied (`last_event_at`).
 * An older event (or a `created` event for a row that already exists) only fills fields that are
 * still empty; it never moves status, period or cancellation backwards. A `canceled` row stays
 * canceled. An event whose user cannot be found is recorded with outcome `unknown_user`.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { PAYMENT_GRACE_DAYS } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { subscriptions, user } from "../../db/schema";
import { applyCoursePaymentEvent } from "../courses/course-purchase";
import { linkCustomer, userOfCustomer } from "./customers.service";
import { clawBackReferral, convertReferral, rewardCentsOf } from "./referrals.service";

const DAY_MS = 86_400_000;

export interface EventEffect {
  outcome: "applied" | "ignored_stale" | "unknown_user" | "unhandled";
  userId: string | null;
  /** A message to send after the commit. */
  email?: "payment_failed";
  graceUntil?: Date | null;
  /** An analytics event to record after the commit (SPEC.md §7 names). */
  track?: { name: "purchase_complete" | "subscription_canceled"; properties: Record<string, unknown> };
  /** Referral rewards or clawbacks are due at Stripe after the commit. */
  settleReferrals?: boolean;
}

/** What a handler knows besides the event: the app's clock and the referral reward setting. */
export interface EventContext {
  now: Date;
  /** REFERRAL_REWARD_CENTS (undefined = one month of Unlimited; 0 = program off). */
  referralRewardCents: number | undefined;
  /** Whether rewards can be paid (Stripe configured). */
  referralsEnabled: boolean;
}

/** Applies one event type's effect inside the ledger's transaction; never calls Stripe. */
export type EventHandler = (tx: DbOrTx, event: Stripe.Event, ctx: EventContext) => Promise<EventEffect>;

type Row = typeof subscriptions.$inferSelect;
type Insert = typeof subscriptions.$inferInsert;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === "string" ? v : v.id;
const at = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));

async function userExists(tx: DbOrTx, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [u] = await tx.select({ id: user.id }).from(user).where(eq(user.id, id));
  return u?.id ?? null;
}

/** The user an object belongs to: its `metadata.userId` when that user exists, else its customer's owner. */
async function resolveUser(
  tx: DbOrTx,
  metadataUserId: string | null | undefined,
  customer: string | null,
): Promise<string | null> {
  return (await userExists(tx, metadataUserId)) ?? (customer ? await userOfCustomer(tx, customer) : null);
}

async function rowOf(tx: DbOrTx, stripeSubscriptionId: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row ?? null;
}

/** Our row's fields from a Stripe subscription object. */
function fieldsOf(sub: Stripe.Subscription, deleted: boolean, eventAt: Date) {
  const item = sub.items?.data?.[0];
  const price = item?.price;
  return {
    status: deleted ? "canceled" : sub.status,
    priceId: price?.id ?? null,
    productId: idOf(price?.product as string | { id: string } | null | undefined),
    interval: price?.recurring?.interval ?? null,
    intervalCount: price?.recurring?.interval_count ?? null,
    stripeCustomerId: idOf(sub.customer as string | { id: string }),
    currentPeriodEnd: deleted
      ? (at(sub.ended_at) ?? eventAt)
      : (at(item?.current_period_end) ?? at(sub.trial_end) ?? null),
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    trialEnd: at(sub.trial_end),
  };
}

/** Fields of `incoming` only where `row` has none (an older event filling gaps). */
function fillGaps(row: Row, incoming: Partial<Insert>): Partial<Insert> {
  const out: Partial<Insert> = {};
  for (const [k, v] of Object.entries(incoming) as [keyof Insert, unknown][])
    if (v != null && (row[k as keyof Row] == null || row[k as keyof Row] === undefined))
      (out as Record<string, unknown>)[k] = v;
  return out;
}

async function applySubscriptionEvent(tx: DbOrTx, event: Stripe.Event): Promise<EventEffect> {
  const sub = event.data.object as Stripe.Subscription;
  const eventAt = new Date(event.created * 1000);
  const customer = idOf(sub.customer as string | { id: string });
  const userId = await resolveUser(tx, sub.metadata?.userId, customer);
  if (!userId) return { outcome: "unknown_user", userId: null };
  if (customer) await linkCustomer(tx, userId, customer);
  const deleted = event.type === "customer.subscription.deleted";
  const fields = fieldsOf(sub, deleted, eventAt);
  const existing = await rowOf(tx, sub.id);
  if (!existing) {
    const graceUntil = fields.status === "past_due" ? new Date(eventAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS) : null;
    await tx
      .insert(subscriptions)
      .values({ userId, stripeSubscriptionId: sub.id, ...fields, graceUntil, lastEventAt: eventAt })
      .onConflictDoNothing();
    return { outcome: "applied", userId };
  }
  const stale =
    (existing.lastEventAt && eventAt.getTime() < existing.lastEventAt.getTime()) ||
    (event.type === "customer.subscription.created" && existing.lastEventAt !== null) ||
    (existing.status === "canceled" && !deleted);
  if (stale) {
    const gaps = fillGaps(existing, fields);
    if (Object.keys(gaps).length) await tx.update(subscriptions).set(gaps).where(eq(subscriptions.id, existing.id));
    return { outcome: "ignored_stale", userId };
  }
  const graceUntil =
    fields.status === "past_due"
      ? (existing.graceUntil ?? new Date(eventAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS))
      : null;
  await tx
    .update(subscriptions)
    .set({ ...fields, userId, graceUntil, lastEventAt: eventAt })
    .where(eq(subscriptions.id, existing.id));
  if (deleted && existing.status !== "canceled")
    return {
      outcome: "applied",
      userId,
      track: { name: "subscription_canceled", properties: { subscriptionId: sub.id, priceId: fields.priceId } },
    };
  return { outcome: "applied", userId };
}

/** The subscription id, metadata and period end an invoice carries (API 2025+: `parent.subscription_details`). */
function invoiceParts(inv: Stripe.Invoice) {
  const details = inv.parent?.subscription_details;
  const line = inv.lines?.data?.[0];
  const priceDetails = (line as unknown as { pricing?: { price_details?: { price?: string } } })?.pricing
    ?.price_details;
  return {
    subscriptionId: idOf(details?.subscription as string | { id: string } | null | undefined),
    metadataUserId: details?.metadata?.userId ?? null,
    periodEnd: at(line?.period?.end ?? inv.period_end),
    priceId: priceDetails?.price ?? null,
    customer: idOf(inv.customer as string | { id: string } | null),
  };
}

async function applyInvoiceEvent(tx: DbOrTx, event: Stripe.Event, ctx: EventContext): Promise<EventEffect> {
  const effect = await applyInvoiceState(tx, event);
  const inv = event.data.object as Stripe.Invoice;
  if (event.type !== "invoice.paid" || effect.outcome === "unknown_user" || !effect.userId || !ctx.referralsEnabled)
    return effect;
  const converted = await convertReferral(tx, {
    referredId: effect.userId,
    amountPaid: inv.amount_paid ?? 0,
    currency: inv.currency ?? "usd",
    now: ctx.now,
    rewardCents: await rewardCentsOf(tx, ctx.referralRewardCents),
  });
  return converted ? { ...effect, settleReferrals: true } : effect;
}

async function applyInvoiceState(tx: DbOrTx, event: Stripe.Event): Promise<EventEffect> {
  const inv = event.data.object as Stripe.Invoice;
  const eventAt = new Date(event.created * 1000);
  const p = invoiceParts(inv);
  const userId = await resolveUser(tx, p.metadataUserId, p.customer);
  if (!userId) return { outcome: "unknown_user", userId: null };
  if (p.customer) await linkCustomer(tx, userId, p.customer);
  if (!p.subscriptionId) return { outcome: "unhandled", userId };
  const paid = event.type === "invoice.paid";
  const existing = await rowOf(tx, p.subscriptionId);
  if (!existing) {
    // The invoice arrived before any subscription event: start the row from the invoice; the
    // subscription events fill in the rest (they are older, so they only fill gaps).
    const graceUntil = paid ? null : new Date(eventAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
    await tx
      .insert(subscriptions)
      .values({
        userId,
        stripeSubscriptionId: p.subscriptionId,
        status: paid ? "active" : "past_due",
        priceId: p.priceId,
        stripeCustomerId: p.customer,
        currentPeriodEnd: p.periodEnd,
        graceUntil,
        lastEventAt: eventAt,
      })
      .onConflictDoNothing();
    return paid
      ? { outcome: "applied", userId, track: purchaseOf(inv, inv.parent?.subscription_details?.metadata ?? {}) }
      : { outcome: "applied", userId, email: "payment_failed", graceUntil };
  }
  if (existing.status === "canceled" || (existing.lastEventAt && eventAt < existing.lastEventAt))
    return { outcome: "ignored_stale", userId };
  const periodEnd =
    p.periodEnd && (!existing.currentPeriodEnd || p.periodEnd > existing.currentPeriodEnd)
      ? p.periodEnd
      : existing.currentPeriodEnd;
  const lastEventAt = eventAt;
  if (paid) {
    await tx
      .update(subscriptions)
      .set({ status: "active", graceUntil: null, currentPeriodEnd: periodEnd, lastEventAt })
      .where(eq(subscriptions.id, existing.id));
    return {
      outcome: "applied",
      userId,
      track: purchaseOf(inv, inv.parent?.subscription_details?.metadata ?? {}),
    };
  }
  const graceUntil = existing.graceUntil ?? new Date(eventAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
  await tx
    .update(subscriptions)
    .set({ status: "past_due", graceUntil, currentPeriodEnd: periodEnd, lastEventAt })
    .where(eq(subscriptions.id, existing.id));
  return { outcome: "applied", userId, email: "payment_failed", graceUntil };
}

/** purchase_complete for the first paid invoice of a subscription (SPEC.md §7 analytics). */
function purchaseOf(inv: Stripe.Invoice, metadata: Record<string, string>): EventEffect["track"] {
  if (inv.billing_reason !== "subscription_create") return undefined;
  return {
    name: "purchase_complete",
    properties: { tier: metadata.tier ?? null, amountCents: inv.amount_paid, currency: inv.currency },
  };
}

async function applyCheckoutCompleted(tx: DbOrTx, event: Stripe.Event): Promise<EventEffect> {
  const session = event.data.object as Stripe.Checkout.Session;
  const customer = idOf(session.customer as string | { id: string } | null);
  const userId = await resolveUser(tx, session.metadata?.userId ?? session.client_reference_id, customer);
  if (!userId) return { outcome: "unknown_user", userId: null };
  if (customer) await linkCustomer(tx, userId, customer);
  return { outcome: "applied", userId };
}

/**
 * charge.refunded: recorded for the customer's user (`metadata.userId` or the customer's owner);
 * a refund within 30 days of a referred user's first paid invoice claws the rewards back.
 * Course refunds are the courses feature's (it may register its own handler).
 */
async function applyChargeRefunded(tx: DbOrTx, event: Stripe.Event, ctx: EventContext): Promise<EventEffect> {
  const charge = event.data.object as Stripe.Charge;
  const customer = idOf(charge.customer as string | { id: string } | null);
  const userId = await resolveUser(tx, charge.metadata?.userId, customer);
  if (!userId) return { outcome: "unknown_user", userId: null };
  const due = await clawBackReferral(tx, { referredId: userId, now: ctx.now });
  return { outcome: "applied", userId, settleReferrals: due };
}

/** payment_intent.succeeded: a course purchase (features/courses/course-purchase.ts); anything else is unhandled. */
async function applyPaymentIntent(tx: DbOrTx, event: Stripe.Event, ctx: EventContext): Promise<EventEffect> {
  return (await applyCoursePaymentEvent(tx, event, ctx.now)) ?? { outcome: "unhandled", userId: null };
}

/** charge.refunded: a course payment's refund ends that enrollment; any refund may claw back referral rewards. */
async function applyRefund(tx: DbOrTx, event: Stripe.Event, ctx: EventContext): Promise<EventEffect> {
  const course = await applyCoursePaymentEvent(tx, event, ctx.now);
  const referral = await applyChargeRefunded(tx, event, ctx);
  return course && referral.outcome !== "applied" ? course : referral;
}

/** Event type → handler. payment_intent.succeeded (course purchases) is registered by the courses feature. */
export const EVENT_HANDLERS = new Map<string, EventHandler>([
  ["customer.subscription.created", applySubscriptionEvent],
  ["customer.subscription.updated", applySubscriptionEvent],
  ["customer.subscription.deleted", applySubscriptionEvent],
  ["invoice.paid", applyInvoiceEvent],
  ["invoice.payment_failed", applyInvoiceEvent],
  ["checkout.session.completed", applyCheckoutCompleted],
  ["charge.refunded", applyRefund],
  ["payment_intent.succeeded", applyPaymentIntent],
]);

/**
 * Adds (or wraps) the handler of an event type, e.g. the courses feature's
 * payment_intent.succeeded. A wrapper receives the previous handler, if any, to call as well.
 */
export function registerEventHandler(type: string, make: (previous: EventHandler | undefined) => EventHandler): void {
  EVENT_HANDLERS.set(type, make(EVENT_HANDLERS.get(type)));
}

/** Applies `event` within `tx` (the ledger's transaction). Never calls Stripe. Unknown types: `unhandled`. */
export async function applyEvent(tx: DbOrTx, event: Stripe.Event, ctx: EventContext): Promise<EventEffect> {
  const handler = EVENT_HANDLERS.get(event.type);
  return handler ? handler(tx, event, ctx) : { outcome: "unhandled", userId: null };
}

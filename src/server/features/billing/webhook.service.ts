/**
 * Stripe webhooks (issue 14 §4, decision 054). `receiveWebhook` verifies the Stripe-Signature on
 * the raw body (tolerance 300 s against the app's clock), then, in ONE transaction, applies the
 * event's effect (./subscription-events.ts) and writes it to the `billing_events` ledger (keyed by
 * event id: a replay changes nothing). Emails, analytics and the Stripe calls of referral rewards go out after the commit, once per event.
 */
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { billingEvents, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { brandedEmail, type Mailer } from "../../mail/mailer";
import { track } from "../analytics/analytics.service";
import { settleReferralRewards } from "./referrals.service";
import { applyEvent, type EventEffect } from "./subscription-events";

/** Stripe's default signature tolerance (seconds). */
export const SIGNATURE_TOLERANCE_S = 300;

export interface WebhookResult {
  received: true;
  duplicate: boolean;
  outcome: string;
}

/**
 * Verifies and applies one delivery. Throws 400 BAD_REQUEST when the signature is missing, wrong
 * or older than 300 s, or the body is not an event. `now` is the app's clock (UTC).
 */
export async function receiveWebhook(opts: {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  rawBody: string;
  signature: string | undefined;
  now: Date;
  mailer: Mailer;
  appUrl: string;
  brandName: string;
  logger: Logger;
  /** REFERRAL_REWARD_CENTS (undefined = one month of Unlimited; 0 = referral program off). */
  referralRewardCents?: number;
}): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    event = opts.stripe.webhooks.constructEvent(
      opts.rawBody,
      opts.signature ?? "",
      opts.webhookSecret,
      SIGNATURE_TOLERANCE_S,
      undefined,
      opts.now.getTime(), // receivedAt, in ms
    );
  } catch (err) {
    throw new AppError("BAD_REQUEST", `Webhook signature verification failed: ${(err as Error).message}`);
  }
  if (!event?.id || !event.type || !event.data?.object)
    throw new AppError("BAD_REQUEST", "The webhook body is not a Stripe event.");

  // The effect and the ledger row commit together. The ledger row is written last: when another
  // delivery of the same event id committed first, its insert conflicts and this transaction is
  // rolled back, so the effect happens exactly once (on PostgreSQL the insert waits for the other).
  let result: { duplicate: boolean; effect: EventEffect };
  try {
    result = await opts.db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ outcome: billingEvents.outcome })
        .from(billingEvents)
        .where(eq(billingEvents.id, event.id));
      if (seen) throw new Replayed(seen.outcome);
      const effect = await applyEvent(tx, event, {
        now: opts.now,
        referralRewardCents: opts.referralRewardCents,
        referralsEnabled: opts.referralRewardCents !== 0,
      });
      const inserted = await tx
        .insert(billingEvents)
        .values({
          id: event.id,
          type: event.type,
          eventCreatedAt: new Date(event.created * 1000),
          outcome: effect.outcome,
          userId: effect.userId,
          payload: event as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (!inserted.length) throw new Replayed(effect.outcome);
      return { duplicate: false, effect };
    });
  } catch (err) {
    if (!(err instanceof Replayed)) throw err;
    result = { duplicate: true, effect: { outcome: err.outcome as EventEffect["outcome"], userId: null } };
  }

  if (!result.duplicate && result.effect.track)
    await track({
      db: opts.db,
      name: result.effect.track.name,
      userId: result.effect.userId,
      properties: result.effect.track.properties,
    });
  if (!result.duplicate && result.effect.email === "payment_failed" && result.effect.userId) {
    try {
      await sendPaymentFailedEmail({ ...opts, userId: result.effect.userId, graceUntil: result.effect.graceUntil });
    } catch (err) {
      // The event is applied and recorded; a mail failure must not make Stripe redeliver it.
      opts.logger.warn({ err, eventId: event.id }, "billing: payment-failed email not sent");
    }
  }
  if (!result.duplicate && result.effect.settleReferrals) {
    try {
      await settleReferralRewards({ db: opts.db, stripe: opts.stripe, logger: opts.logger, now: opts.now });
    } catch (err) {
      // Left pending: the next event that settles picks the rows up again.
      opts.logger.warn({ err, eventId: event.id }, "billing: referral rewards not settled yet");
    }
  }
  return { received: true, duplicate: result.duplicate, outcome: result.effect.outcome };
}

async function sendPaymentFailedEmail(opts: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  brandName: string;
  userId: string;
  graceUntil?: Date | null;
}) {
  const [u] = await opts.db.select({ email: user.email }).from(user).where(eq(user.id, opts.userId));
  if (!u) return;
  const until = opts.graceUntil ? opts.graceUntil.toISOString().slice(0, 10) : "the end of the grace period";
  await opts.mailer.send(
    brandedEmail({
      brand: opts.brandName,
      to: u.email,
      subject: `${opts.brandName}: your payment failed`,
      intro: `We could not collect your latest ${opts.brandName} subscription payment. Your access continues until ${until} (UTC); after that your account returns to the Free plan unless the payment goes through.`,
      action: "Update your payment method",
      url: `${opts.appUrl}/settings`,
      outro: "If you have already updated your card, you can ignore this email.",
    }),
  );
}

/** Thrown inside the transaction to roll back a replayed event's effect. */
class Replayed extends Error {
  constructor(readonly outcome: string) {
    super("replayed event");
  }
}

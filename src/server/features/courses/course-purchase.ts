/**
 * Buying one course (issue 15 §2 "Buy"; DESIGN.md §5 `POST /api/billing/checkout
 * {purchaseType:"course", courseId}`; decision 054 billing, 060 access). Billing dispatches here:
 *
 * - checkout: a Stripe PaymentIntent for the course's price (USD cents) with metadata
 *   `{purchaseType: "course", userId, courseId}`; the answer is its client secret (payment flow).
 * - `payment_intent.succeeded` for such an intent: the student's enrollment is created, or extended
 *   by the course's days of access from the later of now and its current end (null days = no end),
 *   `source: 'purchase'`, `payment_id` the intent.
 * - `charge.refunded` of that intent's charge, refunded in full (`refunded: true`, i.e.
 *   `amount_refunded` = `amount`): the enrollment it made ends (`status: 'ended'`), so access goes
 *   with the money. A partial refund (a goodwill credit, a price adjustment) leaves the
 *   enrollment as it is: the student keeps what they still paid for (decision 070).
 *
 * Both webhook effects run inside billing's ledger transaction (a replayed event has no second effect).
 */
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, DbOrTx } from "../../db/client";
import { courseEnrollments, courses } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { track } from "../analytics/analytics.service";
import { ensureCustomer } from "../billing/customers.service";
import { providerFailure } from "../billing/stripe-provider";
import { getSubscriptionSummary } from "../billing/subscriptions.service";
import { resolveAccess } from "./access";

const DAY_MS = 86_400_000;

/**
 * Starts buying `courseId` for `user`: 404 NOT_FOUND for a course that is not Published or is
 * free; 409 CONFLICT when the student already holds an enrollment that gives access; 400
 * PAYMENT_FAILED / 502 PAYMENT_PROVIDER_ERROR from Stripe. Amount in cents, currency `usd`.
 */
export async function startCoursePurchase(opts: {
  db: Db;
  stripe: Stripe;
  user: { id: string; email: string; name: string };
  courseId: string | undefined;
  now: Date;
}): Promise<{ clientSecret: string; flow: "payment"; tier: null; amountCents: number; currency: string }> {
  const { db, user, now } = opts;
  if (!opts.courseId) throw new AppError("VALIDATION_FAILED", "courseId: required for a course purchase");
  const [course] = await db.select().from(courses).where(eq(courses.id, opts.courseId));
  if (course?.status !== "published" || !course.price) throw new AppError("NOT_FOUND", "No such course.");
  const access = await resolveAccess({
    db,
    userId: user.id,
    course,
    summary: () => getSubscriptionSummary({ db, userId: user.id, now }),
    now,
  });
  if (access.hasAccess && access.reason === "enrollment")
    throw new AppError("CONFLICT", `You already have access to ${course.title}.`);
  try {
    const customer = await ensureCustomer({ db, stripe: opts.stripe, user });
    const intent = await opts.stripe.paymentIntents.create({
      amount: course.price,
      currency: "usd",
      customer,
      receipt_email: user.email,
      automatic_payment_methods: { enabled: true },
      description: `${course.title} (${course.daysOfAccess ? `${course.daysOfAccess} days` : "no end date"})`,
      metadata: { purchaseType: "course", userId: user.id, courseId: course.id },
    });
    if (!intent.client_secret) throw new AppError("PAYMENT_PROVIDER_ERROR", "No response data from payment handler");
    return {
      clientSecret: intent.client_secret,
      flow: "payment",
      tier: null,
      amountCents: course.price,
      currency: "usd",
    };
  } catch (err) {
    providerFailure(err);
  }
}

export interface CourseEventEffect {
  outcome: "applied" | "unknown_user" | "unhandled";
  userId: string | null;
  track?: { name: "purchase_complete"; properties: Record<string, unknown> };
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === "string" ? v : v.id;

/**
 * The effect of `payment_intent.succeeded` / `charge.refunded` for a course purchase (file
 * comment), or null when the event is not about a course (billing handles it). `now` is the app's clock.
 */
export async function applyCoursePaymentEvent(
  tx: DbOrTx,
  event: Stripe.Event,
  now: Date,
): Promise<CourseEventEffect | null> {
  if (event.type === "payment_intent.succeeded") {
    const pi = event.data.object as Stripe.PaymentIntent;
    if (pi.metadata?.purchaseType !== "course") return null;
    const { userId, courseId } = pi.metadata;
    const [course] = courseId ? await tx.select().from(courses).where(eq(courses.id, courseId)) : [];
    if (!course || !userId) return { outcome: "unknown_user", userId: null };
    const [existing] = await tx
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, course.id)));
    let expiresAt: Date | null = null;
    if (course.daysOfAccess) {
      const live =
        existing?.status === "active" && existing.expiresAt && existing.expiresAt > now ? existing.expiresAt : now;
      expiresAt = new Date(live.getTime() + course.daysOfAccess * DAY_MS);
    }
    if (existing?.status === "active" && existing.expiresAt === null && existing.source === "purchase")
      expiresAt = null;
    try {
      await tx
        .insert(courseEnrollments)
        .values({
          userId,
          courseId: course.id,
          status: "active",
          enrolledAt: now,
          expiresAt,
          source: "purchase",
          paymentId: pi.id,
        })
        .onConflictDoUpdate({
          target: [courseEnrollments.userId, courseEnrollments.courseId],
          set: {
            status: "active",
            enrolledAt: existing?.status === "active" && existing.enrolledAt <= now ? existing.enrolledAt : now,
            expiresAt,
            source: "purchase",
            paymentId: pi.id,
            updatedAt: now,
          },
        });
    } catch {
      // The user was deleted since checkout (foreign key): nothing to grant.
      return { outcome: "unknown_user", userId: null };
    }
    await track({ db: tx, name: "course_enrolled", userId, properties: { courseId: course.id, source: "purchase" } });
    return {
      outcome: "applied",
      userId,
      track: {
        name: "purchase_complete",
        properties: { purchaseType: "course", courseId: course.id, amountCents: pi.amount, currency: pi.currency },
      },
    };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    const pi = idOf(charge.payment_intent as string | { id: string } | null);
    if (!pi) return null;
    const full = charge.refunded === true || (charge.amount > 0 && charge.amount_refunded >= charge.amount);
    if (!full) return null;
    const ended = await tx
      .update(courseEnrollments)
      .set({ status: "ended", updatedAt: now })
      .where(and(eq(courseEnrollments.paymentId, pi), eq(courseEnrollments.status, "active")))
      .returning({ userId: courseEnrollments.userId });
    if (!ended.length) return null;
    return { outcome: "applied", userId: ended[0].userId };
  }
  return null;
}

/**
 * Course access (SPEC.md §6, issue 15 §2), the one check behind `GET /api/courses/:id/access`,
 * every lesson route and every media byte. The order is the spec's, in `courseAccess()`
 * (src/domain/plans.ts): free course → active enrollment whose window holds now → tier
 * Unlimited or Trial (or an active price id containing 'unlimited') → none. Any error while
 * checking is no access (SPEC.md §6 "errors in the check mean no access").
 */
import { and, eq } from "drizzle-orm";
import type { CourseAccessReply as CourseAccessResult } from "../../../contract/courses";
import { courseAccess, type TierName } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { courseEnrollments } from "../../db/schema";
import { formatPrice } from "../billing/pricing.service";
import type { SubscriptionSummary } from "../billing/subscriptions.service";

export interface AccessCourse {
  id: string;
  title: string;
  price: number | null;
  daysOfAccess: number | null;
}

type EnrollmentRow = typeof courseEnrollments.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** What to tell a student without access: the price and the two ways in. */
export function noAccessMessage(course: AccessCourse, enrollment: EnrollmentRow | null, now: Date): string {
  const price = course.price ? formatPrice(course.price, "usd") : "";
  const days = course.daysOfAccess ? ` for ${course.daysOfAccess} days of access` : "";
  const ways = `Buy it${price ? ` (${price})` : ""}${days}, or upgrade to Unlimited, which includes every course.`;
  if (enrollment?.status === "active" && enrollment.expiresAt && enrollment.expiresAt.getTime() < now.getTime())
    return `Your access to ${course.title} ended on ${day(enrollment.expiresAt)}. ${ways}`;
  if (enrollment && enrollment.status !== "active")
    return `Your enrollment in ${course.title} was ended (refunded or revoked). ${ways}`;
  return `${course.title} is not included in the Free plan. ${ways}`;
}

/**
 * The §3 access result for `userId` on `course` at `now` (UTC). `summary` is the request's
 * subscription summary (entitlements); when reading it or the enrollment fails the answer is
 * `{hasAccess: false, reason: 'none'}` with a message saying so — never a thrown error.
 */
export async function resolveAccess(opts: {
  db: DbOrTx;
  userId: string;
  course: AccessCourse;
  summary: () => Promise<SubscriptionSummary>;
  now: Date;
}): Promise<CourseAccessResult> {
  const { course, now } = opts;
  try {
    if (course.price == null || course.price === 0)
      return { hasAccess: true, reason: "free", message: "This course is free." };
    const [enrollment] = await opts.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, opts.userId), eq(courseEnrollments.courseId, course.id)));
    const summary = await opts.summary();
    const tier: TierName = summary.tierName === "premium" ? "unlimited" : summary.tierName;
    const r = courseAccess({
      coursePrice: course.price,
      enrollment: enrollment ?? null,
      tier,
      priceId: summary.isActive ? summary.stripe_price_id : null,
      now,
    });
    const enrollmentOut = enrollment
      ? {
          status: enrollment.status,
          enrolledAt: enrollment.enrolledAt,
          expiresAt: enrollment.expiresAt,
          source: enrollment.source,
        }
      : undefined;
    const subscription = {
      tierName: summary.tierName,
      status: summary.status,
      current_period_end: summary.current_period_end,
    };
    if (r.reason === "enrollment")
      return {
        ...r,
        enrollment: enrollmentOut,
        message: enrollment?.expiresAt
          ? `You are enrolled until ${day(enrollment.expiresAt)}.`
          : "You are enrolled in this course.",
      };
    if (r.reason === "subscription")
      return {
        ...r,
        enrollment: enrollmentOut,
        subscription,
        message: `Included with your ${summary.tierName === "Trial" ? "trial" : "Unlimited plan"}.`,
      };
    return {
      hasAccess: false,
      reason: "none",
      enrollment: enrollmentOut,
      subscription,
      message: noAccessMessage(course, enrollment ?? null, now),
    };
  } catch {
    return {
      hasAccess: false,
      reason: "none",
      message: "We could not check your access to this course. Try again in a moment.",
    };
  }
}

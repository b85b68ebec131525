/**
 * Plans, tiers and entitlements: pure rules shared by server and web (SPEC.md §1, §3, §4, §6, §9).
 * All instants are `Date`s compared in UTC; no function reads the clock: `now` is passed in.
 */

/** Feature matrix ids of SPEC.md §3. */
export const FEATURE_IDS = [
  "chat_messages",
  "case_briefs",
  "notes",
  "outline_iq",
  "flashcards",
  "question_bank",
  "video_courses",
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

/** Tier names as SPEC.md §3 spells them. */
export type TierName = "Free" | "Trial" | "premium" | "unlimited";
export type DisplayState = "free" | "trial" | "paid";

/** Free plan: 10 AI chat messages per calendar month (UTC), SPEC.md §6/§9. */
export const FREE_MONTHLY_MESSAGES = 10;
/** Trial length in days (SPEC.md §1, §9). */
export const TRIAL_DAYS = 7;
/** Trial banner turns red at this many days left or fewer (SPEC.md §4). */
export const TRIAL_WARNING_DAYS = 3;
/** Subscription 'expiring soon' window in days (SPEC.md §9). */
export const EXPIRING_WINDOW_DAYS = 7;
/** Manual renewal length in days (SPEC.md §9). */
export const MANUAL_RENEWAL_DAYS = 30;
/** Fallback price in cents when pricing cannot be read (SPEC.md §9). */
export const FALLBACK_PRICE_CENTS = 1000;

const DAY_MS = 86_400_000;

/** The subset of a subscription row these rules need. */
export interface SubscriptionLike {
  status: string | null;
  priceId?: string | null;
  currentPeriodEnd?: Date | string | null;
  stripeCustomerId?: string | null;
  /** End of the grace period after a failed renewal (decision 054): a past_due row is active until then. */
  graceUntil?: Date | string | null;
}

const toDate = (d: Date | string | null | undefined): Date | null => (d == null ? null : new Date(d));

export const isTrialStatus = (status: string | null | undefined): boolean =>
  status === "trial" || status === "trialing";

/** Days a past_due subscription keeps its access after a failed renewal (issue 14 §4). */
export const PAYMENT_GRACE_DAYS = 7;

/**
 * SPEC.md §4: active = status active or trialing (or trial) and current_period_end in the future.
 * Also active: status past_due within its grace period (`graceUntil` in the future; issue 14 §4).
 */
export function isActiveSubscription(sub: SubscriptionLike | null | undefined, now: Date): boolean {
  if (!sub) return false;
  const end = toDate(sub.currentPeriodEnd);
  if (!end || end.getTime() <= now.getTime()) return false;
  if (sub.status === "past_due") {
    const grace = toDate(sub.graceUntil);
    return !!grace && grace.getTime() > now.getTime();
  }
  return sub.status === "active" || isTrialStatus(sub.status);
}

/** A price id containing 'manual_activation_' marks a manually granted subscription (SPEC.md §3). */
export const isManualSubscription = (priceId: string | null | undefined): boolean =>
  !!priceId && priceId.includes("manual_activation_");

/**
 * Tier name (SPEC.md §3): Free without an active subscription; Trial for a trial status;
 * 'premium' when the price id says premium; otherwise 'unlimited' (a price id containing
 * 'unlimited' always counts as unlimited).
 */
export function tierName(sub: SubscriptionLike | null | undefined, now: Date): TierName {
  if (!isActiveSubscription(sub, now)) return "Free";
  if (isTrialStatus(sub!.status)) return "Trial";
  const price = (sub!.priceId ?? "").toLowerCase();
  if (price.includes("unlimited")) return "unlimited";
  if (price.includes("premium")) return "premium";
  return "unlimited";
}

/** SPEC.md §4 subscription display: free, trial, or paid active. */
export function displayState(sub: SubscriptionLike | null | undefined, now: Date): DisplayState {
  const tier = tierName(sub, now);
  if (tier === "Free") return "free";
  if (tier === "Trial") return "trial";
  return "paid";
}

/**
 * Entitlement of a feature for a tier (SPEC.md §6): Free gets chat (metered) and case briefs;
 * Trial, premium and unlimited get everything.
 */
export function hasFeature(tier: TierName, feature: FeatureId): boolean {
  if (tier !== "Free") return true;
  return feature === "chat_messages" || feature === "case_briefs";
}

/** Monthly chat message limit for a tier; `null` means unlimited. */
export const monthlyMessageLimit = (tier: TierName): number | null => (tier === "Free" ? FREE_MONTHLY_MESSAGES : null);

/** Calendar month containing `now`, in UTC: [start, end). SPEC.md §9 "months run from the first day". */
export function monthPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Usage percent for the statistics bar: rounded, capped at 100 (SPEC.md §9). */
export function usagePercent(count: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((count / limit) * 100));
}

/** Whole days left, rounded up (SPEC.md §4 trial banner). */
export const daysLeft = (end: Date, now: Date): number => Math.ceil((end.getTime() - now.getTime()) / DAY_MS);

/** Paths where the trial banner never shows (SPEC.md §4). */
const NO_TRIAL_BANNER = ["/", "/pricing", "/terms", "/privacy", "/disclaimer", "/resend-confirmation"];

export interface TrialBanner {
  days: number;
  urgent: boolean;
  text: string;
}

/**
 * SPEC.md §4 trial banner: shown only for status trial with a future period end, not dismissed
 * this browser session, and not on the public paths. Red ('urgent') at 3 days or fewer.
 */
export function trialBanner(opts: {
  status: string | null | undefined;
  currentPeriodEnd: Date | string | null | undefined;
  dismissed: boolean;
  path: string;
  now: Date;
}): TrialBanner | null {
  const end = toDate(opts.currentPeriodEnd);
  if (!isTrialStatus(opts.status) || !end || end.getTime() <= opts.now.getTime() || opts.dismissed) return null;
  if (NO_TRIAL_BANNER.includes(opts.path) || opts.path.startsWith("/auth")) return null;
  const days = daysLeft(end, opts.now);
  const unit = days === 1 ? "day" : "days";
  return days <= TRIAL_WARNING_DAYS
    ? { days, urgent: true, text: `Trial expires in ${days} ${unit}!` }
    : { days, urgent: false, text: `Free trial: ${days} ${unit} remaining` };
}

/** Statuses of a plan someone pays for (or was granted) and can renew; others never show the §4 banner. */
const BANNER_STATUSES = new Set(["active", "past_due", "unpaid", "expired"]);

/**
 * SPEC.md §4 subscription banner for a paid plan: 'past_due' after a failed renewal (issue 14 §4);
 * 'expired' when the period end is past; 'expiring' within 7 days; otherwise none. Never for trial
 * or free users — a canceled, incomplete or never-paid subscription is Free, not "expired".
 */
export function subscriptionBanner(
  sub: SubscriptionLike | null | undefined,
  now: Date,
): "expired" | "expiring" | "past_due" | null {
  if (!sub?.status || !BANNER_STATUSES.has(sub.status)) return null;
  const end = toDate(sub.currentPeriodEnd);
  if (!end) return null;
  if (sub.status === "past_due" && isActiveSubscription(sub, now)) return "past_due";
  const ms = end.getTime() - now.getTime();
  if (ms <= 0 || !isActiveSubscription(sub, now)) return "expired";
  if (ms <= EXPIRING_WINDOW_DAYS * DAY_MS) return "expiring";
  return null;
}

export interface CourseAccessInput {
  coursePrice: number | null | undefined;
  enrollment?: { status: string; enrolledAt: Date | string; expiresAt: Date | string | null } | null;
  tier: TierName;
  priceId?: string | null;
  now: Date;
}

/**
 * SPEC.md §6 course access, checked in this order: free course (price 0 or null); an active
 * enrollment whose window contains now; tier Unlimited or Trial (or a price id containing
 * 'unlimited'). Anything else is no access.
 */
export function courseAccess(i: CourseAccessInput): {
  hasAccess: boolean;
  reason: "enrollment" | "subscription" | "none" | "free";
} {
  if (i.coursePrice == null || i.coursePrice === 0) return { hasAccess: true, reason: "free" };
  const e = i.enrollment;
  if (e && e.status === "active") {
    const from = new Date(e.enrolledAt).getTime();
    const to = e.expiresAt == null ? Number.POSITIVE_INFINITY : new Date(e.expiresAt).getTime();
    if (from <= i.now.getTime() && to >= i.now.getTime()) return { hasAccess: true, reason: "enrollment" };
  }
  if (i.tier === "unlimited" || i.tier === "Trial" || (i.priceId ?? "").includes("unlimited"))
    return { hasAccess: true, reason: "subscription" };
  return { hasAccess: false, reason: "none" };
}

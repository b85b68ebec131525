/**
 * /settings (SPEC.md §2.4): the current plan — Free Tier, Trial Period or the tier name — with an
 * Active badge and a 'Renews' / 'Ends on' or 'Trial expires' date, and the upgrade actions.
 * `?upgrade=premium|unlimited` is read once, removed from the URL and starts checkout (issue 14
 * §2): the payment dialog opens once the server answers a client secret; without Stripe the
 * server's honest 'not configured' line is shown. Manage Subscription opens Stripe's portal in a
 * new tab; its failures show the §2.4 cards. `&coupon=CODE` starts checkout with a promo code.
 * Refer & Earn shows the user's referral link, code and figures (issue 14 item 9).
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { readBoot } from "../../lib/boot";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { ApiError } from "../../lib/api";
import { useQuery } from "@tanstack/react-query";
import { FALLBACK_PRICE_CENTS } from "../../../domain/plans";
import type { PricingResponse } from "../../../contract/pricing";
import { Input } from "../../components/ui/input";
import { api } from "../../lib/api";
import {
  type Checkout,
  getBillingConfig,
  getReferrals,
  openPortal,
  type PortalProblem,
  portalProblem,
  type ReferralStats,
  startCheckout,
} from "./api";

const PaymentDialog = lazy(() => import("./payment-dialog"));

const fmt = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "";

export default function SubscriptionPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const upgrade = params.get("upgrade");
  const couponParam = params.get("coupon");
  const [checkout, setCheckout] = useState<{ data: Checkout; publishableKey: string; coupon: string | null } | null>(
    null,
  );
  const [problem, setProblem] = useState<PortalProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef<string | null>(null);

  const referralQuery = useQuery({ queryKey: ["referrals", "me"], queryFn: getReferrals, enabled: !!me });
  const pricingQuery = useQuery({
    queryKey: ["pricing"],
    queryFn: () => api<PricingResponse>("/api/pricing"),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
  const basePriceCents =
    pricingQuery.data?.data.find((p) => p.tier_name.toLowerCase() === "unlimited" && p.interval_type === "month")
      ?.display_price_cents ?? FALLBACK_PRICE_CENTS;

  useEffect(() => {
    if (upgrade === null) return;
    const next = new URLSearchParams(params);
    next.delete("upgrade");
    next.delete("coupon");
    setParams(next, { replace: true });
    const tier = upgrade.toLowerCase();
    if ((tier !== "premium" && tier !== "unlimited") || started.current === tier) return;
    started.current = tier;
    void (async () => {
      try {
        const config = await getBillingConfig();
        const data = await startCheckout({
          purchaseType: "subscription",
          tier,
          ...(couponParam ? { couponCode: couponParam.toUpperCase() } : {}),
        });
        if (!data?.clientSecret) throw new ApiError("INTERNAL", "No response data from payment handler", 200);
        if (!config.publishableKey) throw new ApiError("PAYMENTS_NOT_CONFIGURED", "Stripe is not configured.", 409);
        setCheckout({ data, publishableKey: config.publishableKey, coupon: couponParam?.toUpperCase() ?? null });
      } catch (err) {
        toast.add({
          title: "Checkout Error",
          description:
            err instanceof ApiError && err.status < 500
              ? `Error: ${err.message}`
              : "Failed to create checkout session. Please try again later.",
          variant: "destructive",
        });
      } finally {
        started.current = null;
      }
    })();
  }, [upgrade, couponParam, params, setParams]);

  /** Restarts checkout with a promo code applied in the dialog (the discount must reach Stripe). */
  const restartWithCoupon = async (code: string) => {
    if (!checkout) return;
    try {
      const data = await startCheckout({ purchaseType: "subscription", tier: "unlimited", couponCode: code });
      setCheckout({ ...checkout, data, coupon: code });
    } catch (err) {
      toast.add({
        title: "Error",
        description: err instanceof ApiError ? err.message : "Payment failed",
        variant: "destructive",
      });
      throw err;
    }
  };

  const manage = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await openPortal();
    } catch (err) {
      setProblem(portalProblem(err));
    } finally {
      setBusy(false);
    }
  };

  if (!me) return null;
  const s = me.subscription;
  const { supportEmail } = readBoot().links;
  // The server's tier is authoritative (it knows the grace period of a past_due subscription).
  const state = s.tierName === "Free" ? "free" : s.tierName === "Trial" ? "trial" : "paid";
  const title =
    state === "free"
      ? "Free Tier"
      : state === "trial"
        ? "Trial Period"
        : s.tierName === "unlimited"
          ? "Unlimited"
          : s.tierName === "premium"
            ? "Premium"
            : s.tierName;
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold" data-testid="plan-name">
            {title}
          </h2>
          {s.isActive && (
            <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">Active</Badge>
          )}
        </div>
        {state === "trial" && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Trial expires {fmt(s.current_period_end)}. You have full Unlimited access until then.
          </p>
        )}
        {state === "paid" && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {s.cancel_at_period_end ? "Ends on" : "Renews"} {fmt(s.current_period_end)}
          </p>
        )}
        {state === "free" && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            10 AI chat messages per month and the case briefs. Upgrade for notes, outlines, flashcards, the question
            bank and courses.
          </p>
        )}
        <div className="mt-6">
          {state === "free" && (
            <Button onClick={() => setParams({ upgrade: "unlimited" })}>Upgrade Your Account</Button>
          )}
          {state === "trial" && <Button onClick={() => setParams({ upgrade: "unlimited" })}>Upgrade from Trial</Button>}
          {state === "paid" && s.stripe_customer_id && (
            <Button onClick={manage} disabled={busy}>
              Manage Subscription
            </Button>
          )}
          {state === "paid" && !s.stripe_customer_id && (
            <div className="rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-800">
              Please contact support to manage your subscription.{" "}
              {supportEmail && (
                <a
                  className="font-medium text-brand-700 underline dark:text-brand-100"
                  href={`mailto:${supportEmail}?subject=Manage%20my%20subscription`}
                >
                  Contact Support
                </a>
              )}
            </div>
          )}
        </div>
      </Card>
      {problem && (
        <Card role="alert" data-testid="portal-problem">
          <h2 className="text-lg font-semibold">
            {problem.kind === "no-subscription"
              ? "No Subscription Found"
              : problem.kind === "session"
                ? "Session Expired"
                : "Something went wrong"}
          </h2>
          <p className="mt-2 text-sm">{problem.message}</p>
          <div className="mt-4">
            {problem.kind === "no-subscription" && (
              <Button onClick={() => setParams({ upgrade: "unlimited" })}>Subscribe</Button>
            )}
            {problem.kind === "session" && (
              <Link className="font-medium underline" to="/auth?redirectTo=/settings">
                Log In
              </Link>
            )}
            {problem.kind === "generic" && supportEmail && (
              <a className="font-medium underline" href={`mailto:${supportEmail}?subject=Subscription%20portal`}>
                Contact Support
              </a>
            )}
          </div>
        </Card>
      )}
      {checkout && (
        <Suspense fallback={null}>
          <PaymentDialog
            open
            onOpenChange={(open) => !open && setCheckout(null)}
            checkout={checkout.data}
            publishableKey={checkout.publishableKey}
            email={me.user.email}
            coupon={checkout.coupon}
            basePriceCents={basePriceCents}
            onCoupon={restartWithCoupon}
            referralField={!!referralQuery.data?.enabled && !referralQuery.data.referredBy}
          />
        </Suspense>
      )}
      <ReferAndEarn stats={referralQuery.data ?? null} failed={referralQuery.isError} />
    </div>
  );
}

/**
 * Refer & Earn (SPEC.md §2.4; issue 14 item 9): the user's link and short code with Copy, and
 * their figures. Without Stripe (or with REFERRAL_REWARD_CENTS=0) it says the program is off.
 */
function ReferAndEarn({ stats, failed }: { stats: ReferralStats | null; failed: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.add({ title: "Copy failed", description: "Select the link and copy it yourself." });
    }
  };
  const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;
  return (
    <Card data-testid="refer-and-earn">
      <h2 className="text-lg font-semibold">Refer & Earn</h2>
      {failed && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Your referral link could not be loaded.</p>
      )}
      {stats && !stats.enabled && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The referral program is not enabled on this server.
        </p>
      )}
      {stats?.enabled && (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Share your link. When a friend signs up through it (or types your code at checkout) and pays their first
            invoice, you each get {money(stats.rewardCents)} of account credit.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Input readOnly value={stats.link} aria-label="Your referral link" className="min-w-0 flex-1 font-mono" />
            <Button variant="outline" onClick={() => copy(stats.link)}>
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
          <p className="mt-2 text-sm">
            Your code:{" "}
            <span className="font-mono font-semibold" data-testid="referral-code">
              {stats.code}
            </span>
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="referral-stats">
            {(
              [
                ["Invited", String(stats.invited)],
                ["Signed up", String(stats.signedUp)],
                ["Paid", String(stats.paid)],
                ["Credit earned", money(stats.creditCents)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="text-lg font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Card>
  );
}

/**
 * /checkout-confirmation (SPEC.md §4 "Payment form", §6: open to anyone; issue 14 §2): the page
 * Stripe returns to. The outcome is read back from the server (`GET /api/subscription`, polled
 * for up to ~20 s while the webhook lands), never from the URL alone; Stripe's `redirect_status`
 * only tells a failed confirmation apart.
 */
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import type { SubscriptionSummary } from "../../lib/session";

type Outcome = "checking" | "active" | "processing" | "failed" | "signed-out";

export default function CheckoutConfirmation() {
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>("checking");
  const [summary, setSummary] = useState<SubscriptionSummary | null>(null);
  const failed = params.get("redirect_status") === "failed";

  useEffect(() => {
    if (failed) {
      setOutcome("failed");
      return;
    }
    let live = true;
    let tries = 0;
    const poll = async () => {
      try {
        const s = await api<SubscriptionSummary>("/api/subscription");
        if (!live) return;
        setSummary(s);
        if (s.isActive && s.tierName !== "Free" && s.tierName !== "Trial") return setOutcome("active");
      } catch (err) {
        if (live && err instanceof ApiError && err.status === 401) return setOutcome("signed-out");
      }
      tries += 1;
      if (!live) return;
      if (tries >= 10) setOutcome("processing");
      else setTimeout(poll, 2000);
    };
    void poll();
    return () => {
      live = false;
    };
  }, [failed]);

  const tier = (params.get("tier") ?? summary?.tierName ?? "unlimited").toLowerCase();
  const label = tier[0].toUpperCase() + tier.slice(1);
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <h1 className="text-xl font-semibold">Checkout</h1>
        <div className="mt-4 text-sm" data-testid="checkout-outcome" data-outcome={outcome}>
          {outcome === "checking" && (
            <p className="flex items-center gap-2">
              <Spinner /> Confirming your payment…
            </p>
          )}
          {outcome === "active" && (
            <p>
              Thank you! Your {label} subscription is active
              {summary?.current_period_end ? ` until ${new Date(summary.current_period_end).toLocaleDateString()}` : ""}
              .
            </p>
          )}
          {outcome === "processing" && (
            <p>Your payment is processing. Your plan will update as soon as it completes; you can close this page.</p>
          )}
          {outcome === "failed" && <p role="alert">Payment failed. Please try again or contact support.</p>}
          {outcome === "signed-out" && <p>Sign in to see your subscription.</p>}
        </div>
        <div className="mt-6 flex gap-3">
          {outcome === "signed-out" ? (
            <Link className={buttonClass()} to="/auth?redirectTo=/settings">
              Log In
            </Link>
          ) : (
            <Link className={buttonClass()} to={outcome === "active" ? "/chat" : "/settings"}>
              {outcome === "active" ? "Start studying" : "Back to billing"}
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}

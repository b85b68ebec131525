/**
 * /settings (SPEC.md §2.4): the current plan — Free Tier, Trial Period or the tier name — with an
 * Active badge and a 'Renews' or 'Trial expires' date, and the upgrade actions. `?upgrade=premium|
 * unlimited` is read once and removed from the URL (checkout itself arrives with billing).
 */
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { displayState } from "../../../domain/plans";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { readBoot } from "../../lib/boot";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";

const fmt = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "";

export default function SubscriptionPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const upgrade = params.get("upgrade");

  useEffect(() => {
    if (upgrade === null) return;
    const next = new URLSearchParams(params);
    next.delete("upgrade");
    setParams(next, { replace: true });
    if (upgrade === "premium" || upgrade === "unlimited") {
      toast.add({
        title: "Checkout",
        description: "Online payment is not enabled on this server yet. Ask your administrator to grant Unlimited.",
        variant: "warning",
      });
    }
  }, [upgrade, params, setParams]);

  if (!me) return null;
  const s = me.subscription;
  const { supportEmail } = readBoot().links;
  const state = displayState(
    { status: s.status, priceId: s.stripe_price_id, currentPeriodEnd: s.current_period_end },
    new Date(),
  );
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
            {s.cancel_at_period_end ? "Ends" : "Renews"} {fmt(s.current_period_end)}
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
      <Card>
        <h2 className="text-lg font-semibold">Refer & Earn</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The referral program is not enabled on this server.
        </p>
      </Card>
    </div>
  );
}

/**
 * The embedded payment dialog (SPEC.md §2.4, §4 "Payment form", §8; issue 14 §2): opens once a
 * client secret exists, titled 'Complete your {tier} subscription'. A secret starting `seti_` is
 * the setup flow (confirmSetup), otherwise the payment flow (confirmPayment, with a receipt
 * email). The intent's initial status is checked first: succeeded goes straight to
 * /checkout-confirmation, processing says so, requires_payment_method shows the form.
 * Stripe.js is loaded from Stripe's servers only when this dialog opens; when it cannot load, the
 * dialog says 'Stripe is not ready. Please wait a moment and try again.' The setup flow shows the
 * promo code field (SPEC.md §5); the price shown follows the applied code. A user not yet referred
 * may type a friend's referral code (issue 14 item 9).
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import type { CouponValidation } from "../../../contract/billing";
import { ApiError } from "../../lib/api";
import { type Checkout, claimReferral, discounted, validateCoupon } from "./api";

export const NOT_READY = "Stripe is not ready. Please wait a moment and try again.";
const GENERIC_FAILURE = "Payment failed. Please try again or contact support.";

/** `/checkout-confirmation?tier=&course_id=&coupon=` on this origin. */
export function confirmationUrl(o: { tier?: string | null; courseId?: string | null; coupon?: string | null }) {
  const q = new URLSearchParams();
  if (o.tier) q.set("tier", o.tier);
  if (o.courseId) q.set("course_id", o.courseId);
  if (o.coupon) q.set("coupon", o.coupon);
  const qs = q.toString();
  return `${window.location.origin}/checkout-confirmation${qs ? `?${qs}` : ""}`;
}

const tierLabel = (tier: string | null) => (tier ? tier[0].toUpperCase() + tier.slice(1) : "Unlimited");

function PaymentForm(props: { checkout: Checkout; email: string; coupon?: string | null; courseId?: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const setup = props.checkout.clientSecret.startsWith("seti_");
  const [state, setState] = useState<"checking" | "ready" | "processing" | "submitting">("checking");
  const [error, setError] = useState<string | null>(null);
  const returnUrl = confirmationUrl({ tier: props.checkout.tier, coupon: props.coupon, courseId: props.courseId });

  useEffect(() => {
    if (!stripe) return;
    let live = true;
    const check = setup
      ? stripe.retrieveSetupIntent(props.checkout.clientSecret).then((r) => r.setupIntent?.status)
      : stripe.retrievePaymentIntent(props.checkout.clientSecret).then((r) => r.paymentIntent?.status);
    check
      .then((status) => {
        if (!live) return;
        if (status === "succeeded") window.location.assign(returnUrl);
        else if (status === "processing") setState("processing");
        else setState("ready");
      })
      .catch(() => live && setState("ready"));
    return () => {
      live = false;
    };
  }, [stripe, setup, props.checkout.clientSecret, returnUrl]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) {
      setError(NOT_READY);
      return;
    }
    setState("submitting");
    setError(null);
    const result = setup
      ? await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } })
      : await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl, receipt_email: props.email } });
    // Only reached on an error: success leaves the page for return_url.
    const err = result.error;
    setError(
      err?.type === "card_error" || err?.type === "validation_error"
        ? (err.message ?? GENERIC_FAILURE)
        : GENERIC_FAILURE,
    );
    setState("ready");
  };

  if (state === "processing")
    return <p className="text-sm">Your payment is processing. Your plan will update as soon as it completes.</p>;
  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={state === "submitting"}>
        {state === "submitting" ? "Processing…" : setup ? "Start subscription" : "Pay now"}
      </Button>
    </form>
  );
}

const money = (cents: number, currency: string) => {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
};

type Coupon = CouponValidation & { code: string };

/**
 * The promo code field (SPEC.md §5): upper-cased as typed; Apply is disabled while the field is
 * empty, the checkout restarts or the code is being validated; Enter applies. A valid code is
 * reported to `onApplied` (which restarts checkout with it, so Stripe applies the discount).
 */
function PromoCodeField(props: { submitting: boolean; onApplied: (c: Coupon) => void; applied: Coupon | null }) {
  const [code, setCode] = useState(props.applied?.code ?? "");
  const [validating, setValidating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const c = code.trim().toUpperCase();
    if (!c || validating || props.submitting) return;
    setValidating(true);
    setError(null);
    try {
      const r = await validateCoupon(c);
      if (!r.valid) setError("Invalid or expired promo code");
      else props.onApplied({ ...r, code: c });
    } catch {
      setError("Unable to validate promo code");
    } finally {
      setValidating(false);
    }
  };
  return (
    <form onSubmit={apply} className="space-y-1.5" aria-label="Promo code">
      <label htmlFor="promo-code" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Promo code
      </label>
      <div className="flex gap-2">
        <Input
          id="promo-code"
          value={code}
          autoComplete="off"
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? "promo-code-error" : undefined}
        />
        <Button type="submit" variant="outline" disabled={!code.trim() || props.submitting || validating}>
          {validating ? "Checking…" : "Apply"}
        </Button>
      </div>
      {error && (
        <p id="promo-code-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {props.applied && !error && (
        <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="promo-applied">
          {props.applied.code} applied
          {props.applied.percent_off ? `: ${props.applied.percent_off}% off` : ""}
          {props.applied.amount_off ? `: ${money(props.applied.amount_off, "usd")} off` : ""}
          {props.applied.duration === "repeating" && props.applied.duration_in_months
            ? ` for ${props.applied.duration_in_months} months`
            : props.applied.duration === "once"
              ? " on the first payment"
              : ""}
          .
        </p>
      )}
    </form>
  );
}

/** A referral code typed at checkout (issue 14 item 9): attributes the account before the first payment. */
function ReferralCodeField() {
  const [code, setCode] = useState("");
  const [state, setState] = useState<{ busy?: boolean; ok?: boolean; error?: string }>({});
  const apply = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim() || state.busy) return;
    setState({ busy: true });
    try {
      await claimReferral(code.trim().toUpperCase());
      setState({ ok: true });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : "Unable to apply the referral code" });
    }
  };
  if (state.ok)
    return (
      <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="referral-applied">
        Referral applied: you and your friend each get a reward after your first payment.
      </p>
    );
  return (
    <form onSubmit={apply} className="space-y-1.5" aria-label="Referral code">
      <label htmlFor="referral-code" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Referred by a friend? Their code
      </label>
      <div className="flex gap-2">
        <Input
          id="referral-code"
          value={code}
          autoComplete="off"
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setState({});
          }}
        />
        <Button type="submit" variant="outline" disabled={!code.trim() || !!state.busy}>
          Apply
        </Button>
      </div>
      {state.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.error}
        </p>
      )}
    </form>
  );
}

/**
 * The dialog; `publishableKey` comes from `GET /api/billing/config`. `basePriceCents` is the plan's
 * display price (per month); `onCoupon` restarts checkout with a promo code and resolves when the
 * new client secret is in `checkout` (the promo field shows only in the setup flow, SPEC.md §5).
 */
export default function PaymentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  checkout: Checkout;
  publishableKey: string;
  email: string;
  coupon?: string | null;
  basePriceCents: number;
  onCoupon: (code: string) => Promise<void>;
  /** Show the referral code field (the program is on and the account has no referral yet). */
  referralField: boolean;
  /** A course purchase (issue 15): its id for the confirmation page, and the dialog's title. */
  course?: { id: string; title: string };
}) {
  const [stripe, setStripe] = useState<Stripe | null | "failed">(null);
  const [applied, setApplied] = useState<Coupon | null>(null);
  const [restarting, setRestarting] = useState(false);
  const [promoShown] = useState(() => props.checkout.clientSecret.startsWith("seti_"));
  useEffect(() => {
    let live = true;
    import("@stripe/stripe-js")
      .then((m) => m.loadStripe(props.publishableKey))
      .then((s) => live && setStripe(s ?? "failed"))
      .catch(() => live && setStripe("failed"));
    return () => {
      live = false;
    };
  }, [props.publishableKey]);
  const options = useMemo(() => ({ clientSecret: props.checkout.clientSecret }), [props.checkout.clientSecret]);
  const currency = props.checkout.currency;
  const price = applied ? discounted(props.basePriceCents, applied) : props.basePriceCents;
  const onApplied = async (c: Coupon) => {
    setRestarting(true);
    try {
      await props.onCoupon(c.code);
      setApplied(c);
    } finally {
      setRestarting(false);
    }
  };
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={
        props.course ? `Buy ${props.course.title}` : `Complete your ${tierLabel(props.checkout.tier)} subscription`
      }
      description={
        props.course
          ? "This gives you access to the course for its days of access."
          : "This will give you access to premium features of the chat companion."
      }
    >
      <div className="space-y-4">
        <p className="text-sm" data-testid="checkout-price">
          {price !== props.basePriceCents && (
            <span className="mr-2 text-slate-500 line-through">{money(props.basePriceCents, currency)}</span>
          )}
          <span className="text-lg font-semibold">{money(price, currency)}</span>
          {props.course ? "" : " / month"}
        </p>
        {promoShown && <PromoCodeField submitting={restarting} onApplied={onApplied} applied={applied} />}
        {props.referralField && <ReferralCodeField />}
        {stripe === null && (
          <div className="flex items-center gap-2 text-sm" data-testid="payment-loading">
            <Spinner /> Loading secure payment form…
          </div>
        )}
        {stripe === "failed" && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {NOT_READY}
          </p>
        )}
        {stripe && stripe !== "failed" && (
          <Elements key={props.checkout.clientSecret} stripe={stripe} options={options}>
            <PaymentForm
              checkout={props.checkout}
              email={props.email}
              coupon={applied?.code ?? props.coupon}
              courseId={props.course?.id}
            />
          </Elements>
        )}
      </div>
    </Dialog>
  );
}

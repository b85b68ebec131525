/**
 * The embedded payment dialog (SPEC.md §2.4, §4 "Payment form", §8; issue 14 §2): opens once a
 * client secret exists, titled 'Complete your {tier} subscription'. A secret starting `seti_` is
 * the setup flow (confirmSetup), otherwise the payment flow (confirmPayment, with a receipt
 * email). The intent's initial status is checked first: succeeded goes straight to
 * /checkout-confirmation, processing says so, requires_payment_method shows the form.
 * Stripe.js is loaded from Stripe's servers only when this dialog opens.
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import type { Checkout } from "./api";

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

/** The dialog; `publishableKey` comes from `GET /api/billing/config`. */
export default function PaymentDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  checkout: Checkout;
  publishableKey: string;
  email: string;
  coupon?: string | null;
  /** A course purchase (issue 15): its id for the confirmation page, and the dialog's title. */
  course?: { id: string; title: string };
}) {
  const [stripe, setStripe] = useState<Stripe | null | "failed">(null);
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
        <Elements stripe={stripe} options={options}>
          <PaymentForm
            checkout={props.checkout}
            email={props.email}
            coupon={props.coupon}
            courseId={props.course?.id}
          />
        </Elements>
      )}
    </Dialog>
  );
}

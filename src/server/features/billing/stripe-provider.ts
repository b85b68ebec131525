/**
 * The Stripe provider (issue 14 §1, decision 054). With STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY
 * and STRIPE_WEBHOOK_SECRET set (env.ts checks all-or-none), payments go through the `stripe`
 * package pointed at STRIPE_API_BASE; without them `stripeOf()` is null and every payment route
 * answers 409 PAYMENTS_NOT_CONFIGURED (`requireStripe`): nothing pretends to charge anyone and an
 * administrator grants plans (`npm run cli -- users:set-plan`).
 */
import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";

/** What the billing services need from configuration. */
export interface StripeProvider {
  client: Stripe;
  publishableKey: string;
  webhookSecret: string;
}

/**
 * The `stripe` package, loaded on first use: a server without Stripe keys never pays its ~21 MB
 * (idle RSS budget, DESIGN.md §6).
 */
function stripeClass(): typeof Stripe {
  const mod = createRequire(import.meta.url)("stripe") as { default?: typeof Stripe; Stripe?: typeof Stripe };
  return mod.default ?? mod.Stripe ?? (mod as unknown as typeof Stripe);
}

/** The honest answer when online payment is off (409). */
export const NOT_CONFIGURED_MESSAGE =
  "Online payment is not configured on this server. Ask an administrator to grant your plan.";

const cache = new WeakMap<Env, StripeProvider | null>();

/** One client per configuration (memoized), or null when the Stripe keys are not set. */
export function stripeOf(env: Env): StripeProvider | null {
  if (cache.has(env)) return cache.get(env) ?? null;
  let provider: StripeProvider | null = null;
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const base = new URL(env.STRIPE_API_BASE);
    const StripeClient = stripeClass();
    const client = new StripeClient(env.STRIPE_SECRET_KEY, {
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
      protocol: base.protocol === "http:" ? "http" : "https",
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Lexmate" },
    });
    provider = { client, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
  }
  cache.set(env, provider);
  return provider;
}

/** The provider, or 409 PAYMENTS_NOT_CONFIGURED with `NOT_CONFIGURED_MESSAGE`. */
export function requireStripe(env: Env): StripeProvider {
  const p = stripeOf(env);
  if (!p) throw new AppError("PAYMENTS_NOT_CONFIGURED", NOT_CONFIGURED_MESSAGE);
  return p;
}

/**
 * Maps a failure of a Stripe API call to our envelope: a card or request error keeps Stripe's
 * message (400 PAYMENT_FAILED, SPEC.md §8 "provider card/validation errors show the provider's
 * message"); a connection, auth or server error is 502 PAYMENT_PROVIDER_ERROR. Never returns.
 */
export function providerFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  // Stripe's errors carry their class name in `type` (StripeCardError, StripeInvalidRequestError…).
  const type = (err as { type?: unknown } | null)?.type;
  if (type === "StripeCardError" || type === "StripeInvalidRequestError")
    throw new AppError("PAYMENT_FAILED", (err as Error).message);
  throw new AppError("PAYMENT_PROVIDER_ERROR", "The payment provider could not be reached. Please try again later.");
}

/**
 * Customer portal (SPEC.md §2.4 Manage Subscription, §6, §8; issue 14 §6): a Stripe billing portal
 * session for the signed-in user's customer, returning to /settings.
 */
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findCustomerId } from "./customers.service";
import { providerFailure } from "./stripe-provider";

/** SPEC.md §8 portal 404 text. */
export const NO_SUBSCRIPTION_MESSAGE = "No subscription found. Please purchase a subscription first.";

/**
 * `{url}` of a new portal session. Throws 404 NOT_FOUND with the §8 message when the user has no
 * Stripe customer (never paid online); 502 PAYMENT_PROVIDER_ERROR when Stripe fails.
 */
export async function openPortal(opts: { db: Db; stripe: Stripe; userId: string; returnUrl: string }) {
  const customer = await findCustomerId(opts.db, opts.userId);
  if (!customer) throw new AppError("NOT_FOUND", NO_SUBSCRIPTION_MESSAGE);
  try {
    const session = await opts.stripe.billingPortal.sessions.create({ customer, return_url: opts.returnUrl });
    return { url: session.url };
  } catch (err) {
    if (err instanceof Error && /no such customer/i.test(err.message))
      throw new AppError("NOT_FOUND", NO_SUBSCRIPTION_MESSAGE);
    providerFailure(err);
  }
}

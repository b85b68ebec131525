/** Stripe configuration (issue 14 §1, decision 054): validated at boot, all three keys or none. */
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { stripeOf } from "./stripe-provider";

const keys = {
  STRIPE_SECRET_KEY: "sk_test_abc123",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc123",
  STRIPE_WEBHOOK_SECRET: "whsec_abc123",
};

describe("Stripe configuration", () => {
  it("is off by default: no client, nothing charged", () => {
    const env = parseEnv({});
    expect(env.STRIPE_API_BASE).toBe("https://api.stripe.com");
    expect(stripeOf(env)).toBeNull();
  });

  it("takes all three keys together and points the client at STRIPE_API_BASE", () => {
    const env = parseEnv({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:4242" });
    const p = stripeOf(env);
    expect(p?.publishableKey).toBe("pk_test_abc123");
    expect(p?.webhookSecret).toBe("whsec_abc123");
    expect(stripeOf(env)).toBe(p);
  });

  it("refuses a partial set, naming each missing key, and keys of the wrong kind", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none\nInvalid configuration: STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a Stripe webhook/,
    );
    expect(() => parseEnv({ ...keys, STRIPE_API_BASE: "ftp://x" })).toThrow(/STRIPE_API_BASE/);
  });
});

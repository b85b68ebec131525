import { createRequire } from "node:module";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { providerFailure } from "./stripe-provider";

const StripeClass = createRequire(import.meta.url)("stripe") as typeof Stripe;

const codeOf = (err: unknown) => {
  try {
    providerFailure(err);
  } catch (e) {
    return [(e as AppError).code, (e as AppError).message];
  }
  return null;
};

describe("providerFailure (SPEC.md §8: a card or request error shows the provider's message)", () => {
  it("keeps the message of a card or invalid-request error as 400 PAYMENT_FAILED", () => {
    const card = new StripeClass.errors.StripeCardError({ message: "Your card was declined.", type: "card_error" });
    expect(codeOf(card)).toEqual(["PAYMENT_FAILED", "Your card was declined."]);
    const invalid = new StripeClass.errors.StripeInvalidRequestError({
      message: "No such price: 'price_x'",
      type: "invalid_request_error",
    });
    expect(codeOf(invalid)).toEqual(["PAYMENT_FAILED", "No such price: 'price_x'"]);
  });
  it("turns a connection or server error into 502 PAYMENT_PROVIDER_ERROR and passes our own errors through", () => {
    const conn = new StripeClass.errors.StripeConnectionError({ message: "ECONNREFUSED", type: "api_error" });
    expect(codeOf(conn)?.[0]).toBe("PAYMENT_PROVIDER_ERROR");
    expect(codeOf(new Error("boom"))?.[0]).toBe("PAYMENT_PROVIDER_ERROR");
    expect(codeOf(new AppError("NOT_FOUND", "x"))).toEqual(["NOT_FOUND", "x"]);
  });
});

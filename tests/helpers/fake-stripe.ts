/**
 * A fake Stripe API on 127.0.0.1 (port 0) for tests (issue 14 §10, decision 054). It speaks the
 * subset Lexmate calls, form-encoded the way the `stripe` package sends it, and answers Stripe's
 * JSON shapes for API version 2026-10-28 (the package's pinned version):
 *
 *   POST /v1/customers · GET /v1/customers/:id
 *   POST /v1/subscriptions (payment_behavior default_incomplete: an open invoice with a
 *        confirmation_secret `pi_…_secret_…`, or — when the first invoice is $0 (100%-off coupon,
 *        trial_end) — a pending_setup_intent `seti_…_secret_…`) · GET/POST/DELETE /v1/subscriptions/:id
 *   GET /v1/promotion_codes?code=&active= (promotion.coupon expanded)
 *   POST /v1/payment_intents · POST /v1/billing_portal/sessions
 *   POST /v1/customers/:id/balance_transactions · GET /v1/customers/:id/balance_transactions
 *   GET /v1/customers/:id/payment_methods (cards attached with `attachCard`)
 *
 * Webhook events are built with `event()` and signed exactly as Stripe signs them:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`.
 * Every request is kept in `requests` so a test can assert that a webhook made no API call.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Json;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The STRIPE_* variables that point the app at this server. */
  env(): Record<string, string>;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  balanceTransactions: Json[];
  /** A recurring price (cents). */
  addPrice(id: string, p: { unitAmount: number; currency?: string; interval?: "month" | "year" }): void;
  /** A promotion code over a new coupon; returns both ids. */
  addPromotionCode(p: {
    code: string;
    percentOff?: number;
    amountOff?: number;
    currency?: string;
    duration?: "once" | "repeating" | "forever";
    durationInMonths?: number;
    active?: boolean;
  }): { promotionCodeId: string; couponId: string };
  /** Saves a card with `fingerprint` on a customer (what the Payment Element does at confirmation). */
  attachCard(customerId: string, fingerprint: string): void;
  /** A refunded charge of a customer, as charge.refunded carries it. */
  refundedCharge(customerId: string, amount: number, currency?: string): Json;
  /** Answers every API call with this HTTP status (simulates an outage) until set back to null. */
  failWith: number | null;
  /** Updates a stored subscription (status, period, cancel_at_period_end …) and returns it. */
  updateSubscription(id: string, patch: Json & { current_period_end?: number }): Json;
  /** An invoice object for a subscription, as invoice.paid / invoice.payment_failed carry it. */
  invoiceFor(subscriptionId: string, status: "paid" | "open"): Json;
  /** A Stripe event around `object` (a copy), created at `created` (unix s, default the fake's clock). */
  event(type: string, object: Json, opts?: { created?: number; previousAttributes?: Json; id?: string }): Json;
  /** The Stripe-Signature header for `payload` (default timestamp: the fake's clock). */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  /** POSTs `event` to `webhookUrl`, signed (or with `signature` as given). */
  deliver(webhookUrl: string, event: Json, opts?: { signature?: string; timestamp?: number }): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Parses Stripe's bracket form encoding (`items[0][price]=x&expand[0]=y`) into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return v;
    const o = v as Json;
    const keys = Object.keys(o);
    const conv = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => conv[k])
      : conv;
  };
  return arrays(root) as Json;
}

/** Starts the fake. `now` is its clock (ms), so it can follow a test's injected clock. */
export async function startFakeStripe(opts: { now?: () => number } = {}): Promise<FakeStripe> {
  const nowS = () => Math.floor((opts.now?.() ?? Date.now()) / 1000);
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const publishableKey = `pk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const promos = new Map<string, Json>();
  const balanceTransactions: Json[] = [];
  const paymentMethods: Json[] = [];
  const requests: FakeStripeRequest[] = [];
  let url = "";

  const stripeError = (status: number, message: string, type = "invalid_request_error", code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  const priceOf = (sub: Json) => ((sub.items as { data: Json[] }).data[0].price as Json) ?? {};

  const invoiceFor = (subscriptionId: string, status: "paid" | "open"): Json => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake-stripe: no subscription ${subscriptionId}`);
    const item = (sub.items as { data: Json[] }).data[0];
    const amount = Number(sub._amount ?? priceOf(sub).unit_amount ?? 0);
    return {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      currency: priceOf(sub).currency ?? "usd",
      billing_reason: "subscription_cycle",
      created: nowS(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: { ...(sub.metadata as Json) } },
      },
      lines: {
        object: "list",
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: "price_details", price_details: { price: priceOf(sub).id } },
          },
        ],
        has_more: false,
      },
    };
  };

  const publicSub = (sub: Json): Json => Object.fromEntries(Object.entries(sub).filter(([k]) => !k.startsWith("_")));

  const createSubscription = (body: Json) => {
    const customer = String(body.customer ?? "");
    if (!customers.has(customer))
      return stripeError(400, `No such customer: '${customer}'`, undefined, "resource_missing");
    const items = (body.items as Json[] | undefined) ?? [];
    const price = prices.get(String(items[0]?.price ?? ""));
    if (!price)
      return stripeError(400, `No such price: '${String(items[0]?.price ?? "")}'`, undefined, "resource_missing");
    let amount = Number(price.unit_amount);
    let discount: Json | null = null;
    const promoId = (body.discounts as Json[] | undefined)?.[0]?.promotion_code;
    if (promoId) {
      const promo = promos.get(String(promoId));
      if (!promo?.active) return stripeError(400, "This promotion code cannot be redeemed.");
      const coupon = (promo.promotion as Json).coupon as Json;
      if (coupon.percent_off) amount = Math.round(amount * (1 - Number(coupon.percent_off) / 100));
      if (coupon.amount_off) amount = Math.max(0, amount - Number(coupon.amount_off));
      discount = { id: id("di"), object: "discount", promotion_code: promo.id, source: { coupon: coupon.id } };
    }
    const start = nowS();
    const trialEnd = body.trial_end ? Number(body.trial_end) : null;
    const periodEnd = start + ((price.recurring as Json).interval === "year" ? 365 : 30) * 86400;
    const subId = id("sub");
    const setup = amount === 0 || trialEnd !== null;
    const sub: Json = {
      id: subId,
      object: "subscription",
      customer,
      status: trialEnd ? "trialing" : setup ? "active" : "incomplete",
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      start_date: start,
      trial_end: trialEnd,
      metadata: { ...((body.metadata as Json) ?? {}) },
      discounts: discount ? [discount.id] : [],
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? periodEnd,
          },
        ],
        has_more: false,
      },
      latest_invoice: null,
      pending_setup_intent: null,
      _amount: amount,
    };
    subscriptions.set(subId, sub);
    const invoice = invoiceFor(subId, setup ? "paid" : "open");
    invoice.billing_reason = "subscription_create";
    if (setup) {
      const seti = id("seti");
      sub.pending_setup_intent = {
        id: seti,
        object: "setup_intent",
        client_secret: `${seti}_secret_${randomBytes(8).toString("hex")}`,
        status: "requires_payment_method",
        customer,
      };
    } else {
      const pi = id("pi");
      const intent = {
        id: pi,
        object: "payment_intent",
        amount,
        currency: price.currency,
        customer,
        status: "requires_payment_method",
        client_secret: `${pi}_secret_${randomBytes(8).toString("hex")}`,
        metadata: {},
      };
      paymentIntents.set(pi, intent);
      invoice.confirmation_secret = { client_secret: intent.client_secret, type: "payment_intent" };
    }
    sub.latest_invoice = invoice;
    return { status: 200, body: publicSub(sub) };
  };

  const route = (method: string, path: string, body: Json): { status: number; body: unknown } => {
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    const balancePath = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path);
    const methodsPath = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
    if (methodsPath && method === "GET") {
      if (!customers.has(methodsPath[1]))
        return stripeError(404, `No such customer: '${methodsPath[1]}'`, undefined, "resource_missing");
      const data = paymentMethods.filter((m) => m.customer === methodsPath[1]);
      return { status: 200, body: { object: "list", data, has_more: false, url: path } };
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "POST" && path === "/v1/customers") {
      const c = {
        id: id("cus"),
        object: "customer",
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        balance: 0,
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (customerPath && method === "GET") {
      const m = customerPath;
      const c = customers.get(m[1]);
      return c
        ? { status: 200, body: c }
        : stripeError(404, `No such customer: '${m[1]}'`, undefined, "resource_missing");
    }
    if (balancePath) {
      const m = balancePath;
      const c = customers.get(m[1]);
      if (!c) return stripeError(404, `No such customer: '${m[1]}'`, undefined, "resource_missing");
      if (method === "GET") {
        const data = balanceTransactions.filter((t) => t.customer === m[1]);
        return { status: 200, body: { object: "list", data, has_more: false, url: path } };
      }
      const amount = Number(body.amount);
      c.balance = Number(c.balance) + amount;
      const t = {
        id: id("cbtxn"),
        object: "customer_balance_transaction",
        customer: m[1],
        amount,
        currency: body.currency ?? "usd",
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        ending_balance: c.balance,
        created: nowS(),
      };
      balanceTransactions.push(t);
      return { status: 200, body: t };
    }
    if (method === "POST" && path === "/v1/subscriptions") return createSubscription(body);
    if (subscriptionPath) {
      const m = subscriptionPath;
      const sub = subscriptions.get(m[1]);
      if (!sub) return stripeError(404, `No such subscription: '${m[1]}'`, undefined, "resource_missing");
      if (method === "POST" && body.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = body.cancel_at_period_end === "true";
      if (method === "DELETE") sub.status = "canceled";
      return { status: 200, body: publicSub(sub) };
    }
    if (method === "GET" && path === "/v1/promotion_codes") {
      const code = String(body.code ?? "");
      const data = [...promos.values()].filter(
        (p) => p.code === code && (body.active === undefined || String(p.active) === body.active),
      );
      return { status: 200, body: { object: "list", data, has_more: false, url: path } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pi = id("pi");
      const intent = {
        id: pi,
        object: "payment_intent",
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer ?? null,
        status: "requires_payment_method",
        client_secret: `${pi}_secret_${randomBytes(8).toString("hex")}`,
        metadata: body.metadata ?? {},
        receipt_email: body.receipt_email ?? null,
      };
      paymentIntents.set(pi, intent);
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(String(body.customer)))
        return stripeError(400, `No such customer: '${String(body.customer)}'`, undefined, "resource_missing");
      const s = id("bps");
      return {
        status: 200,
        body: {
          id: s,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `${url}/p/session/${s}`,
          created: nowS(),
        },
      };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  let failWith: number | null = null;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const u = new URL(req.url ?? "/", "http://x");
    const body = parseStripeForm(
      req.method === "GET" || req.method === "DELETE" ? u.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    requests.push({ method: req.method ?? "GET", path: u.pathname, body });
    let out: { status: number; body: unknown };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      out = stripeError(401, "Invalid API Key provided", "invalid_request_error");
    else if (failWith) out = stripeError(failWith, "Fake Stripe outage", "api_error");
    else out = route(req.method ?? "GET", u.pathname, body);
    res.writeHead(out.status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(out.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (payload: string, o: { timestamp?: number; secret?: string } = {}) => {
    const t = o.timestamp ?? nowS();
    const v1 = createHmac("sha256", o.secret ?? webhookSecret)
      .update(`${t}.${payload}`, "utf8")
      .digest("hex");
    return `t=${t},v1=${v1}`;
  };

  const fake: FakeStripe = {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: url,
    }),
    requests,
    customers,
    subscriptions,
    paymentIntents,
    balanceTransactions,
    get failWith() {
      return failWith;
    },
    set failWith(v) {
      failWith = v;
    },
    addPrice(priceId, p) {
      prices.set(priceId, {
        id: priceId,
        object: "price",
        active: true,
        currency: (p.currency ?? "usd").toLowerCase(),
        unit_amount: p.unitAmount,
        product: id("prod"),
        type: "recurring",
        recurring: { interval: p.interval ?? "month", interval_count: 1 },
      });
    },
    attachCard(customerId, fingerprint) {
      paymentMethods.push({
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer: customerId,
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, fingerprint },
      });
    },
    refundedCharge(customerId, amount, currency = "usd") {
      return {
        id: id("ch"),
        object: "charge",
        customer: customerId,
        amount,
        amount_refunded: amount,
        currency,
        refunded: true,
        paid: true,
        status: "succeeded",
        metadata: {},
        created: nowS(),
      };
    },
    addPromotionCode(p) {
      const coupon = {
        id: id("co").slice(0, 11),
        object: "coupon",
        percent_off: p.percentOff ?? null,
        amount_off: p.amountOff ?? null,
        currency: p.amountOff ? (p.currency ?? "usd") : null,
        duration: p.duration ?? "once",
        duration_in_months: p.durationInMonths ?? null,
        valid: true,
      };
      coupons.set(coupon.id, coupon);
      const promo = {
        id: id("promo"),
        object: "promotion_code",
        active: p.active ?? true,
        code: p.code,
        created: nowS(),
        customer: null,
        expires_at: null,
        max_redemptions: null,
        times_redeemed: 0,
        metadata: {},
        promotion: { type: "coupon", coupon },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      };
      promos.set(promo.id, promo);
      return { promotionCodeId: promo.id, couponId: coupon.id };
    },
    updateSubscription(subId, patch) {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`fake-stripe: no subscription ${subId}`);
      const { current_period_end, ...rest } = patch;
      Object.assign(sub, rest);
      const item = (sub.items as { data: Json[] }).data[0];
      if (current_period_end !== undefined) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = current_period_end;
      }
      return publicSub(sub);
    },
    invoiceFor,
    event(type, object, o = {}) {
      const obj = JSON.parse(JSON.stringify(object)) as Json;
      if (obj.object === "subscription" && obj.latest_invoice && typeof obj.latest_invoice === "object")
        obj.latest_invoice = (obj.latest_invoice as Json).id;
      if (obj.object === "subscription" && obj.pending_setup_intent && typeof obj.pending_setup_intent === "object")
        obj.pending_setup_intent = (obj.pending_setup_intent as Json).id;
      for (const k of Object.keys(obj)) if (k.startsWith("_")) delete obj[k];
      return {
        id: o.id ?? id("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        created: o.created ?? nowS(),
        data: { object: obj, ...(o.previousAttributes ? { previous_attributes: o.previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    sign,
    async deliver(webhookUrl, event, o = {}) {
      const payload = JSON.stringify(event, null, 2);
      return fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": o.signature ?? sign(payload, { timestamp: o.timestamp }),
        },
        body: payload,
      });
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  return fake;
}

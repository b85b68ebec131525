/**
 * Billing in the browser (issue 14 §2, §3, §6, §9, §10) against a server of its own wired to the
 * fake Stripe API (tests/helpers/e2e-billing-server.ts). Stripe.js loads from Stripe's servers,
 * which these tests cannot reach, so the Payment Element itself is not driven: the tests cover
 * the dialog's states (loading, 'Stripe is not ready…', checkout errors), the promo code field,
 * the return page reading the outcome back from the server once the webhook lands, the plan
 * card ('Renews' → 'Ends on'), and Refer & Earn.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type ChildServer, PASSWORD, shot, startChildServer, uniqueEmail } from "./helpers";

let server: ChildServer;
const command = (c: Record<string, unknown>) => server.command(c);

test.beforeAll(async () => {
  test.setTimeout(180_000); // boots PGlite, runs the migrations and seeds the content
  server = await startChildServer("tests/helpers/e2e-billing-server.ts");
});
test.afterAll(async () => {
  await server?.close();
});

async function signUp(page: Page, email: string) {
  await page.goto(`${server.url}/auth?tab=signup`);
  await page.getByLabel("Name").fill("Paying Student");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await page.getByTestId("signup-sent").waitFor();
  const outbox = join(server.dataDir, "outbox");
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; links: string[] })
    .find((m) => m.to === email)!;
  await page.goto(mail.links.find((l) => l.includes("/auth/callback"))!.replace(/^https?:\/\/[^/]+/, server.url));
  await page.waitForURL("**/chat");
}

test("the payment dialog: loading while Stripe.js loads, the promo code field of the setup flow, then 'Stripe is not ready…'", async ({
  page,
}) => {
  const email = uniqueEmail("promo");
  await signUp(page, email);
  // Stripe.js is held: the dialog shows its loading state.
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route("https://js.stripe.com/**", async (route) => {
    await gate;
    await route.abort();
  });
  await page.goto(`${server.url}/settings?upgrade=premium&coupon=freemonth`);
  const dialog = page.getByRole("dialog", { name: "Complete your Unlimited subscription" });
  await expect(dialog).toBeVisible({ timeout: 30_000 }); // checkout start, on a loaded machine
  await expect(dialog).toContainText("This will give you access to premium features of the chat companion.");
  await expect(page).toHaveURL(`${server.url}/settings`); // the parameters left the URL
  await expect(dialog.getByTestId("payment-loading")).toBeVisible();

  // The 100%-off code gave the setup flow: the promo code field is there.
  const field = dialog.getByRole("textbox", { name: "Promo code" });
  const apply = dialog.getByRole("button", { name: "Apply" }).first();
  await expect(apply).toBeDisabled();
  await field.fill("nope");
  await expect(field).toHaveValue("NOPE");
  await field.press("Enter");
  await expect(dialog.getByText("Invalid or expired promo code")).toBeVisible();
  await command({ cmd: "failWith", status: 500 });
  await apply.click();
  await expect(dialog.getByText("Unable to validate promo code")).toBeVisible();
  await command({ cmd: "failWith", status: null });
  await field.fill("half");
  await apply.click();
  await expect(dialog.getByTestId("promo-applied")).toHaveText("HALF applied: 50% off on the first payment.");
  await expect(dialog.getByTestId("checkout-price")).toHaveText("$10$5 / month");
  await shot(page, "billing-dialog-promo");

  // Stripe.js fails to load: the §8 message.
  release();
  await expect(dialog.getByText("Stripe is not ready. Please wait a moment and try again.")).toBeVisible();
});

test("checkout errors: no price mapped, then a Stripe outage", async ({ page }) => {
  await signUp(page, uniqueEmail("errors"));
  await page.route("https://js.stripe.com/**", (route) => route.abort());
  await command({ cmd: "mapPrice", on: false });
  try {
    await page.goto(`${server.url}/settings?upgrade=unlimited`);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Checkout Error");
    await expect(toast).toContainText(
      "Error: No online price is set for this plan yet. Ask an administrator (npm run cli -- prices:set).",
    );
  } finally {
    await command({ cmd: "mapPrice", on: true });
  }
  await command({ cmd: "failWith", status: 500 });
  try {
    await page.goto(`${server.url}/settings?upgrade=unlimited`);
    await expect(page.getByTestId("toast")).toContainText("Failed to create checkout session. Please try again later.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } finally {
    await command({ cmd: "failWith", status: null });
  }
});

test("the return page shows what the server reports; the plan card, cancellation and Refer & Earn follow", async ({
  page,
}) => {
  const email = uniqueEmail("paid");
  await signUp(page, email);
  await page.route("https://js.stripe.com/**", (route) => route.abort());
  await page.goto(`${server.url}/settings?upgrade=unlimited`);
  const dialog = page.getByRole("dialog", { name: "Complete your Unlimited subscription" });
  await expect(dialog.getByTestId("checkout-price")).toHaveText("$10 / month");
  // The payment flow has no promo code field.
  await expect(dialog.getByRole("textbox", { name: "Promo code" })).toHaveCount(0);

  // Stripe returns here after a failed confirmation; the URL alone never says "active".
  await page.goto(`${server.url}/checkout-confirmation?tier=unlimited&redirect_status=failed`);
  await expect(page.getByTestId("checkout-outcome")).toHaveText("Payment failed. Please try again or contact support.");
  await page.goto(`${server.url}/checkout-confirmation?tier=unlimited`);
  await expect(page.getByTestId("checkout-outcome")).toHaveAttribute("data-outcome", "checking");
  await command({ cmd: "activate", email });
  await expect(page.getByTestId("checkout-outcome")).toContainText(
    "Thank you! Your Unlimited subscription is active until",
  );
  await shot(page, "billing-confirmation");

  await page.goto(`${server.url}/settings`);
  await expect(page.getByTestId("plan-name")).toHaveText("Unlimited");
  await expect(page.getByText(/^Renews /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage Subscription" })).toBeVisible();
  const refer = page.getByTestId("refer-and-earn");
  await expect(refer.getByLabel("Your referral link")).toHaveValue(/\/\?ref=[A-Z2-9]{8}$/);
  await expect(refer.getByTestId("referral-stats")).toContainText("Credit earned$0");
  await shot(page, "billing-settings-paid");

  await command({ cmd: "cancelAtPeriodEnd", email });
  await page.reload();
  await expect(page.getByText(/^Ends on /)).toBeVisible();
});

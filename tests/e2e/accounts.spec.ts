import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { SUBJECT_IDS } from "../../src/contract/content";
import { outboxLink, PASSWORD, setTheme, shot, signUpAndConfirm, uniqueEmail } from "./helpers";

test("landing page for a visitor, with the sign-up call to action", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Start free today" })).toHaveAttribute("href", "/auth?tab=signup");
  await expect(page.getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Lexmate`)).toBeVisible();
  await shot(page, "landing-1440");
});

test("sign up, confirm from the outbox, arrive at /chat, sign out", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/auth?tab=signup");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  // live checklist
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await expect(page.getByTestId("password-checklist").locator("[data-ok=true]")).toHaveCount(1);
  await shot(page, "auth-signup");
  // an easy password is refused with the three tips
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Password123!");
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await expect(page.getByRole("alert")).toContainText("easy to guess");
  await expect(page.getByTestId("easy-to-guess-tips")).toContainText("Use a passphrase");

  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await expect(page.getByTestId("signup-sent")).toContainText(email);

  const link = await outboxLink(email, "/auth/callback");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByText("Welcome to Lexmate!")).toBeVisible();
  await page.waitForURL("**/chat");
  await expect(page.getByTestId("trial-banner")).toContainText("Free trial: 7 days remaining");
  await shot(page, "chat-signed-in");

  // On a phone the banner stays one 40 px line and clears the sidebar button, in both themes,
  // and its "Upgrade now" passes axe's contrast check.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    const banner = await page.getByTestId("trial-banner").boundingBox();
    const upgrade = await page.getByTestId("trial-banner").getByRole("link", { name: "Upgrade now" }).boundingBox();
    const menu = await page.getByRole("button", { name: "Open sidebar" }).boundingBox();
    expect(banner!.height).toBe(40);
    expect(upgrade!.y + upgrade!.height).toBeLessThanOrEqual(banner!.y + banner!.height);
    expect(menu!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height);
    const axe = await new AxeBuilder({ page })
      .include("[data-testid=trial-banner]")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    expect(axe.violations.map((v) => `${theme}: ${v.id}`)).toEqual([]);
  }
  await shot(page, "trial-banner-375-dark");
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/auth");
  await page.goto("/settings");
  await page.waitForURL("**/auth");
});

test("a callback without tokens says so and goes home after 3 s", async ({ page }) => {
  await page.goto("/auth/callback");
  await expect(page.getByText("No authentication tokens found")).toBeVisible();
  await page.waitForURL((u) => u.pathname === "/", { timeout: 6000 });
});

test("an invalid link lands on /auth with the §5 message and offers a new one", async ({ page }) => {
  await page.goto("/auth/callback#token=not-a-real-token.xx.yy&email=someone%40example.com");
  await page.waitForURL("**/auth?error=invalid_token");
  await expect(page.getByText("The confirmation link is invalid. Please request a new one.")).toBeVisible();
  await page.getByRole("link", { name: "Request a new confirmation link" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("someone@example.com");
});

test("protected routes redirect signed-out visitors to /auth", async ({ page }) => {
  await page.goto("/flashcards/study");
  await page.waitForURL("**/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
});

test("signing in to an unconfirmed account says so and offers resend", async ({ page }) => {
  const email = uniqueEmail("unconfirmed");
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await page.getByTestId("signup-sent").waitFor();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByRole("alert")).toContainText("confirm your email");
  await page.getByRole("link", { name: "Resend confirmation email" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(page.getByText("Email Sent!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
});

test("settings: theme persists across reload, password form messages, profile", async ({ page }) => {
  const email = uniqueEmail("settings");
  await signUpAndConfirm(page, email);

  await page.goto("/settings/appearance");
  await page.getByRole("radio", { name: /Dark/ }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("radio", { name: /Dark/ })).toHaveAttribute("aria-checked", "true");
  await shot(page, "settings-appearance-dark");
  await page.getByRole("radio", { name: /Light/ }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);

  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();
  await expect(page.getByText("New password is required")).toBeVisible();
  await expect(page.getByText("Please confirm your new password")).toBeVisible();
  await page.getByLabel("Current password", { exact: true }).fill("Wrong-Password-123");
  await expect(page.getByText("Current password is required")).toHaveCount(0); // clears on edit
  await page.getByLabel("New password", { exact: true }).fill("Brand-New-Lighthouse-77");
  await page.getByLabel("Confirm new password", { exact: true }).fill("Brand-New-Lighthouse-78");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password", { exact: true }).fill("Brand-New-Lighthouse-77");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Updated")).toBeVisible();

  await page.getByLabel("First name", { exact: true }).fill("Thurgood");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toBeDisabled();
  await shot(page, "settings-account");

  await page.goto("/settings");
  await expect(page.getByTestId("plan-name")).toHaveText("Trial Period");
  await expect(page.getByText("Active")).toBeVisible();
  await expect(page.getByText(/Trial expires/)).toBeVisible();
  await shot(page, "settings-subscription");

  await page.goto("/settings/nonsense");
  await page.waitForURL((u) => u.pathname === "/settings");

  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("access-denied")).toContainText(email);
  await expect(page.getByText("You don't have permission to access this admin area.")).toBeVisible();
});

test("content pages show subjects, topics and briefs", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("reader"));
  await page.goto("/library");
  // The seven MBE subjects, Business Associations and Professional Responsibility (issue 18 §1).
  await expect(page.getByTestId("subject-card")).toHaveCount(SUBJECT_IDS.length);
  await page.getByRole("link", { name: /Civil Procedure/ }).click();
  await page.getByRole("link", { name: /Specific Personal Jurisdiction/ }).click();
  await expect(page.getByTestId("topic-rule")).toContainText("minimum contacts");
  await shot(page, "topic-page");
  await page.goto("/cases/international-shoe-co-v-washington");
  await expect(page.getByRole("heading", { name: "International Shoe Co. v. Washington" })).toBeVisible();
  await expect(page.getByText("326 U.S. 310")).toBeVisible();
  // With no opinion imported there is nothing to read; "Write your own" starts from the case's heading.
  await expect(page.getByTestId("read-opinion")).toHaveCount(0);
  await page.getByTestId("write-your-own").click();
  await page.waitForURL(/\/cases\/new\?/);
  await expect(page.getByLabel("Case name")).toHaveValue("International Shoe Co. v. Washington");
  await expect(page.getByLabel("Citation")).toHaveValue("326 U.S. 310");
  await expect(page.getByLabel("Year")).toHaveValue("1945");
  await expect(page.getByLabel("Subject")).toHaveValue("civil-procedure");
});

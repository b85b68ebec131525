/**
 * The admin console (issue 17), lean: an admin signs in on the admin host (127.0.0.2 is
 * ADMIN_HOSTS) and on the main host, sees counters and charts, finds a student, changes their plan
 * with a reason, sees it in the audit log, turns maintenance mode on and the student side goes
 * read-only; a non-admin gets Access Denied on every admin page. Screenshots at 1440 px (and the
 * dashboard at 375 px) go to test-results/screenshots/admin-*.png.
 */
import { expect, type Page, test } from "@playwright/test";
import { keepSharedState, PASSWORD, shot, signUpAndConfirm, uniqueEmail } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ADMIN = "admin-e2e@example.com";
const PAGES = [
  "dashboard",
  "users",
  "set-admin",
  "audit-log",
  "settings",
  "security",
  "error-logs",
  "flashcards",
  "outlines",
  "cases",
  "askjds",
  "price-mapping",
  "utilities",
  "batch-monitor",
  "courses",
];

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).last().click();
}

test.describe.configure({ mode: "serial" });
// Maintenance mode is site-wide: if the test stops before turning it off, it is turned off here.
keepSharedState();

test("admin console: both hosts, counters, find a user, change plan with a reason, audit log, maintenance mode", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // A student and the admin (ADMIN_EMAILS in playwright.config.ts), both confirmed.
  const studentEmail = uniqueEmail("ruled");
  await signUpAndConfirm(page, studentEmail);
  const studentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const student = await studentContext.newPage();
  await signIn(student, `http://localhost:${PORT}`, studentEmail);
  await student.waitForURL("**/chat");
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signUpAndConfirm(page, ADMIN);

  // Main host: the student app stays, with an 'Admin' entry.
  await page.getByRole("link", { name: "Admin console" }).click();
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByTestId("counter-Users")).toBeVisible();
  await expect(page.getByTestId("dashboard-charts").locator("svg.recharts-surface")).toHaveCount(4);
  await shot(page, "admin-dashboard-1440");

  // Admin host: sign-in lands on the dashboard (no 'Authorization Issue' loop).
  const adminHost = `http://127.0.0.2:${PORT}`;
  const hostPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await hostPage.goto(`${adminHost}/`);
  await hostPage.waitForURL((u) => u.pathname === "/auth");
  await signIn(hostPage, adminHost, ADMIN);
  await hostPage.waitForURL((u) => u.pathname === "/admin/dashboard", { timeout: 15_000 });
  await expect(hostPage.getByTestId("counter-Users")).toBeVisible();
  await expect(hostPage.getByText("Authorization Issue")).toHaveCount(0);
  await hostPage.goto(`${adminHost}/chat`);
  await hostPage.waitForURL((u) => u.pathname === "/admin/dashboard");
  await hostPage.close();

  // Find the student and change their plan with a reason.
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.getByLabel("Search users").fill(studentEmail.slice(0, 12));
  const row = page.getByTestId("users-table").getByRole("row").filter({ hasText: studentEmail });
  await expect(row).toBeVisible();
  // The newest student is on the unfiltered first page too: wait until the search has answered
  // (one row left), or the click can land on a row the filtered list is about to replace.
  await expect(page.getByText("1 row", { exact: true })).toBeVisible();
  await shot(page, "admin-users-1440");
  await row.click();
  await expect(page.getByRole("heading", { name: studentEmail })).toBeVisible();
  await page.getByRole("button", { name: "Change plan" }).click();
  await page.getByLabel("New plan").selectOption("unlimited");
  await page.getByLabel("Reason").fill("Scholarship winner");
  await page.getByRole("dialog").getByRole("button", { name: "Change plan" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("user-audit")).toContainText("Scholarship winner");
  await shot(page, "admin-user-1440");

  await page.getByRole("link", { name: "Audit log" }).click();
  const auditRow = page.getByTestId("audit-table").getByRole("row").filter({ hasText: "Scholarship winner" });
  await expect(auditRow).toContainText("user.plan.change");
  await expect(auditRow).toContainText(ADMIN);
  await shot(page, "admin-audit-log-1440");

  await page.getByRole("link", { name: "Set admin" }).click();
  await shot(page, "admin-set-admin-1440");

  // Maintenance mode: the student side goes read-only.
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Maintenance mode").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByLabel("Reason").fill("Database upgrade");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await shot(page, "admin-settings-1440");

  await student.goto(`http://localhost:${PORT}/notes`);
  await expect(student.getByTestId("maintenance-banner")).toBeVisible();
  const refused = await student.evaluate(async () => {
    const r = await fetch("/api/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "x", html: "<p>x</p>" }),
    });
    return { status: r.status, body: await r.json() };
  });
  expect(refused.status).toBe(503);
  expect(refused.body.error.message).toContain("maintenance mode");
  await shot(student, "admin-student-maintenance-1440");

  await page.getByLabel("Maintenance mode").uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByLabel("Reason").fill("Upgrade finished");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("counter-Users")).toBeVisible();
  await shot(page, "admin-dashboard-375");
  await studentContext.close();
});

test("a non-admin gets Access Denied on every admin page", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("nosy");
  await signUpAndConfirm(page, email);
  await expect(page.getByRole("link", { name: "Admin console" })).toHaveCount(0);
  for (const p of PAGES) {
    await page.goto(`/admin/${p}`);
    await expect(page.getByTestId("access-denied")).toContainText(email);
  }
  await page.goto("/admin");
  await expect(page.getByTestId("access-denied")).toBeVisible();
});

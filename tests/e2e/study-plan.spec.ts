/**
 * The study plan to exam day in Chromium (issue 18 §4, decision 080): a new student sets a NextGen
 * exam 60 days out with 6 hours a week and Sundays off, sees the countdown and today's plan on the
 * study home, and every day of the plan within its minutes. Screenshots at 1440 and 375 px.
 */
import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

const SHOTS = process.env.STUDYPLAN_SHOTS ?? "test-results/screenshots";

test("set a NextGen exam 60 days out and follow today's plan", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signUpAndConfirm(page, uniqueEmail("plan"));
  await page.goto("/flashcards/study");
  await expect(page.getByTestId("exam-empty")).toBeVisible();
  await page.getByRole("link", { name: "Set your exam" }).click();
  await expect(page.getByRole("heading", { name: "Study plan" })).toBeVisible();

  const examDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Exam date").fill(examDate);
  await page.getByLabel("Weekly hours").fill("6");
  await page.getByRole("button", { name: "NextGen", exact: true }).click();
  // Sunday is off by default; make sure of it and that no other day is.
  const sun = page.getByRole("button", { name: "Sun", exact: true });
  if ((await sun.getAttribute("aria-pressed")) !== "true") await sun.click();
  for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    await expect(page.getByRole("button", { name: d, exact: true })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Save and plan" }).click();

  // The plan page: every day within its minutes; Sundays off; study days of 60 minutes.
  await expect(page.getByTestId("plan-days")).toBeVisible();
  await page.getByRole("button", { name: /Show all \d+ days/ }).click();
  const days = page.getByTestId("plan-day");
  await expect(days).toHaveCount(60);
  const figures = await days.evaluateAll((els) =>
    els.map((e) => ({
      planned: Number(e.getAttribute("data-planned")),
      available: Number(e.getAttribute("data-available")),
    })),
  );
  for (const f of figures) {
    expect(f.planned).toBeLessThanOrEqual(f.available + 1e-9);
    expect([0, 60]).toContain(f.available);
  }
  expect(figures.filter((f) => f.available === 0).length).toBeGreaterThanOrEqual(8);

  // The study home: countdown and today's checklist with links.
  await page.goto("/flashcards/study");
  await expect(page.getByTestId("exam-countdown")).toHaveText(
    /^(59|60|61) days to your exam — NextGen, \w{3} \d{1,2} \w{3} \d{4}$/,
  );
  const plan = page.getByTestId("today-plan");
  const offToday = (await plan.textContent())?.includes("day off");
  if (!offToday) {
    await expect(plan.getByTestId("plan-item").first()).toBeVisible();
    await expect(plan.getByRole("link", { name: /^Start: / }).first()).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/study-home-plan-1440.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("exam-countdown")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/study-home-plan-375.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/flashcards/plan");
  await expect(page.getByTestId("plan-days")).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/plan-page-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: `${SHOTS}/plan-page-1440.png`, fullPage: true });
});

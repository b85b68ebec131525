/**
 * Issue 12 item 24: /flashcards/questions fits a 375 px phone once questions have been answered
 * (the accuracy panel used to make the page 491 px wide, cutting the trial banner and the cards).
 */
import { expect, test } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

test("24: the question bank with answers seeded is no wider than a 375 px phone", async ({ page, baseURL }) => {
  await signUpAndConfirm(page, uniqueEmail("bank-phone"));
  // Answer questions from several subjects through the API (the page's own session cookie).
  const list = await page.request.get("/api/question-bank?limit=100");
  expect(list.status()).toBe(200);
  const { questions } = (await list.json()) as { questions: { id: string; subjectId: string }[] };
  const bySubject = new Map<string, string[]>();
  for (const q of questions) bySubject.set(q.subjectId, [...(bySubject.get(q.subjectId) ?? []), q.id]);
  let answered = 0;
  for (const ids of bySubject.values())
    for (const [i, id] of ids.slice(0, 3).entries()) {
      const r = await page.request.post(`/api/question-bank/${id}/attempts`, {
        data: { choice: "ABCD"[i % 4] },
        headers: { origin: baseURL! },
      });
      expect(r.status()).toBe(201);
      answered++;
    }
  expect(answered).toBeGreaterThan(5);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/flashcards/questions");
  await expect(page.getByTestId("bank-count")).toBeVisible();
  const panel = page.getByTestId("bank-analytics");
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Accuracy by subject")).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Every accuracy card and the trial banner lie inside the viewport.
  for (const box of [
    ...(await panel.locator(":scope > *").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))),
  ] as { left: number; right: number }[]) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(375);
  }
  const banner = (await page.getByTestId("trial-banner").boundingBox())!;
  expect(banner.x).toBe(0);
  expect(banner.width).toBeLessThanOrEqual(375);
});

/**
 * Issue 12 item 22 (SPEC.md §6): on Free, every study page is the upgrade card, as on /notes, and
 * the server refuses the study API with 403 UPGRADE_REQUIRED; Settings says the same.
 */
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

test("a Free account sees the upgrade card on /flashcards, the question bank and quizzes", async ({ page }) => {
  test.skip(
    !process.env.DATABASE_URL,
    "needs PostgreSQL: the running PGlite server holds its data directory, so the plan cannot be changed from outside",
  );
  const email = uniqueEmail("free-study");
  await signUpAndConfirm(page, email);
  execFileSync(process.execPath, ["--import", "tsx", "src/server/cli.ts", "users:set-plan", email, "free"], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
  });
  for (const path of ["/flashcards", "/flashcards/decks", "/flashcards/questions", "/quiz/setup"]) {
    await page.goto(path);
    await expect(page.getByTestId("upgrade-card")).toContainText(
      "Flashcards and the question bank are part of Unlimited",
    );
  }
  const r = await page.request.get("/api/study/queue");
  expect(r.status()).toBe(403);
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe("UPGRADE_REQUIRED");
  await page.goto("/settings");
  await expect(page.getByText("Upgrade for notes, outlines, flashcards, the question bank")).toBeVisible();
});

/**
 * The admin content pages in Chromium (issue 17 §2 flashcards and outlines; decision 067): an
 * administrator finds an official flashcard, edits its answer with a reason, sees it marked
 * edited and in the audit log, and reverts it; the questions tab and the outlines page show
 * their counts and tables. Every spec shares one server, so the edit is reverted in a `finally`.
 * Screenshots at 1440 and 375 px.
 */
import { expect, type Page, test } from "@playwright/test";
import { shot, signUpAndConfirm } from "./helpers";

const ADMIN = "content-admin@example.com"; // in ADMIN_EMAILS (playwright.config.ts)
const CARD = "torts-abnormally-dangerous-activities-01";

test.use({ viewport: { width: 1440, height: 900 } });

async function revertCard(page: Page) {
  // 409 when there is nothing to revert; either way the official card is the file's again.
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`/api/admin/flashcards/${CARD}/revert`, {
    data: { reason: "e2e clean-up" },
    headers: { origin },
  });
  expect([200, 409]).toContain(res.status());
}

test("an admin edits an official flashcard with a reason, sees it audited, and reverts it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, ADMIN);
  try {
    await page.goto("/admin/flashcards");
    await expect(page.getByRole("heading", { name: "Flashcards" })).toBeVisible();
    const counters = page.getByTestId("flashcard-counters");
    await expect(counters.getByText("Official cards")).toBeVisible();
    await expect(counters).not.toContainText("…");
    const table = page.getByTestId("cards-table");
    await table.getByPlaceholder("Search question, answer or deck").fill("Restatement (Second) § 520");
    await expect(table.getByTestId("table-total")).toHaveText("1 row");
    const row = table.getByRole("row", { name: /Name the Restatement/ });
    await shot(page, "admin-flashcards-1440");

    await row.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit flashcard" });
    await dialog
      .getByLabel("Answer")
      .fill(
        "Six factors: high risk; great harm; not eliminable by care; uncommon; inappropriate place; value outweighed.",
      );
    await dialog.getByLabel("Reason").fill("shorter answer for review");
    await shot(page, "admin-flashcard-edit-1440");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Six factors: high risk");
    await expect(row.getByText("Edited")).toBeVisible();

    await page.goto("/admin/audit-log");
    const audit = page.getByRole("row", { name: /flashcard\.update/ });
    await expect(audit.first()).toContainText("shorter answer for review");

    await page.goto("/admin/flashcards?q=Restatement%20(Second)%20%C2%A7%20520");
    await table
      .getByRole("row", { name: /Name the Restatement/ })
      .getByRole("button", { name: "Revert" })
      .click();
    const revert = page.getByRole("dialog", { name: "Revert flashcard" });
    await revert.getByLabel("Reason").fill("back to the reviewed file");
    await revert.getByRole("button", { name: "Revert to the file" }).click();
    await expect(revert).toBeHidden();
    await expect(table.getByRole("row", { name: /Name the Restatement/ })).toContainText("High risk of harm");
    await expect(table.getByRole("row", { name: /Name the Restatement/ }).getByText("Edited")).toHaveCount(0);

    await page.getByRole("tab", { name: "Questions" }).click();
    const questions = page.getByTestId("questions-table");
    await expect(questions.getByTestId("table-total")).toHaveText(/\d+ rows/);
    await shot(page, "admin-questions-1440");

    await page.goto("/admin/outlines");
    await expect(page.getByRole("heading", { name: "Outlines" })).toBeVisible();
    await expect(page.getByTestId("outline-counters")).not.toContainText("…");
    await expect(page.getByTestId("analyses-table").getByTestId("table-total")).toHaveText(/\d+ rows?/);
    await shot(page, "admin-outlines-1440");

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/flashcards");
    await expect(page.getByTestId("flashcard-counters")).not.toContainText("…");
    await shot(page, "admin-flashcards-375");
    await page.goto("/admin/outlines");
    await expect(page.getByTestId("outline-counters")).not.toContainText("…");
    await shot(page, "admin-outlines-375");
  } finally {
    await revertCard(page);
  }
});

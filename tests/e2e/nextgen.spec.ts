/**
 * NextGen practice in Chromium (issue 18 §2, decision 079), as a new (trial) student: open an
 * integrated set, read a document in the pane, answer a choice item and a short answer, self-grade
 * by the rubric; start a performance task, type, reload (the text is still there and the timer
 * keeps running on the server's deadline), submit, and see the rubric and the model answer.
 * Screenshots of the set player and the task workspace at 1440 and 375 px go to
 * /tmp/ngcode-sets-shots/ (or E2E_SHOTS_DIR).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/ngcode-sets-shots";
mkdirSync(SHOTS, { recursive: true });
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(SHOTS, `${name}-1440.png`), fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("an integrated set: read a document, answer, self-grade by the rubric", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndConfirm(page, uniqueEmail("nextgen-set"));
  await page.goto("/flashcards/study");
  await page.getByRole("link", { name: "Integrated sets" }).click();
  await expect(page.getByRole("heading", { name: "Integrated sets" })).toBeVisible();
  await page.getByRole("link", { name: /Sample set: the lumber yard's delivery log/ }).click();
  await expect(page.getByRole("heading", { name: /the lumber yard's delivery log/ })).toBeVisible();

  // The document pane: open the deposition and read it.
  const docs = page.getByRole("tablist", { name: "Documents" });
  await docs.getByRole("tab", { name: /Deposition of Lena Ortiz/ }).click();
  await expect(page.getByTestId("document-body")).toContainText("I've run the delivery log for six years");

  const items = page.getByTestId("set-item");
  await expect(items).toHaveCount(3);
  // A choice item: pick B, check it, see the explanation.
  await items
    .nth(0)
    .getByRole("radio", { name: /custodian or other qualified witness/ })
    .check();
  await items.nth(0).getByRole("button", { name: "Check answer" }).click();
  await expect(items.nth(0).getByTestId("choice-result")).toHaveText(/Correct/);
  await expect(items.nth(0)).toContainText("A qualified witness must know the record-keeping system");

  // The short answer: write, submit, see the model answer and grade by the rubric.
  await items
    .nth(2)
    .getByLabel("Your answer")
    .fill("It is double hearsay under Rule 805. The neighbor had no business duty.");
  await items.nth(2).getByRole("button", { name: "Submit answer" }).click();
  await expect(items.nth(2).getByTestId("model-answer")).toContainText("Johnson v. Lutz");
  await items
    .nth(2)
    .getByRole("checkbox", { name: /Identifies two layers of hearsay/ })
    .check();
  await items
    .nth(2)
    .getByRole("checkbox", { name: /no business duty to report/ })
    .check();
  await items.nth(2).getByRole("button", { name: "Save my grade" }).click();
  await expect(items.nth(2).getByTestId("rubric-score")).toHaveText("Your grade: 4 / 5 points");
  // No model is configured on the e2e server: no companion button.
  await expect(page.getByRole("button", { name: "Grade with the companion" })).toHaveCount(0);
  await expect(page.getByTestId("set-score")).toContainText("Choice questions 1 / 2");
  await expect(page.getByTestId("set-score")).toContainText("Written 4 / 5");

  await page.evaluate(() => window.scrollTo(0, 0));
  await shots(page, "set-player");
  // On a phone the documents are one toggle away.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: /Documents \(3\)/ }).click();
  await expect(page.getByTestId("document-body")).toBeVisible();
  await page.screenshot({ path: join(SHOTS, "set-player-documents-375.png") });
});

test("a performance task: type, reload, the text and the timer survive, submit, then the rubric", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndConfirm(page, uniqueEmail("nextgen-pt"));
  await page.goto("/flashcards/performance-tasks");
  await page.getByRole("link", { name: /Garza's security deposit/ }).click();
  await page.getByRole("button", { name: /Start the task \(90 minutes\)/ }).click();

  const timer = page.getByTestId("pt-timer");
  await expect(timer).toContainText(/^\s*(90:00|89:\d\d)/);
  const materials = page.getByRole("tablist", { name: "Task materials" });
  await materials.getByRole("tab", { name: /Franklin Residential Deposit Act/ }).click();
  await expect(page.getByTestId("document-body")).toContainText("Within 30 days after the tenant surrenders");

  const answer = page.getByLabel("Your answer");
  await answer.fill("MEMORANDUM\n\nOakview missed the 30-day deadline of § 44-12(a).");
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved", { timeout: 15_000 });
  // Typed but not yet sent when the page goes away: kept on this device and sent after the reload.
  await answer.press("End");
  await answer.pressSequentially(" It forfeited the deposit.");
  await page.reload();
  await expect(page.getByLabel("Your answer")).toHaveValue(
    "MEMORANDUM\n\nOakview missed the 30-day deadline of § 44-12(a). It forfeited the deposit.",
  );
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved", { timeout: 15_000 });
  await expect(timer).toContainText(/^\s*89:\d\d/);
  const first = await timer.textContent();
  await page.waitForTimeout(2100);
  expect(await timer.textContent()).not.toBe(first);

  await shots(page, "pt-workspace");

  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByRole("button", { name: "Submit now" }).click();
  await expect(page.getByTestId("model-answer")).toContainText("Oakview did not comply with the Act");
  await expect(page.getByText("It forfeited the deposit.")).toBeVisible();
  await page.getByRole("checkbox", { name: /required return of the deposit with an itemized statement/ }).check();
  await page.getByRole("button", { name: "Save my grade" }).click();
  await expect(page.getByTestId("rubric-score")).toHaveText("Your grade: 3 / 12 points");
  await page.reload();
  await expect(page.getByTestId("rubric-score")).toHaveText("Your grade: 3 / 12 points");
  await shots(page, "pt-results");
});

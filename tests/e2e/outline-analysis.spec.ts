/**
 * OutlineIQ and outline files in Chromium (issue 16 §5, §7; decision 062): a Trial student uploads
 * a Torts outline (tests/fixtures/torts-outline.md) and the report, reached while the job runs,
 * names the made-up case (unverified), the real case with the wrong year (with the right
 * citation) and the topic missing an element (with the official source); then imports the same
 * file as an outline and downloads it as Word and PDF. Screenshots of the report at 1440 and
 * 375 px go to /tmp/outline-io-shots/.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

const SHOTS = "/tmp/outline-io-shots";
const FIXTURE = new URL("../fixtures/torts-outline.md", import.meta.url).pathname;

test("upload an outline, read the report's three findings, import it and download Word and PDF", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndConfirm(page, uniqueEmail("outline-iq"));
  await page.goto("/outlines/upload");
  await page.getByLabel("Outline file").setInputFiles(FIXTURE);
  await page.getByRole("button", { name: "Analyse outline" }).click();
  await page.waitForURL(/\/outlines\/analyses\/[0-9a-f-]{36}$/);

  const citations = page.getByTestId("citation-finding");
  const madeUp = citations.filter({ hasText: "Hendricks v. Mallory Freight Lines" });
  await expect(madeUp).toContainText("Unverified", { timeout: 30_000 });
  const palsgraf = citations.filter({ hasText: "Palsgraf v. Long Island R.R. Co." });
  await expect(palsgraf).toContainText("Wrong year");
  await expect(palsgraf).toContainText("Should be: Palsgraf v. Long Island Railroad Co., 248 N.Y. 339 (1928)");
  await expect(palsgraf.getByRole("link", { name: /Palsgraf v\. Long Island Railroad Co\./ })).toHaveAttribute(
    "href",
    "/cases/palsgraf-v-long-island-railroad-co",
  );
  const fi = page.getByTestId("rule-finding").filter({ hasText: "False Imprisonment" });
  await expect(fi).toContainText("Missing elements:");
  await expect(fi).toContainText("Awareness of the confinement at the time, or actual harm from it");
  await expect(fi).toContainText("Source: Lexmate official outline, Torts: False Imprisonment");
  await expect(fi).toContainText("Rule: intent to confine P within boundaries fixed by D");

  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/report-1440.png`, fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole("heading", { name: "Case citations" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-375.png`, fullPage: false });
  // Nothing wider than the phone screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The report is listed.
  await page.goto("/outlines/analyses");
  await expect(page.getByTestId("analysis-row").first()).toContainText("Torts I Outline — Prof. Alvarez, Fall");

  // Import the same file as an outline, then download it as Word and PDF.
  await page.goto("/outlines/upload");
  await page.getByLabel("Outline file").setInputFiles(FIXTURE);
  await page.getByRole("button", { name: "Import as a new outline" }).click();
  await page.waitForURL(/\/outlines\/[0-9a-f-]{36}$/);
  for (const [name, ext, magic] of [
    ["Word", "docx", "PK"],
    ["PDF", "pdf", "%PDF-"],
  ] as const) {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name, exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Torts I Outline Prof Alvarez Fall.${ext}`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, magic.length).toString("latin1")).toBe(magic);
  }
});

test("the report's gap buttons: cards in a new deck, the missing topic as an outline section, a quiz on the gaps", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndConfirm(page, uniqueEmail("outline-gaps"));
  await page.goto("/outlines/upload");
  await page.getByLabel("Outline file").setInputFiles(FIXTURE);
  await page.getByRole("button", { name: "Analyse outline" }).click();
  await page.waitForURL(/\/outlines\/analyses\/[0-9a-f-]{36}$/);
  const report = page.url();
  const actions = page.locator('[aria-label="Fix the gaps"]');
  await expect(actions).toContainText(/\d+ gaps/, { timeout: 30_000 });
  const count = Number((await actions.innerText()).match(/(\d+) gaps/)![1]);
  expect(count).toBeGreaterThan(2);

  // 1. Cards: a new deck holding one card per gap, the missing topic's among them.
  await actions.getByRole("button", { name: "Add as cards" }).click();
  await expect(page.getByText(`Added ${count} cards`)).toBeVisible();
  await page.getByRole("button", { name: "Open deck" }).click();
  await page.waitForURL(/\/study\/decks\/[0-9a-f-]{36}/);
  const deckId = page.url().split("/").pop()!.split("?")[0];
  const deck = await page.evaluate(async (id) => (await fetch(`/api/study/decks/${id}`)).json(), deckId);
  expect(deck.cards).toHaveLength(count);
  const questions = JSON.stringify(deck.cards);
  expect(questions).toContain("Trespass to Land: state the rule.");
  expect(questions).toContain("False Imprisonment: which element does this describe?");

  // 2. An outline section: the missing topic comes in as itself, embedding the official topic.
  await page.goto(report);
  await actions.getByRole("button", { name: "Add as outline section" }).click();
  await page.waitForURL(/\/outlines\/[0-9a-f-]{36}$/);
  const entries = page.locator('[data-testid="outline-entry"] [data-testid="outline-text"]');
  await expect(entries.first()).toHaveText("Gaps from OutlineIQ");
  const texts = await entries.evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.trim()));
  expect(texts).toContain("Trespass to Land");
  expect(texts).toContain(
    "False Imprisonment: Awareness of the confinement at the time, or actual harm from it (Restatement (Second) of Torts § 42).",
  );
  expect(texts).toHaveLength(count + 1);
  const trespass = page.getByTestId("outline-embed").filter({ hasText: "Topic: Trespass to Land" });
  await trespass.getByRole("button", { name: /Trespass to Land/ }).click();
  await expect(trespass).toContainText("Rule:");

  // 3. A quiz on the gap topics opens at its first question.
  await page.goto(report);
  await actions.getByRole("button", { name: "Quiz me on these" }).click();
  await page.waitForURL(/\/quiz\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId("quiz-prompt")).not.toBeEmpty();
});

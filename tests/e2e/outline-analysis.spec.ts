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

import { expect, test } from "@playwright/test";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

test("a topic's governing provision opens its page, which leads back to the topics under it", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("provisions"));
  await page.goto("/library/topics/evidence-subsequent-remedial-measures");
  await page.getByRole("link", { name: "FRE 407" }).click();
  await page.waitForURL("**/library/provisions/fre-407");
  await expect(page.getByTestId("provision-label")).toHaveText("FRE 407");
  await expect(page.getByText("Federal Rules of Evidence")).toBeVisible();
  await shot(page, "provision-page");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "provision-page-mobile");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("link", { name: /Subsequent Remedial Measures/ }).click();
  await page.waitForURL("**/library/topics/evidence-subsequent-remedial-measures");

  await page.goto("/library/provisions/const-amend-14");
  await expect(page.getByTestId("provision-label")).toHaveText("U.S. Const. amend. XIV");
  await expect(page.getByRole("link", { name: /Equal Protection/ }).first()).toBeVisible();

  await page.goto("/library/provisions");
  await expect(page.getByRole("heading", { name: "Governing provisions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "UCC § 2-207" })).toBeVisible();
  await shot(page, "provisions-index");

  await page.goto("/library/provisions/fre-9999");
  await expect(page.getByText(/not found|doesn't exist|does not exist/i).first()).toBeVisible();
});

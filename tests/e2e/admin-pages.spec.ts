/**
 * The admin operator pages in Chromium (issue 17 "done when", second half): an administrator
 * imports opinions from the browser and watches the job's progress bar, marks an error group
 * investigated with a note, and configures the companion's LLM against a fake OpenAI-compatible
 * server on 127.0.0.1 and sends a test prompt. Screenshots of every page of this half at 1440 px.
 */
import { expect, type Page, test } from "@playwright/test";
import { type FakeLlmServer, startFakeOpenAI } from "../helpers/fake-llm";
import { keepSharedState, PASSWORD, shot, signUpAndConfirm } from "./helpers";

const ADMIN = "ops-admin@example.com"; // in ADMIN_EMAILS (playwright.config.ts)
let llm: FakeLlmServer;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1440, height: 900 } });
// The stored LLM settings drive the companion of every later spec (chat.spec.ts expects the
// built-in engine), and imported opinions would fill the shared library: both go back after this file.
keepSharedState();

test.beforeAll(async () => {
  llm = await startFakeOpenAI();
});
test.afterAll(async () => {
  await llm?.close();
});

let signedUp = false;
async function signIn(page: Page) {
  if (!signedUp) {
    await signUpAndConfirm(page, ADMIN);
    signedUp = true;
    return;
  }
  await page.goto("/auth");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"), { timeout: 15_000 });
}

async function confirmWithReason(page: Page, reason: string, button: string | RegExp) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toBeHidden();
}

const opinion = (n: number) =>
  `---\ntitle: 'Harbor${n} v. Quay Cranes Inc.'\ncite: '${700 + n} F.4th ${200 + n}'\njurisdiction: '9th Cir.'\npublished: '2031'\n---\n\n${`The crane operator Harbor${n} lifted cargo when a winch cable failed. We hold that a carrier must inspect its cranes at reasonable intervals. `.repeat(40)}`;

test("imports opinions from the browser with a progress bar, then edits one", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto("/admin/cases");
  await expect(page.getByRole("heading", { name: "Cases" })).toBeVisible();
  await page
    .getByLabel("Files")
    .setInputFiles(
      [1, 2, 3].map((n) => ({ name: `harbor-${n}.md`, mimeType: "text/markdown", buffer: Buffer.from(opinion(n)) })),
    );
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await confirmWithReason(page, "new circuit opinions for the library", "Start import");
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByTestId("import-outcome")).toHaveText(/Imported 3 opinions \(3 new, 0 updated\)/, {
    timeout: 60_000,
  });
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  const table = page.getByTestId("cases-table");
  await expect(table.getByText("Harbor2 v. Quay Cranes Inc.")).toBeVisible();
  await shot(page, "admin-cases");

  await table
    .getByRole("row", { name: /Harbor2 v\. Quay/ })
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByLabel("Case name").fill("Harbor Two v. Quay Cranes Inc.");
  await confirmWithReason(page, "typo in the party name", "Save");
  await expect(table.getByText("Harbor Two v. Quay Cranes Inc.")).toBeVisible();

  // Delete all three again from the browser (keepSharedState would delete them too).
  for (const name of [/Harbor1 v\. Quay/, /Harbor Two v\. Quay/, /Harbor3 v\. Quay/]) {
    await table.getByRole("row", { name }).getByRole("button", { name: "Delete" }).click();
    await confirmWithReason(page, "test data", "Delete");
    await expect(table.getByRole("row", { name })).toHaveCount(0);
  }
});

test("marks an error group investigated with a note", async ({ page }) => {
  await signIn(page);
  // Two reports of one browser error (same message and top frame), sent from the app's page as
  // its error reporter does, make one group of two.
  const statuses = await page.evaluate(async () => {
    const out: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await fetch("/api/errors", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          message: "Cannot read properties of undefined (reading 'deck')",
          stack:
            "TypeError: Cannot read properties of undefined (reading 'deck')\n    at StudyQueue (assets/study.js:12:40)",
          url: "/study",
        }),
      });
      out.push(r.status);
    }
    return out;
  });
  expect(statuses).toEqual([202, 202]);
  await page.goto("/admin/error-logs");
  const row = page.getByTestId("error-groups-table").getByRole("row", { name: /reading 'deck'/ });
  await expect(row).toContainText("2");
  await expect(row).toContainText("Open");
  await row.getByRole("button", { name: "Investigate" }).click();
  await expect(page.getByTestId("stack-trace")).toContainText("at StudyQueue");
  await page.getByLabel("Note").fill("deck undefined after a sign-out; fixed in the queue guard");
  await confirmWithReason(page, "fixed and deployed", "Mark investigated");
  await expect(row).toContainText("Investigated");
  await expect(row).toContainText("fixed in the queue guard");
  await shot(page, "admin-error-logs");
  await page.goto("/admin/audit-log");
  await expect(page.getByText("fixed and deployed")).toBeVisible();
});

test("configures the companion's LLM against a fake OpenAI-compatible server and sends a test prompt", async ({
  page,
}) => {
  await signIn(page);
  await configureAndTest(page);
});

async function configureAndTest(page: Page) {
  await page.goto("/admin/askjds");
  await page.getByLabel("Provider").selectOption("openai-compatible");
  await page.getByLabel("Model").fill("fake-admin-model");
  await page.getByLabel("Base URL").fill(llm.url);
  await page.getByLabel("API key").fill("sk-admin-e2e-secret");
  await page.getByRole("button", { name: "Save settings" }).click();
  await confirmWithReason(page, "use the lab model", "Save");
  await expect(page.getByText("A key is stored (encrypted). Leave blank to keep it.")).toBeVisible();
  await expect(page.getByLabel("API key")).toHaveValue("");

  llm.reply({ kind: "text", text: "Hearsay is an out-of-court statement offered for its truth." });
  await page.getByLabel("Test prompt").fill("In one sentence, what is hearsay?");
  await page.getByRole("button", { name: "Send" }).click();
  const result = page.getByTestId("test-result");
  await expect(result).toContainText("Hearsay is an out-of-court statement offered for its truth.");
  await expect(result).toContainText("fake-admin-model");
  const sent = llm.requests.at(-1)!;
  expect(sent.headers.authorization).toBe("Bearer sk-admin-e2e-secret");
  expect(sent.body.model).toBe("fake-admin-model");
  await shot(page, "admin-askjds");
}

test("screenshots of the other pages of this half", async ({ page }) => {
  await signIn(page);
  for (const [path, heading] of [
    ["security", "Security"],
    ["price-mapping", "Price mapping"],
    ["utilities", "Utilities"],
    ["batch-monitor", "Batch monitor"],
  ] as const) {
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    await shot(page, `admin-${path}`);
  }
  // The confirmation email of the admin's own sign-up went through the job queue.
  await expect(page.getByTestId("jobs-table")).toContainText("email.send");
});

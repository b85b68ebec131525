/**
 * Notes in Chromium (issue 5 §5, §9): write with the TipTap editor and see it autosave,
 * tags, search, two tabs editing one note (the stale save is refused and the newer text is
 * shown), delete with undo, Markdown export, and the upgrade card for a Free account.
 */
import { expect, type Page, test } from "@playwright/test";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

async function newNote(page: Page, title: string, body: string) {
  await page.goto("/notes");
  await page.getByRole("button", { name: "New", exact: true }).click();
  // A draft until the first edit (issue 12 item 26); the first edit creates the note and its URL.
  await page.waitForURL(/\/notes\/new/);
  await page.getByLabel("Title").fill(title);
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}/);
  await page.getByTestId("note-body").click();
  await page.keyboard.type(body);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
}

test("write a note: autosave, headings and lists, tags, search, export", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("notes"));
  await page.goto("/notes");
  await shot(page, "notes-empty");
  await newNote(page, "Personal jurisdiction", "Specific jurisdiction needs minimum contacts.");
  const body = page.getByTestId("note-body");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Elements");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Purposeful availment");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Relatedness");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", /dirty|saving/);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await expect(body.locator("h2")).toHaveText("Elements");
  await expect(body.locator("li")).toHaveCount(2);

  await page.getByLabel("Add a tag").fill("Civ Pro");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });

  // Survives a reload: it was saved on the server.
  await page.reload();
  await expect(page.getByTestId("note-body").locator("li").nth(1)).toHaveText("Relatedness");
  await expect(page.getByRole("button", { name: "Remove tag Civ Pro" })).toBeVisible();
  await shot(page, "notes-editor-light");

  await newNote(page, "Hearsay", "An out-of-court statement offered for its truth.");
  await page.getByLabel("Search notes").fill("availment");
  await expect(page.getByTestId("note-row")).toHaveCount(1);
  await expect(page.getByTestId("note-row").first()).toContainText("Personal jurisdiction");
  await expect(page.getByTestId("note-row").first().locator("mark")).toHaveText("availment");
  await page.getByLabel("Search notes").fill("");
  await expect(page.getByTestId("note-row")).toHaveCount(2);

  // Markdown export of the open note.
  await page.getByTestId("note-row").filter({ hasText: "Personal jurisdiction" }).click();
  await page.getByRole("button", { name: "Note actions" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export as Markdown" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Personal jurisdiction.md");
  const text = await (await file.createReadStream()).toArray();
  const md = Buffer.concat(text).toString("utf8");
  expect(md).toContain("# Personal jurisdiction");
  expect(md).toContain("## Elements");
  expect(md).toContain("- Purposeful availment");
});

test("'New' and 'Blank note' save nothing until the first edit (issue 12 item 26)", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("drafts"));
  const total = async () => ((await (await page.request.get("/api/notes")).json()) as { total: number }).total;
  await page.goto("/notes");
  await page.getByRole("button", { name: "New", exact: true }).click();
  await page.waitForURL(/\/notes\/new/);
  await expect(page.getByLabel("Title")).toBeVisible();
  await page.goto("/notes");
  await page.getByRole("button", { name: "New note from a template" }).click();
  await page.getByRole("button", { name: /Blank note/ }).click();
  await page.waitForURL(/\/notes\/new/);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "draft");
  await page.waitForTimeout(1500); // past the autosave delay: still nothing saved
  expect(await total()).toBe(0);
  await page.goto("/notes");
  await expect(page.getByTestId("note-row")).toHaveCount(0);
  expect(await total()).toBe(0);

  // The first keystroke creates one note, and the editor keeps everything typed meanwhile.
  await page.getByRole("button", { name: "New", exact: true }).click();
  await page.getByTestId("note-body").click();
  await page.keyboard.type("Consideration is a bargained-for exchange.");
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await expect(page.getByTestId("note-row")).toHaveCount(1);
  expect(await total()).toBe(1);
  await page.reload();
  await expect(page.getByTestId("note-body")).toContainText("Consideration is a bargained-for exchange.");
});

test("two tabs editing one note: the stale save is refused and the newer text is shown", async ({ page, context }) => {
  await signUpAndConfirm(page, uniqueEmail("tabs"));
  await newNote(page, "Erie doctrine", "Base text.");
  const url = page.url();
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId("note-body")).toContainText("Base text.");

  // Tab 1 saves first.
  await page.getByTestId("note-body").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Edited in tab one.");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });

  // Tab 2 still has the old version; its save is refused.
  await other.getByTestId("note-body").click();
  await other.keyboard.press("End");
  await other.keyboard.type(" Edited in tab two.");
  await expect(other.getByTestId("conflict-banner")).toBeVisible({ timeout: 10_000 });
  await expect(other.getByTestId("conflict-banner")).toContainText("This note was changed in another tab or window.");
  await expect(other.getByTestId("note-body")).toContainText("Edited in tab one.");
  await expect(other.getByTestId("note-body")).not.toContainText("Edited in tab two.");
  await expect(other.getByTestId("save-status")).toHaveAttribute("data-status", "conflict");
  await shot(other, "notes-conflict");

  // The refused edit can be put back on purpose.
  await other.getByRole("button", { name: "Use my edit instead" }).click();
  await expect(other.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId("note-body")).toContainText("Edited in tab two.");
});

test("delete with undo", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("undo"));
  await newNote(page, "Temporary note", "Soon gone.");
  await page.getByRole("button", { name: "Note actions" }).click();
  await page.getByRole("menuitem", { name: "Delete note" }).click();
  await expect(page.getByTestId("toast")).toContainText("Note deleted");
  await expect(page.getByTestId("note-row")).toHaveCount(0);
  await page.getByTestId("toast").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("note-row")).toHaveCount(1);
  await expect(page.getByLabel("Title")).toHaveValue("Temporary note");
});

test("notes on a phone and in dark mode", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("phone"));
  await newNote(page, "Mobile note", "Written on a phone.");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/notes");
  await expect(page.getByTestId("note-row")).toHaveCount(1);
  await shot(page, "notes-list-phone");
  await page.getByTestId("note-row").click();
  await expect(page.getByTestId("note-body")).toContainText("Written on a phone.");
  await shot(page, "notes-editor-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => {
    localStorage.setItem("ui-theme", "dark");
    document.documentElement.classList.add("dark");
  });
  await page.reload();
  await expect(page.getByTestId("note-body")).toBeVisible();
  await shot(page, "notes-editor-dark");
});

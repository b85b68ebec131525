/**
 * Case law, briefs, collections and safety in Chromium (issue 5 "done when", §6, §9):
 * a student imports real opinions, finds them by doctrine words, briefs one from a draft,
 * writes a linked note and sees it beside the case; XSS payloads saved into notes and briefs
 * stay inert; collections are created, filled, reordered; the Free tier sees the upgrade
 * card. Real opinions come from ../shared/data (skipped with a message when absent).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { setTheme, shot, signUpAndConfirm, uniqueEmail } from "./helpers";

const DATA = [process.env.SHARED_DATA_DIR, resolve("../shared/data"), resolve("../../shared/data")].find(
  (p): p is string => !!p && existsSync(join(p, "README.md")),
);
const REAL = [
  "civpro-casebook-fink/cases/Shoe.md",
  "civpro-casebook-fink/cases/Volkswagen.md",
  "civpro-casebook-fink/cases/Keeton.md",
  "civpro-casebook-fink/cases/Daimler_Bauman.md",
  "conlaw-casebook-gowder/unedited/wickard.md",
  "conlaw-casebook-gowder/unedited/lopez.md",
];

const dark = (page: Page, on: boolean) => setTheme(page, on ? "dark" : "light");

test("import real opinions, search by doctrine, brief one from a draft, write a linked note", async ({ page }) => {
  test.skip(!DATA, "../shared/data is absent: set SHARED_DATA_DIR to run the case-law flow on real opinions");
  test.setTimeout(180_000);
  await signUpAndConfirm(page, uniqueEmail("library"));
  await page.goto("/case-law");
  await expect(page.getByText("The library is empty")).toBeVisible();
  await shot(page, "case-law-empty");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByTestId("import-input").setInputFiles([
    ...REAL.map((f) => ({
      name: f.split("/").pop()!,
      mimeType: "text/markdown",
      buffer: readFileSync(join(DATA!, f)),
    })),
    { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# My outline\n\nNot an opinion.") },
  ]);
  await page.getByRole("button", { name: /Import 7 files/ }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("Imported 6 opinions", { timeout: 60_000 });
  await expect(report).toContainText("International Shoe Co. v. Washington");
  await expect(report).toContainText("notes.md: no case name found");
  await shot(page, "case-law-import-report");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("opinion-row")).toHaveCount(6);
  await shot(page, "case-law-library");
  // The official brief of an imported case now leads to the opinion, and "Write your own" starts from it.
  await page.goto("/cases/international-shoe-co-v-washington");
  await page.getByTestId("read-opinion").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("International Shoe Co. v. Washington");
  await page.goBack();
  await expect(page.getByTestId("write-your-own")).toHaveAttribute("href", /\/cases\/new\?opinion=[0-9a-f-]{36}$/);
  await page.goto("/case-law");

  await page.getByLabel("Search opinions").fill("minimum contacts");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL(/\/case-law\/search\?q=minimum/);
  const results = page.getByTestId("search-result");
  await expect(results.first()).toBeVisible();
  const top3 = await results.evaluateAll((els) => els.slice(0, 3).map((e) => e.textContent ?? ""));
  expect(top3.some((t) => t.includes("International Shoe Co. v. Washington"))).toBe(true);
  await expect(results.first().locator("mark").first()).toBeVisible();
  await shot(page, "case-law-search");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "case-law-search-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("link", { name: /^International Shoe Co\. v\. Washington/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("International Shoe Co. v. Washington");
  await expect(page.getByTestId("opinion-text")).toContainText("minimum contacts");
  await shot(page, "case-law-opinion");
  await dark(page, true);
  await shot(page, "case-law-opinion-dark");
  await dark(page, false);

  // Brief it from a draft.
  await page.getByRole("link", { name: "Brief this case" }).first().click();
  await page.getByTestId("draft-extract").click();
  await expect(page.getByTestId("section-issue")).toContainText("The questions for decision are", { timeout: 15_000 });
  await expect(page.getByTestId("section-rule")).toContainText("minimum contacts");
  await page.getByTestId("section-takeaways").locator(".ProseMirror").click();
  await page.keyboard.type("Minimum contacts plus fair play and substantial justice.");
  await shot(page, "brief-draft");
  await page.getByRole("button", { name: "Save brief" }).click();
  await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("brief-status")).toContainText("Saved");
  const briefUrl = page.url();

  // A note linked to the case, started from the opinion page.
  await page.goBack();
  await page.goto(page.url().replace(/\/cases\/new\?opinion=/, "/case-law/"));
  await page.getByRole("tab", { name: "Notes" }).click();
  await page.getByTestId("case-notes").getByRole("button", { name: "Add note" }).click();
  await page.waitForURL(/\/notes\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("note-body").locator("a[data-case-id]")).toHaveText(
    "International Shoe Co. v. Washington",
  );
  await page.getByTestId("note-body").click();
  await page.keyboard.press("End");
  await page.keyboard.type("Specific jurisdiction needs purposeful availment and relatedness.");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await expect(page.getByRole("region", { name: "Linked cases" })).toContainText(
    "International Shoe Co. v. Washington",
  );
  // Mention another case with @.
  await page.keyboard.press("Enter");
  await page.keyboard.type("Compare @World");
  await expect(page.getByRole("option", { name: /World-Wide Volkswagen/ }).first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("note-body").locator("a[data-case-id]")).toHaveCount(2);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await shot(page, "notes-linked");

  // The case pages list the note.
  await page.goto(briefUrl);
  await expect(page.getByTestId("case-notes")).toContainText("Notes on International Shoe Co. v. Washington");
  await shot(page, "brief-saved");

  // The companion cites the note (when the chat feature is part of this build).
  const threads = await page.request.get("/api/threads");
  if (threads.status() === 404) {
    test.info().annotations.push({
      type: "not run",
      description:
        "companion step: the chat routes are not in this build yet (runs once the chat and engine branches are merged)",
    });
    return;
  }
  const thread = await (
    await page.request.post("/api/threads", { data: { title: "PJ" }, headers: { origin: new URL(page.url()).origin } })
  ).json();
  const answer = await page.request.post(`/api/threads/${thread.thread?.id ?? thread.id}/messages`, {
    data: { content: "What does my note say about purposeful availment and relatedness?" },
    headers: { accept: "application/json", origin: new URL(page.url()).origin },
  });
  const body = await answer.json();
  expect(body.message.citations.some((c: { kind: string }) => c.kind === "note")).toBe(true);
});

const PAYLOADS = [
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"><circle r=5></circle></svg>',
  '<a href="javascript:window.__xss=4">javascript link</a>',
  '<a href="&#106;avascript:window.__xss=5">encoded javascript link</a>',
  '<iframe src="javascript:window.__xss=6"></iframe>',
  '<details open ontoggle="window.__xss=7"><summary>s</summary></details>',
  '<p onclick="window.__xss=8" style="background:url(javascript:window.__xss=9)">styled</p>',
  '"><script>window.__xss=10</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=11"></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=12>"></noscript>',
  '<object data="javascript:window.__xss=13"></object><embed src="javascript:window.__xss=14">',
  '<form action="javascript:window.__xss=15"><button>go</button></form>',
  '<input autofocus onfocus="window.__xss=16">',
  '<video><source onerror="window.__xss=17"></video>',
  '<a data-case-id="opinion:00000000-0000-0000-0000-000000000000" href="javascript:window.__xss=18">case</a>',
  '<base href="javascript:window.__xss=19//">',
  '<table><tr><td onmouseover="window.__xss=20">cell</td></tr></table>',
];

async function assertInert(page: Page, where: string) {
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss ?? null,
    handlers: document.querySelectorAll("[onerror],[onload],[onclick],[onfocus],[ontoggle],[onmouseover],[onbegin]")
      .length,
    jsLinks: [
      ...document.querySelectorAll("a[href],form[action],iframe[src],object[data],embed[src],base[href]"),
    ].filter((e) =>
      /^\s*javascript:/i.test(
        e.getAttribute("href") ?? e.getAttribute("action") ?? e.getAttribute("src") ?? e.getAttribute("data") ?? "",
      ),
    ).length,
    frames: document.querySelectorAll("main iframe, main object, main embed, main script").length,
  }));
  expect(state, where).toEqual({ xss: null, handlers: 0, jsLinks: 0, frames: 0 });
}

test("XSS payloads saved into notes and briefs stay inert when shown", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signUpAndConfirm(page, uniqueEmail("xss"));
  const origin = new URL(page.url()).origin;
  const html = PAYLOADS.map((p, i) => `<p>payload ${i}</p>${p}`).join("");
  const note = await (
    await page.request.post("/api/notes", {
      data: { title: 'Note <img src=x onerror="window.__xss=99">', html },
      headers: { origin },
    })
  ).json();
  const brief = await (
    await page.request.post("/api/student-briefs", {
      data: { name: "Xss v. Payloads", sections: { facts: html, holding: html, takeaways: html } },
      headers: { origin },
    })
  ).json();
  await page.goto(`/notes/${note.note.id}`);
  await expect(page.getByTestId("note-body")).toContainText("payload 17");
  await page
    .getByTestId("note-body")
    .getByText("javascript link", { exact: true })
    .click()
    .catch(() => {});
  await page.mouse.move(200, 300);
  await assertInert(page, "note editor");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await page.goto("/notes");
  await expect(page.getByTestId("note-row").first()).toBeVisible();
  await assertInert(page, "notes list");
  await page.goto(`/cases/${brief.brief.id}`);
  await expect(page.getByTestId("section-facts")).toContainText("payload 17");
  await assertInert(page, "brief editor");
  await page.goto("/notes?q=payload");
  await expect(page.getByTestId("note-row").first()).toBeVisible();
  await assertInert(page, "note search results");
  expect(dialogs).toEqual([]);
});

test("collections: create, add cases, reorder with the keyboard, rename, delete", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("collections"));
  await page.goto("/case-collections");
  await page.getByLabel("New collection name").fill("Personal jurisdiction");
  await page.getByRole("button", { name: "Create collection" }).click();
  await page.waitForURL(/\/case-collections\/[0-9a-f-]{36}/);
  const items = page.getByTestId("collection-item");
  for (const [i, q] of ["International Shoe", "Pennoyer"].entries()) {
    await page.getByLabel("Add a case").fill(q);
    await page
      .getByRole("button", { name: new RegExp(q) })
      .first()
      .click();
    await expect(items).toHaveCount(i + 1);
  }
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("International Shoe");
  await page.getByRole("button", { name: /Move International Shoe/ }).focus();
  const live = page.locator("[id^=DndLiveRegion]");
  await page.keyboard.press("Space");
  await expect(live).toContainText(/Picked up|moved over droppable area brief:international/);
  // dnd-kit starts listening for arrows a moment after the pick-up is announced.
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(live).toContainText(/moved over droppable area brief:pennoyer/, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const saved = page.waitForResponse((r) => r.url().endsWith("/order") && r.request().method() === "PUT");
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await expect(live).toContainText(/was dropped/);
  await expect(items.first()).toContainText("Pennoyer");
  await page.reload();
  await expect(page.getByTestId("collection-item").first()).toContainText("Pennoyer");
  await shot(page, "collections");
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Collection name", { exact: true }).fill("PJ classics");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { name: "PJ classics" })).toBeVisible();
  await page.getByRole("button", { name: /Remove Pennoyer/ }).click();
  await expect(items).toHaveCount(1);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/case-collections$/);
  await expect(page.getByTestId("collection-row")).toHaveCount(0);
  await page.goto("/cases?subject=civil-procedure");
  await expect(page.getByTestId("brief-card").first()).toBeVisible();
  await shot(page, "cases-list");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "cases-list-phone");
});

test("a Free account sees the upgrade card on /notes", async ({ page }) => {
  test.skip(
    !process.env.DATABASE_URL,
    "needs PostgreSQL: the running PGlite server holds its data directory, so the plan cannot be changed from outside",
  );
  const email = uniqueEmail("free");
  await signUpAndConfirm(page, email);
  execFileSync(process.execPath, ["--import", "tsx", "src/server/cli.ts", "users:set-plan", email, "free"], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
  });
  await page.goto("/notes");
  await expect(page.getByTestId("upgrade-card")).toContainText("Notes is part of Unlimited");
  const r = await page.request.get("/api/notes");
  expect(r.status()).toBe(403);
  await shot(page, "notes-free");
});

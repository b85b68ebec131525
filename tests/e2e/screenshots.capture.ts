/**
 * `npm run screenshots`: captures the landing page's screenshots from the running app (issue 7
 * §6): a new student signs up and confirms through the outbox, then each page below is shot at
 * 1280×800 in the light theme into src/web/public/screenshots/, and screenshots.json is
 * rewritten. A page that still shows the "coming soon" placeholder is skipped, so re-running
 * this after chat, notes, outlines or study ship adds them. Also renders the Open Graph images
 * (1200×630) of both brands into src/web/public/og/.
 */
import { writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { BRANDS } from "../../src/contract/brand";
import { signUpAndConfirm, uniqueEmail } from "./helpers";

const OUT = "src/web/public/screenshots";
const MANIFEST = "src/web/features/public/screenshots.json";
const VIEWPORT = { width: 1280, height: 800 };

interface Target {
  id: string;
  path: string;
  title: string;
  caption: string;
  /** The landing section it illustrates. */
  feature: string | null;
  /** Optional steps that put real content on the page before the shot. */
  prepare?: (page: Page) => Promise<void>;
}

const TARGETS: Target[] = [
  {
    id: "chat",
    path: "/chat",
    title: "Chat",
    caption: "Ask a question; the companion answers with the sources it used.",
    feature: "chat",
    prepare: askQuestion,
  },
  {
    id: "case-brief",
    path: "/cases/palsgraf-v-long-island-railroad-co",
    title: "A case brief",
    caption:
      "Palsgraf v. Long Island Railroad Co.: facts, issue, rule, holding, reasoning and takeaways, with its citation.",
    feature: "caselaw",
  },
  {
    id: "topic",
    path: "/library/topics/torts-negligence-per-se",
    title: "A doctrine",
    caption: "Negligence per se: the rule statement, its elements, exceptions, exam traps and the cases that teach it.",
    feature: null,
  },
  {
    id: "library",
    path: "/library",
    title: "Library",
    caption:
      "The seven MBE subjects, Business Associations and Professional Responsibility, with their topics, cases, flashcards and practice questions.",
    feature: null,
  },
  {
    id: "notes",
    path: "/notes",
    title: "Notes",
    caption: "Class notes with templates, tags and links to case briefs.",
    feature: "notes",
    prepare: openNote,
  },
  {
    id: "outlines",
    path: "/outlines/library",
    title: "Outlines",
    caption: "Outlines built from your notes.",
    feature: "outlines",
  },
  {
    id: "study",
    path: "/flashcards/study",
    title: "Study",
    caption: "Flashcards scheduled by spaced repetition.",
    feature: "study",
  },
  {
    id: "settings",
    path: "/settings",
    title: "Settings",
    caption: "Your plan, the trial's end date and billing in one place.",
    feature: null,
  },
];

/** When the chat page has a message box, ask one question so the shot shows an answer. */
async function askQuestion(page: Page) {
  const box = page.locator("textarea").first();
  if (!(await box.isVisible().catch(() => false))) return;
  await box.fill("What is negligence per se, and what does the plaintiff still have to prove?");
  await box.press("Enter");
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete", {
    timeout: 30_000,
  });
  // Show the question and the start of the answer, not the end of a long answer.
  await page
    .getByTestId("message-user")
    .last()
    .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
  await page.waitForTimeout(300);
  await page.mouse.move(0, 0);
}

/** Writes a short class note (through the API, as the editor would) and opens it. */
async function openNote(page: Page) {
  const id = await page.evaluate(async () => {
    const html =
      "<h2>Negligence per se</h2><p>A statute can set the standard of care when it was meant to protect this plaintiff from this harm.</p>" +
      "<ul><li><strong>Class of persons:</strong> the plaintiff is someone the statute protects.</li><li><strong>Type of harm:</strong> the injury is the kind the statute guards against.</li><li><strong>Excuse:</strong> compliance would have been more dangerous, or was impossible.</li></ul>" +
      "<h2>Still to prove</h2><p>Per se violation settles duty and breach only: causation and damages remain for the plaintiff.</p>";
    const res = await fetch("/api/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "Torts — negligence per se", html, tags: ["torts", "class notes"] }),
    });
    return ((await res.json()) as { note: { id: string } }).note.id;
  });
  await page.goto(`/notes/${id}`);
  await expect(page.getByTestId("note-body")).toContainText("Class of persons");
  await page.waitForLoadState("networkidle");
}

test.use({ viewport: VIEWPORT, colorScheme: "light" });
test.setTimeout(180_000);

test("capture the app's screenshots for the landing page", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("ui-theme", "light"));
  await signUpAndConfirm(page, uniqueEmail("alex.rivera"));
  // Marketing shots show the app, not the trial countdown.
  await page.getByRole("button", { name: "Dismiss trial banner" }).click();
  const shots = [];
  for (const t of TARGETS) {
    await page.goto(t.path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".animate-spin")).toHaveCount(0, { timeout: 10_000 });
    if (await page.getByText(/is coming soon/).isVisible()) {
      console.log(`skip ${t.path}: not built yet`);
      continue;
    }
    await t.prepare?.(page);
    await page.screenshot({ path: `${OUT}/${t.id}.jpg`, type: "jpeg", quality: 82 });
    shots.push({
      id: t.id,
      src: `/screenshots/${t.id}.jpg`,
      title: t.title,
      caption: t.caption,
      feature: t.feature,
      width: VIEWPORT.width,
      height: VIEWPORT.height,
    });
    console.log(`captured ${t.path}`);
  }
  expect(shots.length).toBeGreaterThan(0);
  writeFileSync(MANIFEST, `${JSON.stringify(shots, null, 2)}\n`);
});

test("render the Open Graph images of both brands", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 630 });
  for (const brand of Object.values(BRANDS)) {
    const [c1, c2] = brand.id === "bar" ? ["#0f766e", "#115e59"] : ["#4338ca", "#3730a3"];
    await page.setContent(`<!doctype html><html><body style="margin:0;width:1200px;height:630px;font-family:'Liberation Sans',Arial,sans-serif;background:linear-gradient(135deg,${c1},${c2});color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box">
      <div style="display:flex;align-items:center;gap:20px;font-size:44px;font-weight:700"><span style="display:inline-flex;width:72px;height:72px;border-radius:18px;background:rgba(255,255,255,.15);align-items:center;justify-content:center">
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="m16 16 3-8 3 8c-.87.65-1.92 1-3 1s-2.13-.35-3-1Z"/><path d="m2 16 3-8 3 8c-.87.65-1.92 1-3 1s-2.13-.35-3-1Z"/><path d="M7 21h10"/><path d="M12 3v18"/><path d="M3 7h2c2 0 5-1 7-2 2 1 5 2 7 2h2"/></svg></span>${brand.name}</div>
      <div style="margin-top:48px;font-size:64px;font-weight:700;line-height:1.1;max-width:980px">${brand.heroTitle}</div>
      <div style="margin-top:28px;font-size:30px;opacity:.85">${brand.tagline}</div></body></html>`);
    await page.screenshot({ path: `src/web/public/og/${brand.slug}.jpg`, type: "jpeg", quality: 90 });
  }
});

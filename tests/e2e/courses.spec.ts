/**
 * Courses in the browser (issue 15 "Done when"): a Trial student enrolls, a real WebM made at
 * test time (MediaRecorder in Chromium) plays to 90 % and the lesson is marked complete, a reload
 * resumes at the saved position; the transcript follows; a Free student is turned away from the
 * paid course with the reason. Catalog and player pass axe. Runs on a server of its own (child
 * process) so the test can attach the video and change the plan. Screenshots at 1440 and 375 px.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { SUBJECT_IDS } from "../../src/contract/content";
import { type ChildServer, PASSWORD, startChildServer, uniqueEmail } from "./helpers";
import { recordWebm } from "./record-webm";

let server: ChildServer;
const command = (c: Record<string, unknown>) => server.command(c);

const LESSON = "official-torts--torts-battery";
const VIDEO_S = 4;

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(300_000); // the child boots a whole server (migrations, content seed)
  server = await startChildServer();
});
test.afterAll(async () => {
  await server?.close();
});

async function signUp(page: Page, email: string) {
  await page.goto(`${server.url}/auth?tab=signup`);
  await page.getByLabel("Name").fill("Course Student");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await page.getByTestId("signup-sent").waitFor();
  const outbox = join(server.dataDir, "outbox");
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; links: string[] })
    .find((m) => m.to === email)!;
  await page.goto(mail.links.find((l) => l.includes("/auth/callback"))!.replace(/^https?:\/\/[^/]+/, server.url));
  await page.waitForURL("**/chat");
}

/**
 * The caption on screen and the control bar: the caption's bottom edge must be above the bar's
 * top, so the bar never hides it; the browser's own cue rendering is transparent.
 */
async function captionsAboveBar(page: Page) {
  return page.evaluate(() => {
    const caption = document.querySelector("[data-testid=captions] span");
    const bar = document.querySelector("media-control-bar")!;
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!;
    return {
      text: caption?.textContent ?? null,
      above: caption ? caption.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top : false,
      // A ::cue rule (Tailwind puts it inside @layer) that applies to this video makes the
      // browser's own cue text transparent.
      nativeHidden: (() => {
        const walk = (rules: CSSRuleList): CSSRule[] =>
          Array.from(rules).flatMap((r) => [r, ...("cssRules" in r ? walk((r as CSSGroupingRule).cssRules) : [])]);
        return Array.from(document.styleSheets)
          .flatMap((sh) => walk(sh.cssRules))
          .some(
            (r) =>
              r instanceof CSSStyleRule &&
              r.selectorText.endsWith("::cue") &&
              /^(transparent|#0000|rgba\(0, 0, 0, 0\))$/.test(r.style.color) &&
              v.matches(r.selectorText.replace(/::cue$/, "")),
          );
      })(),
    };
  });
}

async function axe(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a Trial student enrolls, watches to 90 % (marked complete), reloads and resumes", async ({ page }) => {
  const email = uniqueEmail("course-trial");
  await signUp(page, email);
  const video = await recordWebm(page, VIDEO_S);
  const vtt =
    "WEBVTT\n\n00:00.000 --> 00:02.000\nBattery needs intent to touch.\n\n00:02.000 --> 00:04.000\nNot intent to harm.\n";
  await command({
    cmd: "attachVideo",
    lessonId: LESSON,
    videoPath: video,
    contentType: "video/webm",
    durationS: VIDEO_S,
    vtt,
    transcript: [
      { startS: 0, endS: 2, text: "Battery needs intent to touch." },
      { startS: 2, endS: 60, text: "Not intent to harm." },
    ],
    chapters: [
      { startS: 0, title: "Intent" },
      { startS: 2, title: "Harm" },
    ],
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/courses`);
  await expect(page.getByTestId("course-card")).toHaveCount(SUBJECT_IDS.length, { timeout: 30_000 });
  await expect(page.getByTestId("course-card").first()).toContainText("Featured");
  await expect(page.getByText("Reading and practice").first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/courses-catalog-1440.png" });

  await page.getByRole("link", { name: "Torts: Rules and Practice" }).first().click();
  await page.getByRole("button", { name: "Enroll" }).click();
  await page.waitForURL("**/lesson/**");

  await page.goto(
    `${server.url}/course/official-torts/module/official-torts--m-torts-intentional-torts/lesson/${LESSON}`,
  );
  const player = page.getByTestId("lesson-video");
  await expect(player).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("transcript")).toContainText("Battery needs intent to touch.", { timeout: 30_000 });
  await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!;
    v.muted = true;
    void v.play();
  });
  await expect(page.getByTestId("mark-complete")).toHaveText("Completed", { timeout: 30_000 });
  // Stop, and go back to 3 s: that is the place to resume from.
  await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!;
    v.pause();
    v.currentTime = 3;
  });
  await expect(page.getByTestId("transcript").locator("[aria-current=true]")).toContainText("Not intent to harm.");
  await expect
    .poll(async () => {
      const r = await page.request.get(`${server.url}/api/courses/official-torts`);
      const c = (await r.json()) as {
        course: { modules: { lessons: { id: string; progress: { positionS: number } }[] }[] };
      };
      return c.course.modules.flatMap((m) => m.lessons).find((l) => l.id === LESSON)?.progress.positionS;
    })
    .toBeCloseTo(3, 0);
  expect(await axe(page)).toEqual([]);
  await expect
    .poll(() => captionsAboveBar(page))
    .toEqual({ text: "Not intent to harm.", above: true, nativeHidden: true });
  await page.screenshot({ path: "test-results/screenshots/courses-player-1440.png" });

  await page.reload();
  await expect(page.getByTestId("mark-complete")).toHaveText("Completed");
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!.currentTime),
    )
    .toBeGreaterThan(2.5);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => {
    document.querySelector<HTMLVideoElement>("[data-testid=lesson-video]")!.currentTime = 3;
  });
  await expect
    .poll(() => captionsAboveBar(page))
    .toEqual({ text: "Not intent to harm.", above: true, nativeHidden: true });
  await page.screenshot({ path: "test-results/screenshots/courses-player-375.png", fullPage: true });
  await page.goto(`${server.url}/courses`);
  await expect(page.getByText("Continue where you left off")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/courses-catalog-375.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a Free student is turned away from the paid course with the reason", async ({ page }) => {
  const email = uniqueEmail("course-free");
  await signUp(page, email);
  await command({ cmd: "setPlan", email, plan: "free" });
  await page.goto(
    `${server.url}/course/official-torts/module/official-torts--m-torts-intentional-torts/lesson/${LESSON}`,
  );
  await page.waitForURL(/\/courses$/);
  await expect(page.getByText("not included in the Free plan")).toBeVisible();
  await page.goto(`${server.url}/courses/official-torts`);
  await expect(page.getByTestId("access-message")).toContainText("upgrade to Unlimited");
});

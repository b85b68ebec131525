/**
 * The course editor in Chromium (issue 15 §4 "done when"): an administrator creates a course at
 * /admin/courses, adds two modules with two lessons each, reorders the lessons with the keyboard
 * alone (dnd-kit's keyboard sensor: Space, ↑, Space) in both modules, sees the order kept after a
 * reload, drags it back with the mouse, uploads an MP4 through the resumable (tus) upload and
 * WebVTT captions, publishes (free), and previews the course as a student. Then a student who
 * signed up on their own (a second browser context, so the admin session is untouched) finds the
 * course in the catalog, sees both modules with their lessons in the admin's order, enrolls, reads
 * the first lesson and opens the video lesson, whose player gets the uploaded video and captions.
 * Screenshots of the list, the editor, the preview and the student's catalog and course page at
 * 1440 and 375 px go to test-results/screenshots/.
 *
 * The suite shares one server: the course made here is deleted in a `finally`, so the catalog the
 * other specs see is the one they expect.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { makeMp4 } from "../helpers/mp4";
import { shot, signInOrSignUp, signUpAndConfirm, uniqueEmail } from "./helpers";

const ADMIN = "admin-e2e@example.com"; // in ADMIN_EMAILS (playwright.config.ts)

/** Signs the admin in, signing up first when this server has not seen the address yet. */
const signInAdmin = (page: Page) => signInOrSignUp(page, ADMIN);

const MODULE_1 = "The rule and its exceptions";
const MODULE_2 = "Exceptions whatever the declarant's availability";

/** The lesson titles of one module in the editor's outline, top to bottom. */
const lessonTitles = (page: Page, module = MODULE_1) =>
  page
    .getByRole("list", { name: `Lessons of ${module}` })
    .getByTestId("editor-lesson")
    .locator("button[aria-expanded]")
    .allTextContents();

/** Focuses a lesson's drag handle and moves it one place with the keyboard alone (Space, arrow, Space). */
async function keyboardMove(page: Page, lesson: string, key: "ArrowUp" | "ArrowDown") {
  await page.getByRole("button", { name: `Drag lesson ${lesson}` }).focus();
  await page.keyboard.press("Space");
  await page.waitForTimeout(200);
  await page.keyboard.press(key);
  await page.waitForTimeout(300);
  await page.keyboard.press("Space");
}

test("an admin builds a two-module course, reorders, uploads, publishes; a student finds and opens it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  const title = `Hearsay in Six Steps ${Date.now().toString(36)}`;
  let courseId: string | null = null;
  let studentContext: BrowserContext | null = null;
  try {
    await page.goto("/admin/courses");
    await expect(page.getByRole("heading", { name: "Courses", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Torts", exact: false }).first()).toBeVisible();
    await shot(page, "courses-admin-list-1440");

    // An empty title is refused with a message; then the course is made and its editor opens.
    await page.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByText("Give the course a title.")).toBeVisible();
    await page.getByLabel("New course title").fill(title);
    await page.getByRole("button", { name: "Create course" }).click();
    await page.waitForURL(/\/admin\/courses\/[0-9a-f-]{36}$/);
    courseId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft");

    // Two modules, two reading lessons in each.
    const modules = [
      [MODULE_1, ["What hearsay is", "Statements that are not hearsay"]],
      [MODULE_2, ["Excited utterances", "Present sense impressions"]],
    ] as const;
    for (const [module, lessons] of modules) {
      await page.getByLabel("New module title").fill(module);
      await page.getByRole("button", { name: "Add module" }).click();
      const moduleCard = page
        .getByTestId("editor-module")
        .filter({ has: page.getByLabel(`New lesson title in ${module}`) });
      for (const name of lessons) {
        await page.getByLabel(`New lesson title in ${module}`).fill(name);
        await page.getByLabel(`Kind of the new lesson in ${module}`).selectOption("reading");
        await moduleCard.getByRole("button", { name: "Add lesson" }).click();
        await expect(page.getByRole("button", { name: name, exact: true })).toBeVisible();
      }
      expect(await lessonTitles(page, module)).toEqual([...lessons]);
    }
    expect(await page.getByTestId("editor-module").count()).toBe(2);

    // Keyboard only: focus the second lesson's handle, lift with Space, move up, drop with Space.
    const handle = page.getByRole("button", { name: "Drag lesson Statements that are not hearsay" });
    await handle.focus();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${courseId}/order`) && r.ok());
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await saved;
    await expect.poll(() => lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);
    // The second module by keyboard too (FRE 803(1) before 803(2)); the first module is untouched.
    const saved2 = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${courseId}/order`) && r.ok());
    await keyboardMove(page, "Present sense impressions", "ArrowUp");
    await saved2;
    await expect.poll(() => lessonTitles(page, MODULE_2)).toEqual(["Present sense impressions", "Excited utterances"]);
    expect(await lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);
    await page.reload();
    await expect.poll(() => lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);
    expect(await lessonTitles(page, MODULE_2)).toEqual(["Present sense impressions", "Excited utterances"]);

    // The move buttons do the same without dragging.
    await page.getByRole("button", { name: "Move lesson What hearsay is up" }).click();
    await expect.poll(() => lessonTitles(page)).toEqual(["What hearsay is", "Statements that are not hearsay"]);
    await page.getByRole("button", { name: "Move lesson What hearsay is down" }).click();
    await expect.poll(() => lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);

    // And by mouse: drag "What hearsay is" above the other, then put it back with the keyboard.
    const drag = async (from: string, to: string) => {
      const a = (await page.getByRole("button", { name: `Drag lesson ${from}` }).boundingBox())!;
      const b = (await page.getByRole("button", { name: `Drag lesson ${to}` }).boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - a.y - 8) * i) / 10);
      await page.mouse.up();
    };
    await drag("What hearsay is", "Statements that are not hearsay");
    await expect.poll(() => lessonTitles(page)).toEqual(["What hearsay is", "Statements that are not hearsay"]);
    await keyboardMove(page, "What hearsay is", "ArrowDown");
    await expect.poll(() => lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);

    // A video lesson: an MP4 through the resumable upload, then captions.
    await page.getByRole("button", { name: "Edit lesson What hearsay is" }).click();
    const video = page.getByRole("form", { name: "Edit What hearsay is" });
    await video.getByLabel("Kind").selectOption("video");
    await video.getByRole("button", { name: "Save lesson" }).click();
    await expect(video.getByText("No video yet.")).toBeVisible();
    await video.getByLabel(/Upload a video/).setInputFiles({
      name: "hearsay.mp4",
      mimeType: "video/mp4",
      buffer: makeMp4({ durationS: 95, mediaBytes: 2 * 1024 * 1024 }),
    });
    await video.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(video.getByText(/Video stored; duration 2 min/)).toBeVisible({ timeout: 30_000 });
    await expect(video.getByText("An uploaded video is attached (video/mp4).")).toBeVisible();
    await expect(video.getByLabel("Duration (s)")).toHaveValue("95");
    await video.getByLabel(/Captions \(WebVTT/).setInputFiles({
      name: "hearsay.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from("WEBVTT\n\n00:00.000 --> 00:04.000\nHearsay is an out-of-court statement.\n"),
    });
    await expect(video.getByText("Captions: yes (1 transcript lines).")).toBeVisible();
    await page.getByRole("button", { name: "Edit lesson What hearsay is" }).click();

    // Write the first lesson's reading.
    await page.getByRole("button", { name: "Edit lesson Statements that are not hearsay" }).click();
    const form = page.getByRole("form", { name: "Edit Statements that are not hearsay" });
    await form
      .getByLabel("Reading (Markdown)")
      .fill(
        "## The rule\n\nA statement offered for something other than its truth is not hearsay: words of a contract, notice to the listener, or the effect on the listener.",
      );
    const lessonSaved = page.waitForResponse(
      (r) => r.request().method() === "PATCH" && r.url().includes("/api/admin/lessons/"),
    );
    await form.getByRole("button", { name: "Save lesson" }).click();
    expect((await lessonSaved).ok()).toBe(true);

    // Publish (free) and look at the editor.
    await page.getByLabel("Status").selectOption("published");
    await page
      .getByLabel("Overview")
      .fill("When an out-of-court statement is hearsay, and the exceptions that let it in.");
    await page.getByRole("button", { name: "Save course" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Published");
    await shot(page, "courses-admin-editor-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "courses-admin-editor-375");
    // Nothing is wider than the phone: the form and the outline fit in 375 px.
    for (const name of ["Course details", "Edit Statements that are not hearsay"]) {
      const box = await page.getByRole("form", { name }).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    }
    await page.getByRole("button", { name: "Drag lesson What hearsay is" }).scrollIntoViewIfNeeded();
    await shot(page, "courses-admin-outline-375");
    await page.goto("/admin/courses");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await shot(page, "courses-admin-list-375");
    await page.goto(`/admin/courses/${courseId}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Preview as student: the course page students see, with every lesson open.
    await page.getByRole("link", { name: "Preview as student" }).click();
    await page.waitForURL(`**/courses/${courseId}?preview=student`);
    await expect(page.getByTestId("student-preview")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await shot(page, "courses-admin-preview-1440");
    await page.getByRole("link", { name: /Statements that are not hearsay/ }).click();
    await page.waitForURL(/\/course\/.+\/lesson\//);
    await expect(page.getByText("words of a contract")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, "courses-admin-preview-375");

    // A student of their own (a second browser context: the admin stays signed in on `page`).
    studentContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const student = await studentContext.newPage();
    await student.setViewportSize({ width: 1440, height: 900 });
    await signUpAndConfirm(student, uniqueEmail("course-student"));
    await student.goto("/courses");
    await expect(student.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
    // Listed in the whole catalog among the official courses, then alone when searched for.
    const card = student.getByTestId("course-card").filter({ has: student.getByRole("link", { name: title }) });
    await expect(card).toHaveCount(1);
    expect(await student.getByTestId("course-card").count()).toBeGreaterThan(1);
    await student.getByLabel("Search courses").fill(title);
    await expect(student.getByTestId("course-card")).toHaveCount(1);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("When an out-of-court statement is hearsay");
    await expect(card).toContainText("4 lessons");
    await expect(card).toContainText("Free");
    await expect(card).not.toContainText("Coming Soon");
    await shot(student, "courses-admin-student-catalog-1440");
    await card.getByRole("link", { name: "View course" }).click();
    await student.waitForURL(`**/courses/${courseId}`);

    // The course page: no preview banner, free, both modules with the lessons in the admin's order.
    await expect(student.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(student.getByTestId("student-preview")).toHaveCount(0);
    await expect(student.getByText("This course is free.")).toBeVisible();
    const moduleItem = (n: number, name: string) =>
      student
        .getByRole("region", { name: "Modules and lessons" })
        .getByRole("listitem")
        .filter({ has: student.getByRole("heading", { level: 3, name: `${n}. ${name}` }) });
    await expect(student.getByRole("heading", { level: 3 })).toHaveText([`1. ${MODULE_1}`, `2. ${MODULE_2}`]);
    await expect(moduleItem(1, MODULE_1).getByRole("listitem")).toHaveText([
      /^Statements that are not hearsay/,
      /^What hearsay is/,
    ]);
    await expect(moduleItem(2, MODULE_2).getByRole("listitem")).toHaveText([
      /^Present sense impressions/,
      /^Excited utterances/,
    ]);
    await expect(moduleItem(1, MODULE_1).getByText("0/2 complete")).toBeVisible();
    await shot(student, "courses-admin-student-course-1440");

    // A free course opens without enrolling (enrolling would keep the `finally` from deleting it:
    // a course with enrollments is archived, not deleted). The first lesson, a reading, opens.
    await expect(student.getByRole("button", { name: "Enroll" })).toBeVisible();
    await moduleItem(1, MODULE_1)
      .getByRole("link", { name: /Statements that are not hearsay/ })
      .click();
    await student.waitForURL(/\/course\/.+\/lesson\//);
    await expect(student.getByTestId("lesson-reading")).toContainText("words of a contract");

    // The video lesson: the player's <video> gets the uploaded MP4 and the WebVTT captions.
    await student.goto(`/courses/${courseId}`);
    await moduleItem(1, MODULE_1)
      .getByRole("link", { name: /What hearsay is/ })
      .click();
    await student.waitForURL(/\/course\/.+\/lesson\//);
    const videoEl = student.locator("video");
    await expect(videoEl).toHaveAttribute("src", /^\/api\/lessons\/[^/]+\/media\/video$/);
    await expect(videoEl.locator("track[kind=captions]")).toHaveAttribute(
      "src",
      /^\/api\/lessons\/[^/]+\/media\/captions$/,
    );
    await expect(student.getByRole("complementary", { name: "Transcript" })).toContainText(
      "Hearsay is an out-of-court statement.",
    );
    const media = await student.request.get((await videoEl.getAttribute("src"))!);
    expect(media.status()).toBe(200);
    expect(media.headers()["content-type"]).toContain("video/mp4");
    expect((await media.body()).length).toBeGreaterThan(2 * 1024 * 1024);
    await student.setViewportSize({ width: 375, height: 812 });
    await student.goto("/courses");
    await student.getByLabel("Search courses").fill(title);
    await expect(student.getByTestId("course-card")).toHaveCount(1);
    await expect(card).toHaveCount(1);
    const cardBox = await card.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(375);
    await shot(student, "courses-admin-student-catalog-375");
  } finally {
    await studentContext?.close();
    if (courseId) {
      const del = await page.request.delete(`/api/admin/courses/${courseId}`, {
        headers: { origin: new URL(page.url()).origin },
      });
      expect(del.status()).toBe(200);
    }
  }
});

/**
 * The course editor in Chromium (issue 15 §4 "done when", admin half): an administrator creates a
 * course at /admin/courses, adds a module and two lessons, reorders the lessons with the keyboard
 * alone (dnd-kit's keyboard sensor: Space, ↑, Space), sees the order kept after a reload, drags
 * it back with the mouse, uploads an MP4 through the resumable (tus) upload and WebVTT captions,
 * publishes, and previews the course as a student (the lesson opens in the player). Screenshots of
 * the list, the editor and the preview at 1440 and 375 px go to test-results/screenshots/.
 *
 * The suite shares one server: the course made here is deleted in a `finally`, so the catalog the
 * other specs see is the one they expect.
 */
import { expect, type Page, test } from "@playwright/test";
import { makeMp4 } from "../helpers/mp4";
import { PASSWORD, shot, signUpAndConfirm } from "./helpers";

const ADMIN = "admin-e2e@example.com"; // in ADMIN_EMAILS (playwright.config.ts)

/** Signs the admin in, signing up first when this server has not seen the address yet. */
async function signInAdmin(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  const outcome = await Promise.race([
    page.waitForURL((u) => !u.pathname.startsWith("/auth"), { timeout: 15_000 }).then(() => "in" as const),
    page
      .getByRole("alert")
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => "unknown" as const),
  ]);
  if (outcome === "unknown") await signUpAndConfirm(page, ADMIN);
}

const lessonTitles = (page: Page) =>
  page.getByTestId("editor-lesson").locator("button[aria-expanded]").allTextContents();

test("an admin builds a course, reorders lessons by keyboard, publishes and previews it as a student", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  const title = `Hearsay in Six Steps ${Date.now().toString(36)}`;
  let courseId: string | null = null;
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

    await page.getByLabel("New module title").fill("The rule and its exceptions");
    await page.getByRole("button", { name: "Add module" }).click();
    const newLesson = page.getByLabel("New lesson title in The rule and its exceptions");
    for (const name of ["What hearsay is", "Statements that are not hearsay"]) {
      await newLesson.fill(name);
      await page.getByLabel("Kind of the new lesson in The rule and its exceptions").selectOption("reading");
      await page.getByRole("button", { name: "Add lesson" }).click();
      await expect(page.getByRole("button", { name: name, exact: true })).toBeVisible();
    }
    expect(await lessonTitles(page)).toEqual(["What hearsay is", "Statements that are not hearsay"]);

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
    await page.reload();
    await expect.poll(() => lessonTitles(page)).toEqual(["Statements that are not hearsay", "What hearsay is"]);

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
    await page.getByRole("button", { name: "Drag lesson What hearsay is" }).focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
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
  } finally {
    if (courseId) {
      const del = await page.request.delete(`/api/admin/courses/${courseId}`, {
        headers: { origin: new URL(page.url()).origin },
      });
      expect(del.status()).toBe(200);
    }
  }
});

/**
 * Poster frame and duration made in the admin's browser (issue 15 §4; decision 069, "Poster and
 * duration from the browser"). The server has no video decoder: the editor opens the chosen file
 * in an off-screen <video>, reads its duration (a MediaRecorder WebM reports Infinity until the
 * browser is made to seek to the end), draws a frame near the start and uploads it as the
 * lesson's poster while the video uploads. Here a real WebM recorded in Chromium goes through the
 * editor; the lesson gets its duration, and a student's player shows the poster — a JPEG of the
 * video's own frame — before play. Screenshots at 1440 and 375 px.
 *
 * Uses the shared server; the course made here is deleted in a `finally`.
 */
import { type BrowserContext, expect, test } from "@playwright/test";
import { shot, signInOrSignUp, signUpAndConfirm, uniqueEmail } from "./helpers";
import { recordWebm } from "./record-webm";

const ADMIN = "admin-e2e@example.com"; // in ADMIN_EMAILS (playwright.config.ts)

interface Course {
  id: string;
  modules: { id: string; lessons: { id: string; title: string }[] }[];
}

test("a recorded WebM gets its duration and poster from the editor's browser; the student's player shows the poster", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInOrSignUp(page, ADMIN);
  const headers = { origin: new URL(page.url()).origin };
  const call = async (method: "post" | "patch", path: string, data: unknown) => {
    const r = await page.request[method](path, { data, headers });
    expect(r.ok(), `${method} ${path}`).toBe(true);
    return ((await r.json()) as { course: Course }).course;
  };
  const title = `Recorded Lecture ${Date.now().toString(36)}`;
  let course = await call("post", "/api/admin/courses", { title, price: 0 });
  course = await call("post", `/api/admin/courses/${course.id}/modules`, { title: "Week one" });
  course = await call("post", `/api/admin/course-modules/${course.modules[0].id}/lessons`, {
    title: "Recorded clip",
    kind: "video",
  });
  const moduleId = course.modules[0].id;
  const lessonId = course.modules[0].lessons[0].id;
  let studentContext: BrowserContext | null = null;
  try {
    await page.goto(`/admin/courses/${course.id}`);
    await page.getByRole("button", { name: "Edit lesson Recorded clip" }).click();
    const form = page.getByRole("form", { name: "Edit Recorded clip" });
    await expect(form.getByText("No poster.")).toBeVisible();
    await expect(form.getByLabel("Duration (s)")).toHaveValue("");

    // A 3-second WebM recorded by MediaRecorder: its header has no duration.
    const file = await recordWebm(page, 3);
    await form.getByLabel(/Upload a video/).setInputFiles(file);
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(form.getByTestId("poster-note")).toHaveText("Poster frame made from the video and saved.", {
      timeout: 30_000,
    });
    await expect(form.getByText("Video stored; duration 3 s (read by this browser).")).toBeVisible({
      timeout: 30_000,
    });
    await expect(form.getByLabel("Duration (s)")).toHaveValue("3");
    await expect(form.getByText("Poster: yes.")).toBeVisible();
    await expect(form.getByRole("img", { name: "Poster frame" })).toBeVisible();
    await shot(page, "courses-poster-editor-1440");
    await page.setViewportSize({ width: 375, height: 812 });
    await form.getByTestId("poster-note").scrollIntoViewIfNeeded();
    await shot(page, "courses-poster-editor-375");
    await call("patch", `/api/admin/courses/${course.id}`, { status: "published" });

    // A student: the course page lists the lesson with its duration; the player shows the poster.
    studentContext = await browser.newContext({ baseURL: headers.origin });
    const student = await studentContext.newPage();
    await student.setViewportSize({ width: 1440, height: 900 });
    await signUpAndConfirm(student, uniqueEmail("poster-student"));
    await student.goto(`/courses/${course.id}`);
    await expect(student.getByRole("link", { name: /Recorded clip/ })).toContainText("3 s");
    await student.goto(`/course/${course.id}/module/${moduleId}/lesson/${lessonId}`);
    const poster = `/api/lessons/${lessonId}/media/poster`;
    const video = student.getByTestId("lesson-video");
    await expect(video).toHaveAttribute("poster", poster);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
    // The poster is a JPEG of the recording's own frame: 160 × 90 like the canvas it was recorded
    // from, and coloured (the recording fills every frame with a bright hue), not a black frame.
    const res = await student.request.get(poster);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
    expect([...(await res.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const img = await student.evaluate(async (src) => {
      const i = new Image();
      i.src = src;
      await i.decode();
      const c = document.createElement("canvas");
      c.width = i.naturalWidth;
      c.height = i.naturalHeight;
      const ctx = c.getContext("2d")!;
      ctx.drawImage(i, 0, 0);
      const [r, g, b] = ctx.getImageData(10, 10, 1, 1).data;
      return { width: i.naturalWidth, height: i.naturalHeight, brightest: Math.max(r, g, b) };
    }, poster);
    expect(img).toMatchObject({ width: 160, height: 90 });
    expect(img.brightest).toBeGreaterThan(100);
    await shot(student, "courses-poster-player-1440");
    await student.setViewportSize({ width: 375, height: 812 });
    await shot(student, "courses-poster-player-375");
  } finally {
    await studentContext?.close();
    const del = await page.request.delete(`/api/admin/courses/${course.id}`, { headers });
    expect(del.status()).toBe(200);
  }
});

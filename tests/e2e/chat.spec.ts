/**
 * The study companion in Chromium (issue 4 §9): sign up, ask, watch the answer stream, open a
 * citation, rename and delete threads; two tabs stay in sync; a session that expires mid-compose
 * keeps the question; a Free user reaches the monthly limit and sees the upgrade prompt.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type ChildServer, PASSWORD, setTheme, shot, signUpAndConfirm, startChildServer, uniqueEmail } from "./helpers";

/** Fails the test on any console error or uncaught page error. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Records every text length the streaming answer showed (to prove it grew in place). */
async function recordStreaming(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __live: number[] };
    w.__live = [];
    new MutationObserver(() => {
      const el = document.querySelector("[data-testid=message-live]");
      const n = el?.textContent?.length ?? 0;
      if (el && w.__live.at(-1) !== n) w.__live.push(n);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test("ask, watch the answer stream, open a citation, rename and delete threads", async ({ page }) => {
  const errors = watchErrors(page);
  await signUpAndConfirm(page, uniqueEmail("chat"));
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  await expect(page.getByTestId("demo-prompt")).toHaveCount(4);
  await expect(page.getByTestId("demo-prompt").nth(0)).toContainText("Concept clarification");
  await expect(page.getByTestId("demo-prompt").nth(3)).toContainText("Rapid topic summary");
  await shot(page, "chat-empty-1440");

  // Ask: the thread is created, titled from the question, and the answer streams in. A composed
  // answer is sent in well under a second; on a throttled connection (16 KB/s, as on a weak
  // phone signal) the student watches it grow, however fast the server is on this machine.
  await recordStreaming(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: 16 * 1024,
    uploadThroughput: -1,
  });
  await page.getByLabel("Ask a question").fill("What is the mailbox rule, and when does it not apply?");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const lengths = await page.evaluate(() => (window as unknown as { __live: number[] }).__live);
  const final = (await answer.textContent())!.length;
  expect(
    lengths.some((n) => n > 0 && n < final),
    `streamed lengths ${lengths.join(",")} vs final ${final}`,
  ).toBe(true);
  await expect(answer).toContainText("acceptance");
  await expect(page.getByTestId("message-user")).toHaveText("What is the mailbox rule, and when does it not apply?");
  await expect(page.getByTestId("chat-title")).toHaveText("What is the mailbox rule, and when does it not apply?");
  const chips = answer.getByTestId("citation-chip");
  expect(await chips.count()).toBeGreaterThan(0);
  expect(await answer.getByTestId("citation-marker").count()).toBeGreaterThan(0);
  await shot(page, "chat-answer-1440");
  // No serious or critical accessibility violations on the conversation, in light and dark.
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) =>
          `${theme}: ${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      ),
    ).toEqual([]);
  }
  await setTheme(page, "light");

  // Open a citation: the cited topic opens in the app.
  const first = chips.first();
  const title = (await first.locator("span.block").first().textContent())!;
  await first.click();
  await page.waitForURL(/\/library\/topics\/|\/cases\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 20));
  await page.goBack();
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
  const firstThreadUrl = page.url();

  // A second thread, from a demo prompt.
  await page.getByRole("link", { name: "New chat" }).first().click();
  await page.getByTestId("demo-prompt").nth(2).click();
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
  const list = page.getByTestId("thread-list");
  await expect(list.getByRole("link")).toHaveCount(3); // New chat + 2 threads
  await expect(list.getByText("Today")).toBeVisible();

  // Rename inline: Escape cancels, Enter saves a trimmed title, an empty title is ignored.
  await list.getByRole("button", { name: /^Actions for Brief International Shoe/ }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const input = list.getByLabel("Conversation title");
  await input.fill("Nothing");
  await input.press("Escape");
  await expect(list.getByRole("link", { name: "Brief International Shoe Co. v. Washington for me." })).toBeVisible();
  await list.getByRole("link", { name: "Brief International Shoe Co. v. Washington for me." }).dblclick();
  await list.getByLabel("Conversation title").fill("   Personal jurisdiction   ");
  await list.getByLabel("Conversation title").press("Enter");
  await expect(list.getByRole("link", { name: "Personal jurisdiction", exact: true })).toBeVisible();
  await expect(page.getByTestId("chat-title")).toHaveText("Personal jurisdiction");
  await list.getByRole("link", { name: "Personal jurisdiction", exact: true }).dblclick();
  await list.getByLabel("Conversation title").fill("   ");
  await list.getByLabel("Conversation title").press("Enter");
  await expect(list.getByRole("link", { name: "Personal jurisdiction", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("chat-title")).toHaveText("Personal jurisdiction");

  // Delete the open thread: the next remaining one opens; deleting the last goes to /chat.
  await list.getByRole("button", { name: "Actions for Personal jurisdiction" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await shot(page, "chat-delete-dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(firstThreadUrl);
  await expect(list.getByRole("link", { name: "Personal jurisdiction" })).toHaveCount(0);
  await list.getByRole("button", { name: /^Actions for What is the mailbox rule/ }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL((u) => u.pathname === "/chat");
  await expect(page.getByTestId("chat-empty")).toBeVisible();
  await expect(list.getByText("No conversations yet.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("two tabs of one user stay in sync", async ({ page, context }) => {
  const errors = watchErrors(page);
  await signUpAndConfirm(page, uniqueEmail("tabs"));
  const other = await context.newPage();
  const otherErrors = watchErrors(other);
  await other.goto("/chat");
  await expect(other.getByTestId("thread-list")).toContainText("No conversations yet.");
  await expect(other.locator("html")).toHaveAttribute("data-realtime", "connected");

  // A thread asked in tab 1 appears in tab 2, renamed when the first question titles it.
  await page.getByLabel("Ask a question").fill("What is consideration?");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
  const otherList = other.getByTestId("thread-list");
  await expect(otherList.getByRole("link", { name: "What is consideration?" })).toBeVisible();

  // Rename in tab 2 → tab 1's sidebar and header follow.
  await otherList.getByRole("link", { name: "What is consideration?" }).dblclick();
  await otherList.getByLabel("Conversation title").fill("Consideration");
  await otherList.getByLabel("Conversation title").press("Enter");
  await expect(page.getByTestId("thread-list").getByRole("link", { name: "Consideration", exact: true })).toBeVisible();
  await expect(page.getByTestId("chat-title")).toHaveText("Consideration");

  // Delete in tab 2 → tab 1, which has it open, leaves for /chat.
  await otherList.getByRole("button", { name: "Actions for Consideration" }).click();
  await other.getByRole("menuitem", { name: "Delete" }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL((u) => u.pathname === "/chat");
  await expect(page.getByTestId("thread-list")).toContainText("No conversations yet.");
  expect([...errors, ...otherErrors]).toEqual([]);
});

test("a session that expires mid-compose keeps the question and the thread", async ({ page, context }) => {
  const email = uniqueEmail("expire");
  await signUpAndConfirm(page, email);
  await page.getByLabel("Ask a question").fill("What is promissory estoppel?");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
  const threadUrl = page.url();

  await context.clearCookies(); // the session ends while the student types
  await page.getByLabel("Ask a question").fill("And how does it differ from consideration?");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/auth");
  expect(
    await page.evaluate(() => [localStorage.getItem("preservedMessage"), localStorage.getItem("preservedThreadId")]),
  ).toEqual(["And how does it differ from consideration?", threadUrl.split("/").at(-1)]);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await page.waitForURL(threadUrl);
  await expect(page.getByLabel("Ask a question")).toHaveValue("And how does it differ from consideration?");
  expect(await page.evaluate(() => localStorage.getItem("preservedMessage"))).toBeNull();
});

test.describe("a Free user at the monthly limit", () => {
  // A server of its own (child process), so the test can put the user on the Free plan.
  let server: ChildServer;
  const command = (c: Record<string, unknown>) => server.command(c);
  test.beforeAll(async () => {
    server = await startChildServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test("sees the usage, then the upgrade prompt instead of the question box", async ({ page }) => {
    const errors = watchErrors(page);
    const email = uniqueEmail("free");
    await page.goto(`${server.url}/auth?tab=signup`);
    await page.getByLabel("Name").fill("Free Student");
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

    await command({ cmd: "setPlan", email, plan: "free" });
    // Nine of ten used: one question left.
    await command({ cmd: "setMonthCount", email, count: 9 });

    await page.reload();
    await expect(page.getByTestId("usage-pill")).toHaveText("1 of 10 free messages left");
    await page.getByLabel("Ask a question").fill("What is adverse possession?");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
    const prompt = page.getByTestId("upgrade-prompt");
    await expect(prompt).toContainText("You've used all 10 free messages this month");
    await expect(page.getByLabel("Ask a question")).toHaveCount(0);
    await expect(prompt.getByRole("link", { name: "Upgrade to Unlimited" })).toHaveAttribute(
      "href",
      "/settings?upgrade=unlimited",
    );
    await shot(page, "chat-upgrade-prompt");

    // The server refuses an 11th message even if the page is bypassed.
    const thread = page.url().split("/").at(-1);
    const r = await page.evaluate(async (id) => {
      const res = await fetch(`/api/threads/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ content: "One more?" }),
      });
      return { status: res.status, body: await res.json() };
    }, thread);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("MESSAGE_LIMIT_REACHED");

    // /settings/statistics: 10 of 10, 100%, Refresh toasts the count.
    await page.goto(`${server.url}/settings/statistics`);
    await expect(page.getByTestId("usage-count")).toContainText("10/ 10 messages");
    await expect(page.getByTestId("usage-percent")).toHaveText("100%");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await page.getByRole("button", { name: "Refresh message count" }).click();
    await expect(page.getByTestId("toast")).toContainText("Count Updated");
    await expect(page.getByTestId("toast")).toContainText("Your message count is now 10");
    await expect(page.getByTestId("stat-Messages sent (lifetime)")).toHaveText("1");
    await shot(page, "settings-statistics");
    // The only console error is the browser's own line for the refused request above.
    expect(errors.filter((e) => !e.includes("status of 429"))).toEqual([]);
  });
});

test("thread errors: a refused delete restores the list, a refused rename reverts, each with its §8 toast", async ({
  page,
}) => {
  await signUpAndConfirm(page, uniqueEmail("errors"));
  await page.getByLabel("Ask a question").fill("What is negligence per se?");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("message-assistant").last()).toHaveAttribute("data-status", "complete");
  const list = page.getByTestId("thread-list");
  const link = list.getByRole("link", { name: "What is negligence per se?" });

  // The server fails the delete (injected 500): the thread comes back, the toast says so.
  await page.route("**/api/threads/*", (route) =>
    route.request().method() === "DELETE" || route.request().method() === "PATCH"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({
            error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
          }),
        })
      : route.fallback(),
  );
  await list.getByRole("button", { name: "Actions for What is negligence per se?" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Error deleting thread");
  await expect(link).toBeVisible();

  await link.dblclick();
  await list.getByLabel("Conversation title").fill("Per se");
  await list.getByLabel("Conversation title").press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Error updating thread");
  await expect(link).toBeVisible();
  await page.unroute("**/api/threads/*");
  await page.reload();
  await expect(link).toBeVisible();
});

test("realtime: reconnects with backoff, polls after three failed retries, and recovers", async ({ page, context }) => {
  await signUpAndConfirm(page, uniqueEmail("backoff"));
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-realtime", "connected");
  // The network goes away: the client retries (1 s pause + 1 s, + 2 s, + 4 s …) and polls from the third failure.
  const t0 = Date.now();
  await context.setOffline(true);
  await expect(html).toHaveAttribute("data-realtime", "reconnecting");
  await expect(html).toHaveAttribute("data-realtime", "polling", { timeout: 15_000 });
  // Failures at about 0 s, 2 s and 5 s (1 s pause + 1 s, then + 2 s): polling cannot start sooner.
  expect(Date.now() - t0).toBeGreaterThanOrEqual(4500);
  await context.setOffline(false);
  await expect(html).toHaveAttribute("data-realtime", "connected", { timeout: 20_000 });
});

test("hundreds of threads and a long conversation load a page at a time as the student scrolls", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await signUpAndConfirm(page, uniqueEmail("pages"));
  // Seeded through the API: the long conversation first (so it is the oldest thread, on the last
  // page of the list), then 120 newer threads.
  // A page's own writes carry its Origin (the server refuses cross-site writes, issue 12 item 3).
  const origin = { origin: new URL(page.url()).origin };
  const api = page.request;
  const long = (
    (await (await api.post("/api/threads", { data: {}, headers: origin })).json()) as { thread: { id: string } }
  ).thread;
  for (let i = 1; i <= 35; i++) {
    const r = await api.post(`/api/threads/${long.id}/messages`, {
      data: { content: `Question ${i}: what is consideration?` },
      headers: { accept: "application/json", ...origin },
    });
    expect(r.status()).toBe(200);
  }
  for (let i = 1; i <= 120; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        api.post("/api/threads", { data: { title: `Seeded thread ${i + k}` }, headers: origin }),
      ),
    );
  }

  // The sidebar shows the first page; scrolling to its end loads the next ones, each thread once.
  await page.goto("/chat");
  const list = page.getByTestId("thread-list");
  const links = list.locator('a[href^="/chat/"]');
  await expect(links).toHaveCount(50);
  await expect(list.getByRole("region", { name: "Today" })).toBeVisible();
  // The oldest loaded thread, renamed while the next page is still on its way, keeps its place.
  let releaseList: () => void = () => {};
  const listHeld = new Promise<void>((r) => {
    releaseList = r;
  });
  await page.route("**/api/threads?*cursor=*", async (route) => {
    await listHeld;
    await route.continue();
  });
  const fiftieth = (await links.nth(49).getAttribute("href"))!;
  await links.nth(49).dblclick();
  await list.getByLabel("Conversation title").fill("Renamed at the end");
  await list.getByLabel("Conversation title").press("Enter");
  await expect(list.locator(`a[href="${fiftieth}"]`)).toHaveText("Renamed at the end");
  await expect(links).toHaveCount(50);
  releaseList(); // (the route stays, letting later pages through at once)
  for (const n of [100, 121]) {
    await links.last().scrollIntoViewIfNeeded();
    await expect(links).toHaveCount(n);
  }
  await expect(page.getByTestId("thread-list-more")).toHaveCount(0);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(new Set(hrefs).size).toBe(121);
  await expect(links.last()).toHaveText("Question 1: what is consideration?");

  // A thread from a later page renames in place; a thread made elsewhere appears on top at once.
  await links.last().dblclick();
  await list.getByLabel("Conversation title").fill("The long one");
  await list.getByLabel("Conversation title").press("Enter");
  await expect(links.last()).toHaveText("The long one");
  await api.post("/api/threads", { data: { title: "Made in another tab" }, headers: origin });
  await expect(links.first()).toHaveText("Made in another tab");
  await expect(links).toHaveCount(122);

  // The conversation opens on its newest 50 messages, at the bottom.
  await links.last().click();
  await expect(page.getByTestId("chat-title")).toHaveText("The long one");
  const bubbles = page.getByTestId("message-user");
  await expect(page.getByTestId("message-assistant")).toHaveCount(25);
  await expect(bubbles).toHaveCount(25);
  await expect(bubbles.last()).toHaveText("Question 35: what is consideration?");
  await expect(bubbles.first()).toHaveText("Question 11: what is consideration?");
  // Scrolling to the top loads the older messages above, and what the student was reading stays put.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/threads/*/messages?cursor=*", async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(page.getByTestId("older-messages").getByRole("status")).toBeVisible();
  const reading = bubbles.filter({ hasText: "Question 11:" });
  const before = (await reading.boundingBox())!.y;
  release();
  await expect(bubbles).toHaveCount(35);
  await expect(page.getByTestId("older-messages")).toHaveCount(0);
  const after = (await reading.boundingBox())!.y;
  expect(Math.abs(after - before), `"Question 11" moved from ${before} to ${after}`).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await bubbles.allTextContents()).toEqual(
    Array.from({ length: 35 }, (_, i) => `Question ${i + 1}: what is consideration?`),
  );

  // Away to another thread and back: the loaded conversation opens at its newest message again.
  const atBottom = () =>
    page.evaluate(() => Math.ceil(window.innerHeight + window.scrollY) >= document.documentElement.scrollHeight - 4);
  await links.first().click();
  await expect(page.getByTestId("chat-title")).toHaveText("Made in another tab");
  await links.last().click();
  await expect(page.getByTestId("chat-title")).toHaveText("The long one");
  await expect(bubbles).toHaveCount(35);
  await expect.poll(atBottom).toBe(true);
  await expect(page.getByTestId("message-assistant").last()).toBeInViewport();
  expect(errors).toEqual([]);
});

/**
 * Study mode in Chromium: study a deck with the keyboard (Space flips, 1–4 rate, the side resets
 * on the next card, every rating saved), and take a quiz through to the results page.
 * Also takes the screenshots of the study screens (light, dark, phone).
 */
import { expect, type Page, test } from "@playwright/test";
import { SUBJECT_IDS } from "../../src/contract/content";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

async function ownDeck(page: Page, cards: { question: string; answer: string }[]) {
  const d = await page.request.post("/api/study/decks", {
    data: { title: "Evidence — hearsay drills", subjectId: "evidence", description: "My own cards" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(d.status()).toBe(201);
  const { deck } = await d.json();
  const b = await page.request.post(`/api/study/decks/${deck.id}/cards/bulk`, {
    data: { cards },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(b.status()).toBe(201);
  return deck.id as string;
}

test("study a deck with the keyboard", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("study"));
  const deckId = await ownDeck(page, [
    {
      question: "What is hearsay?",
      answer: "An out-of-court statement offered to prove the truth of the matter asserted (FRE 801(c)).",
    },
    {
      question: "Is a party's own statement hearsay when offered by the opponent?",
      answer: "No. It is an opposing party's statement, excluded from hearsay by FRE 801(d)(2).",
    },
    {
      question: "Name the rule on present sense impressions.",
      answer: "FRE 803(1): a statement describing an event made while or immediately after the declarant perceived it.",
    },
  ]);
  await page.goto("/flashcards/study");
  await expect(page.getByRole("heading", { name: "Study", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Study Evidence — hearsay drills" })).toBeVisible();
  await shot(page, "study-home");
  await page.getByRole("link", { name: "Study Evidence — hearsay drills" }).click();
  const card = page.getByTestId("study-card");
  await expect(card).toHaveAttribute("data-side", "question");
  await expect(card).toContainText("What is hearsay?");
  await shot(page, "study-session-question");
  await page.keyboard.press("Space");
  await expect(card).toHaveAttribute("data-side", "answer");
  await expect(page.getByTestId("card-answer")).toContainText("truth of the matter asserted");
  await expect(page.getByTestId("interval-again")).toHaveText("1m");
  await expect(page.getByTestId("interval-easy")).toHaveText(/\d+d/);
  await shot(page, "study-session-answer");
  // Space flips back and forth; the rating keys do nothing on the question side
  await page.keyboard.press("Space");
  await expect(card).toHaveAttribute("data-side", "question");
  await page.keyboard.press("3");
  await expect(card).toContainText("What is hearsay?");
  await page.keyboard.press("Space");
  await page.keyboard.press("4"); // Easy: graduates, leaves the session
  await expect(card).toContainText("party's own statement");
  await expect(card).toHaveAttribute("data-side", "question"); // flip resets on the next card
  await page.keyboard.press("Space");
  await page.keyboard.press("4");
  await expect(card).toContainText("present sense impressions");
  await expect(card).toHaveAttribute("data-side", "question");
  await page.keyboard.press("Space");
  await page.keyboard.press("1"); // Again: comes back in a minute, within this session
  await expect(card).toContainText("present sense impressions");
  await expect(card).toHaveAttribute("data-side", "question");
  await expect(card).toContainText("learning");
  await page.keyboard.press("Space");
  await page.keyboard.press("4");
  await expect(page.getByTestId("session-done")).toBeVisible();
  await shot(page, "study-session-done");
  // every rating was saved on the server
  const deck = await (await page.request.get(`/api/study/decks/${deckId}`)).json();
  expect(deck.cards.map((c: { state: string }) => c.state)).toEqual(["review", "review", "review"]);
  expect(deck.cards.map((c: { reps: number }) => c.reps)).toEqual([1, 1, 2]);

  // the other study screens, light and dark, desktop and phone
  await page.goto(`/flashcards/decks/${deckId}`);
  await expect(page.getByTestId("card-row")).toHaveCount(3);
  await shot(page, "deck-page");
  // deleting a card asks first
  page.once("dialog", (d) => void d.dismiss());
  await page.getByRole("button", { name: "Delete card" }).first().click();
  await expect(page.getByTestId("card-row")).toHaveCount(3);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Delete card" }).last().click();
  await expect(page.getByTestId("card-row")).toHaveCount(2);
  await page.goto("/flashcards/decks");
  await expect(page.getByTestId("deck-tile").first()).toBeVisible();
  await shot(page, "decks-browse");
  // every subject at once: a few decks each (the student's own deck, then 6 per subject), one subject: all of them
  await expect(page.getByTestId("deck-tile")).toHaveCount(1 + SUBJECT_IDS.length * 6);
  await page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: /^Contracts/ }) })
    .getByRole("button", { name: /^Show all \d+$/ })
    .click();
  await expect(page).toHaveURL(/subject=contracts/);
  expect(await page.getByTestId("deck-tile").count()).toBeGreaterThan(6);
  await page.route("**/api/study/stats", (r) =>
    r.fulfill({
      status: 503,
      json: { error: { code: "UNAVAILABLE", message: "The server is busy. Please try again." } },
    }),
  );
  await page.goto("/flashcards/stats");
  await expect(page.getByTestId("load-error")).toContainText(
    "Could not load your statistics.The server is busy. Please try again.",
  );
  await page.unroute("**/api/study/stats");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("heatmap")).toBeVisible();
  await shot(page, "stats");
  // A saved note is offered as a source next to the official material.
  await page.evaluate(() =>
    fetch("/api/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title: "Remoteness class notes",
        html: "<p>Consequential damages are recoverable only if they were foreseeable to both parties when the contract was made.</p>",
      }),
    }),
  );
  await page.goto("/flashcards/generate");
  await page.getByText("Hadley v. Baxendale", { exact: true }).click();
  await page.getByTestId("own-material").getByText("Remoteness class notes").click();
  await page.getByTestId("draft-cards").click();
  await expect(page.getByTestId("draft").first()).toBeVisible();
  await expect(page.getByTestId("draft").filter({ hasText: "Remoteness class notes" }).first()).toBeVisible();
  await shot(page, "generate-drafts");
  // a refused save leaves no empty deck behind; the retry saves into one new deck
  const drafts = await page.getByTestId("draft").count();
  await page.getByLabel("New deck title").fill("Hadley drafts");
  await page.route("**/api/study/decks/*/cards/bulk", (r) =>
    r.fulfill({
      status: 503,
      json: { error: { code: "UNAVAILABLE", message: "The server is busy. Please try again." } },
    }),
  );
  await page.getByTestId("save-drafts").click();
  await expect(page.getByText("Could not save the cards")).toBeVisible();
  const titles = async () =>
    ((await (await page.request.get("/api/study/overview")).json()) as { decks: { title: string }[] }).decks.map(
      (d) => d.title,
    );
  expect(await titles()).not.toContain("Hadley drafts");
  await page.unroute("**/api/study/decks/*/cards/bulk");
  await page.getByTestId("save-drafts").click();
  await expect(page.getByTestId("card-row")).toHaveCount(drafts);
  expect((await titles()).filter((t) => t === "Hadley drafts")).toHaveLength(1);
  await page.evaluate(() => {
    localStorage.setItem("ui-theme", "dark");
    document.documentElement.classList.add("dark");
  });
  await page.goto(`/flashcards/study/session?decks=${deckId}&cram=1`);
  await expect(page.getByTestId("study-card")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("card-answer")).toBeVisible();
  await shot(page, "study-session-dark-cram");
  await page.goto("/flashcards/study");
  await expect(page.getByRole("heading", { name: "Study", exact: true })).toBeVisible();
  await shot(page, "study-home-dark");
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto(`/flashcards/study/session?decks=${deckId}&cram=1`);
  await expect(page.getByTestId("study-card")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("card-answer")).toBeVisible();
  await shot(page, "study-session-phone-dark");
});

test("a rating key pressed twice at once, or held down, rates the card once", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("double"));
  const deckId = await ownDeck(page, [
    { question: "First card", answer: "One" },
    { question: "Second card", answer: "Two" },
    { question: "Third card", answer: "Three" },
  ]);
  await page.goto(`/flashcards/study/session?decks=${deckId}`);
  const card = page.getByTestId("study-card");
  await expect(card).toContainText("First card");
  await page.keyboard.press("Space");
  await page.evaluate(() => {
    for (let i = 0; i < 3; i++) window.dispatchEvent(new KeyboardEvent("keydown", { key: "4", code: "Digit4" }));
  });
  await expect(card).toContainText("Second card");
  await page.keyboard.press("Space");
  await page.evaluate(() => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "4", code: "Digit4" }));
    for (let i = 0; i < 3; i++)
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "4", code: "Digit4", repeat: true }));
  });
  await expect(card).toContainText("Third card");
  await expect(card).toHaveAttribute("data-side", "question");
  const deck = await (await page.request.get(`/api/study/decks/${deckId}`)).json();
  expect(deck.cards.map((c: { reps: number; state: string }) => [c.reps, c.state])).toEqual([
    [1, "review"],
    [1, "review"],
    [0, "new"],
  ]);
});

test("a key pressed the moment the next card appears acts on that card", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("fastkeys"));
  const deckId = await ownDeck(page, [
    { question: "First card", answer: "One" },
    { question: "Second card", answer: "Two" },
  ]);
  await page.goto(`/flashcards/study/session?decks=${deckId}`);
  const card = page.getByTestId("study-card");
  await expect(card).toContainText("First card");
  // Space is sent as soon as the second card is in the DOM (a microtask after React's commit),
  // before React's deferred effects run: what a fast student, or a loaded machine, does.
  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector("[data-testid=study-card]")?.textContent?.includes("Second card")) return;
      seen.disconnect();
      window.dispatchEvent(new KeyboardEvent("keydown", { key: " ", code: "Space" }));
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.keyboard.press("Space");
  await page.keyboard.press("4"); // Easy: the card leaves for days
  await expect(card).toContainText("Second card");
  await expect(card).toHaveAttribute("data-side", "answer");
  await expect(page.getByTestId("card-answer")).toContainText("Two");
  await page.keyboard.press("4");
  await expect(page.getByTestId("session-done")).toContainText("You rated 2 cards.");
});

test("a card rated in another tab is not rated twice: the second tab says so and moves on", async ({
  page,
  context,
}) => {
  await signUpAndConfirm(page, uniqueEmail("twotabs"));
  const deckId = await ownDeck(page, [
    { question: "First card", answer: "One" },
    { question: "Second card", answer: "Two" },
    { question: "Third card", answer: "Three" },
  ]);
  const other = await context.newPage(); // the same student in a second tab
  await page.goto(`/flashcards/study/session?decks=${deckId}`);
  await other.goto(`/flashcards/study/session?decks=${deckId}`);
  const a = page.getByTestId("study-card");
  const b = other.getByTestId("study-card");
  await expect(a).toContainText("First card");
  await expect(b).toContainText("First card");
  const server = async () => {
    const deck = await (await page.request.get(`/api/study/decks/${deckId}`)).json();
    const overview = await (await page.request.get("/api/study/overview")).json();
    return { reps: deck.cards.map((c: { reps: number }) => c.reps), ratings: overview.today.ratingsToday };
  };

  // Easy in the first tab: the card leaves for days. The second tab's rating of it is refused.
  await page.keyboard.press("Space");
  await page.keyboard.press("4");
  await expect(a).toContainText("Second card");
  await other.keyboard.press("Space");
  await other.keyboard.press("3");
  const toast = other.getByTestId("toast");
  await expect(toast).toContainText("Already rated elsewhere");
  await expect(toast).toContainText("This card was already rated in another tab or window. This rating was not saved.");
  await expect(toast).not.toContainText("comes back");
  await expect(b).toContainText("Second card");
  await expect(b).toHaveAttribute("data-side", "question");
  expect(await server()).toEqual({ reps: [1, 0, 0], ratings: 1 });

  // Again in the first tab: a learning step of a minute. The second tab's refused rating puts the
  // card back later in its session, against the schedule the first tab made, where it rates fine.
  await page.keyboard.press("Space");
  await page.keyboard.press("1");
  await expect(a).toContainText("Third card");
  await other.keyboard.press("Space");
  await other.keyboard.press("4");
  await expect(toast).toContainText(
    "This card was already rated in another tab or window. This rating was not saved. It comes back later in this session.",
  );
  await expect(b).toContainText("Third card");
  expect(await server()).toEqual({ reps: [1, 1, 0], ratings: 2 });
  await other.keyboard.press("Space");
  await other.keyboard.press("4");
  await expect(b).toContainText("Second card");
  await expect(b).toContainText("learning");
  await other.keyboard.press("Space");
  await other.keyboard.press("4");
  await expect(other.getByTestId("session-done")).toContainText("You rated 2 cards.");
  expect(await server()).toEqual({ reps: [1, 2, 1], ratings: 4 });
  await expect(other.getByText("Rating not saved")).toHaveCount(0);

  // Cram ratings still go through and change nothing.
  await other.goto(`/flashcards/study/session?decks=${deckId}&cram=1`);
  await expect(b).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await other.keyboard.press("Space");
    await expect(b).toHaveAttribute("data-side", "answer");
    await other.keyboard.press("4");
    if (i < 2)
      await expect(other.getByRole("progressbar", { name: "Session progress" })).toHaveAttribute(
        "aria-valuenow",
        String(i + 1),
      );
  }
  await expect(other.getByTestId("session-done")).toContainText("You rated 3 cards.");
  await expect(other.getByText("Rating not saved")).toHaveCount(0);
  expect(await server()).toEqual({ reps: [1, 2, 1], ratings: 4 });
});

test("take a quiz to the results page", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("quiz"));
  // /quiz with no quiz under way opens the setup
  await page.goto("/quiz");
  await page.waitForURL(/\/quiz\/setup$/);
  await expect(page.getByRole("button", { name: /Question bank/ })).toHaveAttribute("aria-pressed", "true"); // Trial: the bank by default
  await page.getByRole("button", { name: "Contracts" }).click();
  // single-answer items only: this test answers each question with one letter (multi-select items ask for two)
  await page.getByRole("button", { name: "Single answer (MBE)" }).click();
  await expect(page.getByRole("button", { name: "Single answer (MBE)" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Exam (timed)" }).click();
  await expect(page.getByText("18 minutes: 1.8 minutes a question")).toBeVisible();
  // the count slider keeps focus from one arrow key to the next
  const slider = page.getByLabel("Number of questions");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toBeFocused();
  await expect(page.getByText("Number of questions: 20")).toBeVisible();
  await page.getByLabel("Number of questions").fill("5");
  await expect(page.getByText("9 minutes: 1.8 minutes a question")).toBeVisible();
  await shot(page, "quiz-setup");
  await page.getByTestId("start-quiz").click();
  await expect(page.getByTestId("quiz-player")).toBeVisible();
  await expect(page.getByTestId("quiz-timer")).toHaveText(/^\s*(9:00|8:5\d)$/);
  for (let i = 0; i < 5; i++) {
    await expect(page.getByTestId("quiz-progress")).toHaveText(`Question ${i + 1} of 5`);
    await page.getByRole("button", { name: /^B / }).click();
    await expect(page.getByRole("button", { name: /^B / })).toHaveAttribute("aria-pressed", "true");
    if (i === 1) {
      await page.getByRole("button", { name: "Flag" }).click();
      await expect(page.getByRole("button", { name: "Flagged" })).toBeVisible();
      await shot(page, "quiz-player");
      // an interruption: reload and resume on the same question with the answer kept
      await page.reload();
      await expect(page.getByTestId("quiz-progress")).toHaveText("Question 2 of 5");
      await expect(page.getByRole("button", { name: /^B / })).toHaveAttribute("aria-pressed", "true");
      // /quiz alone resumes it too
      await page.goto("/quiz");
      await expect(page.getByTestId("quiz-progress")).toHaveText("Question 2 of 5");
      // a failed load says so (no endless spinner) and recovers; a plan-gated answer shows the upgrade panel
      const quizUrl = page.url();
      const quizApi = `**/api/quizzes/${new URL(quizUrl).searchParams.get("id")}`;
      await page.route(quizApi, (r) =>
        r.fulfill({
          status: 500,
          json: { error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } },
        }),
      );
      await page.reload();
      await expect(page.getByTestId("load-error")).toContainText("Could not load this quiz.");
      await page.unroute(quizApi);
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByTestId("quiz-progress")).toHaveText("Question 2 of 5");
      await page.route(quizApi, (r) =>
        r.fulfill({
          status: 403,
          json: {
            error: { code: "UPGRADE_REQUIRED", message: "The question bank is part of Unlimited. Upgrade to use it." },
          },
        }),
      );
      await page.reload();
      await expect(page.getByTestId("upgrade-card")).toContainText("The question bank is part of Unlimited.");
      await page.unroute(quizApi);
      await page.reload();
      await expect(page.getByTestId("quiz-progress")).toHaveText("Question 2 of 5");
    }
    if (i < 4) await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByTestId("submit-quiz").click();
  await page.waitForURL(/\/quiz\/results\//);
  await expect(page.getByTestId("quiz-score")).toContainText(/\d+ of 5/);
  await expect(page.getByText("By subject")).toBeVisible();
  await expect(page.getByText("Question 5", { exact: true })).toBeVisible();
  await shot(page, "quiz-results");
  await page.goto("/flashcards/questions?filter=flagged");
  await expect(page.getByTestId("bank-row")).toHaveCount(1);
  await shot(page, "question-bank");
  // the whole bank is reachable 50 at a time, and browsable by topic
  await page.goto("/flashcards/questions");
  await expect(page.getByText("Weakest topics")).toBeVisible();
  await expect(page.getByTestId("bank-row")).toHaveCount(50);
  const total = Number((await page.getByTestId("bank-count").textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(100);
  await page.getByRole("button", { name: `Show 50 more of ${total - 50}` }).click();
  await expect(page.getByTestId("bank-row")).toHaveCount(100);
  await page.getByRole("button", { name: "Evidence", exact: true }).click();
  const topic = page.getByLabel("Topic");
  await expect(topic.locator("option")).not.toHaveCount(1);
  const title = (await topic.locator("option").nth(1).textContent())!;
  await topic.selectOption({ index: 1 });
  await expect(page).toHaveURL(/topic=/);
  const rows = page.getByTestId("bank-row");
  await expect(rows.first()).toContainText(title);
  for (const text of await rows.allTextContents()) expect(text).toContain(`Evidence· ${title}`);
});

test.describe("the study day's time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });
  test("follows the browser without a visit to Settings, and never overrides a zone the student chose", async ({
    page,
  }) => {
    await signUpAndConfirm(page, uniqueEmail("tz"));
    const settings = async () =>
      (await (await page.request.get("/api/study/settings")).json()) as {
        saved: boolean;
        settings: { timeZone: string };
      };
    expect(await settings()).toMatchObject({ saved: false, settings: { timeZone: "UTC" } });
    await page.goto("/flashcards/study");
    await expect.poll(async () => (await settings()).settings.timeZone).toBe("Asia/Tokyo");
    const origin = new URL(page.url()).origin;
    expect(
      (
        await page.request.put("/api/study/settings", { data: { timeZone: "Europe/Paris" }, headers: { origin } })
      ).status(),
    ).toBe(200);
    await page.goto("/flashcards/stats");
    await expect(page.getByTestId("heatmap")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await settings()).settings.timeZone).toBe("Europe/Paris");
  });
});

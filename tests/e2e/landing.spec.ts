/**
 * The public face in Chromium (issue 7, SPEC.md §2.2): content without JavaScript, scroll-spy,
 * smooth hash scrolling and /#section from other pages, the Features dropdown, the mobile menu,
 * calls to action by signed-in state, the demo flashcard viewer, the screenshot lightbox,
 * keyboard (Escape, arrows, Alt+D), pricing pages, brand by host and the admin host, axe-core
 * on /, /auth and /pricing, and screenshots at 375, 768 and 1440 px in light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { shot, signUpAndConfirm, uniqueEmail } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SECTIONS = [
  "top",
  "problem",
  "caselaw",
  "notes",
  "outlines",
  "study",
  "chat",
  "courses",
  "non-services",
  "payoff",
  "pricing",
  "about-section",
  "why-lexmate",
  "proof",
];

// A page that logs a console error fails (hydration mismatches are console errors). Resource
// errors the browser logs for expected 401s (signed-out /api/me) are not the page's fault.
let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
});
test.afterEach(() => {
  expect(consoleErrors, "console errors").toEqual([]);
});

const header = (page: Page) => page.locator("header").first();

/** Opens a pre-rendered page and waits until its islands are hydrated (they load after the first paint). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Jumps (no animation) so a section's top sits 100 px below the viewport's top. */
async function jumpTo(page: Page, id: string) {
  await page.evaluate((id) => {
    const el = document.getElementById(id)!;
    window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 100, behavior: "instant" });
  }, id);
}

test.describe("pre-rendered content", () => {
  test("the landing page's content is there without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Study law with answers you can check.");
    for (const id of SECTIONS) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Start free today" }).first()).toHaveAttribute(
      "href",
      "/auth?tab=signup",
    );
    await expect(page.getByTestId("flashcard")).toBeVisible();
    await expect(page.getByTestId("pricing-grid")).toBeVisible();
    await expect(page.getByText("Launching Soon - Stay tuned!")).toBeVisible();
    await expect(page.getByTestId("site-footer")).toContainText(`© ${new Date().getFullYear()} Lexmate`);
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("feature-matrix")).toBeVisible();
    await context.close();
  });
});

test.describe("header", () => {
  test("scroll-spy highlights the section in view", async ({ page }) => {
    await open(page, "/");
    const nav = mainNav(page);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "location");
    await jumpTo(page, "caselaw");
    await expect(nav.getByRole("button", { name: "Features" })).toHaveAttribute("data-active", "true");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    await jumpTo(page, "non-services");
    await expect(nav.getByRole("link", { name: "Non-Services" })).toHaveAttribute("aria-current", "location");
    await jumpTo(page, "pricing");
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "location");
    await expect(header(page)).toHaveAttribute("data-active-section", "pricing");
    await jumpTo(page, "about-section");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "location");
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    await expect(header(page)).toHaveAttribute("data-active-section", "proof");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "location");
  });

  test("section links scroll smoothly to their anchor", async ({ page }) => {
    await open(page, "/");
    await expect(header(page)).toHaveAttribute("data-active-section", "top");
    await mainNav(page).getByRole("link", { name: "Pricing" }).click();
    // Sample the scroll position each frame: a smooth scroll passes through positions in between.
    const positions = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const start = performance.now();
          const tick = () => {
            seen.push(Math.round(window.scrollY));
            if (performance.now() - start < 1500) requestAnimationFrame(tick);
            else resolve(seen);
          };
          tick();
        }),
    );
    const target = await page.evaluate(() =>
      Math.round(document.getElementById("pricing")!.getBoundingClientRect().top + window.scrollY - 80),
    );
    const between = new Set(positions.filter((y) => y > 0 && Math.abs(y - target) > 2));
    expect(between.size, `intermediate positions in ${positions.join(",")}`).toBeGreaterThan(2);
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("pricing")!.getBoundingClientRect().top)))
      .toBe(80);
    await expect(mainNav(page).getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "location");
  });

  test("from another page, section links go to /#section", async ({ page }) => {
    await open(page, "/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    const link = mainNav(page).getByRole("link", { name: "Non-Services" });
    await expect(link).toHaveAttribute("href", "/#non-services");
    await link.click();
    await expect(page).toHaveURL(/\/#non-services$/);
    await expect(page.locator("#non-services")).toBeInViewport();
    await expect(mainNav(page).getByRole("link", { name: "Non-Services" })).toHaveAttribute("aria-current", "location");
  });

  test("the Features dropdown lists the six areas with their routes, by mouse and keyboard", async ({ page }) => {
    await open(page, "/");
    const button = mainNav(page).getByRole("button", { name: "Features" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    const menu = page.locator("#features-menu");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const links = menu.getByRole("link");
    await expect(links).toHaveText(["Case Briefs", "Notes", "Outlines", "Study", "Chat", "Courses"]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/cases",
      "/notes",
      "/outlines",
      "/flashcards",
      "/chat",
      "/courses",
    ]);
    await shot(page, "landing-features-menu");
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // ArrowDown opens it with focus on the first item; arrows move through the items.
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link", { name: "Case Briefs" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("link", { name: "Notes" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("link", { name: "Courses" })).toBeFocused();
    // A click elsewhere closes it.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
    // Following an item opens its route (signed out: the protected route sends you to /auth).
    await button.click();
    await menu.getByRole("link", { name: "Case Briefs" }).click();
    await page.waitForURL("**/auth");
  });

  test("signed out: Log In and Sign Up", async ({ page }) => {
    await open(page, "/");
    await expect(header(page).getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/auth");
    await expect(header(page).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth?tab=signup");
    await expect(header(page).getByRole("button", { name: "Account menu" })).toHaveCount(0);
  });

  test("the mobile menu holds the same items", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/");
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    for (const name of [
      "Home",
      "Case Briefs",
      "Notes",
      "Outlines",
      "Study",
      "Chat",
      "Courses",
      "Non-Services",
      "Pricing",
      "About",
      "Log In",
      "Sign Up",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu).not.toContainText("Signed in as");
    await shot(page, "landing-mobile-menu-375");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator("#pricing")).toBeInViewport();
  });
});

test.describe("calls to action", () => {
  test("signed out: 'Start free today', 'Start For Free' and 'Get the Good Stuff' go to sign-up; no rewards section", async ({
    page,
  }) => {
    await open(page, "/");
    for (const name of ["Start free today", "Start For Free", "Get the Good Stuff"]) {
      for (const link of await page.getByRole("link", { name }).all())
        await expect(link).toHaveAttribute("href", "/auth?tab=signup");
    }
    await expect(
      page.getByText("Start with a 7-day free trial — full Unlimited access, no credit card required.").first(),
    ).toBeVisible();
    await expect(page.getByText("Share the Love, Earn Rewards")).toHaveCount(0);
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByRole("link", { name: "Chat" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await page.getByRole("link", { name: "Start free today" }).first().click();
    await page.waitForURL("**/auth?tab=signup");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  });

  test("signed in: 'Start Chatting', the Chat button, the account menu, rewards section, footer links, sign out", async ({
    page,
  }) => {
    const email = uniqueEmail("landing");
    await signUpAndConfirm(page, email);
    await open(page, "/");
    await expect(page.getByRole("link", { name: "Start Chatting" }).first()).toHaveAttribute("href", "/chat");
    await expect(page.getByRole("link", { name: "Start free today" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Start For Free" })).toHaveAttribute("href", "/chat");
    await expect(page.getByRole("link", { name: "Get the Good Stuff" })).toHaveAttribute("href", "/chat");
    const share = page.getByTestId("share-the-love");
    await expect(share.getByRole("heading", { name: "Share the Love, Earn Rewards" })).toBeVisible();
    await expect(share.getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/settings");
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByRole("link", { name: "Chat" })).toHaveAttribute("href", "/chat");
    await expect(footer.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await expect(header(page).getByRole("link", { name: "Log In" })).toHaveCount(0);
    await expect(header(page).getByRole("link", { name: "Chat" })).toHaveAttribute("href", "/chat");

    await header(page).getByRole("button", { name: "Account menu" }).click();
    const menu = page.locator("#account-menu");
    await expect(menu.getByTestId("account-email")).toHaveText(email);
    await expect(menu.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await shot(page, "landing-account-menu");

    // The mobile menu says who is signed in.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toContainText(`Signed in as ${email}`);
    for (const name of ["Chat", "Settings"])
      await expect(mobile.getByRole("link", { name, exact: true }).last()).toBeVisible();
    await mobile.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expect(page.getByRole("link", { name: "Start free today" }).first()).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(header(page).getByRole("link", { name: "Log In" })).toBeVisible();
  });
});

test.describe("demo flashcard viewer", () => {
  test("5 of the 8 cards, subject badge, Show Answer / Back to Question, Previous, Next, Shuffle, flip reset", async ({
    page,
  }) => {
    await open(page, "/");
    const viewer = page.getByTestId("demo-flashcards");
    await viewer.scrollIntoViewIfNeeded();
    const card = page.getByTestId("flashcard");
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 1 of 5");
    const deck = ((await viewer.getAttribute("data-deck")) ?? "").split(" ");
    expect(new Set(deck).size).toBe(5);
    await expect(viewer.getByTestId("card-subject")).toHaveText(
      /^(Torts|Contracts|Evidence|Constitutional Law|Civil Procedure|Criminal Law and Procedure|Real Property)$/,
    );
    await expect(viewer.getByRole("button", { name: "Previous" })).toBeDisabled();

    await viewer.getByRole("button", { name: "Show Answer" }).click();
    await expect(card).toHaveAttribute("data-side", "answer");
    await expect(viewer.getByRole("button", { name: "Back to Question" })).toBeVisible();
    await shot(page, "landing-flashcard-answer");
    await viewer.getByRole("button", { name: "Back to Question" }).click();
    await expect(card).toHaveAttribute("data-side", "question");

    // Changing the card turns it back to the question.
    await viewer.getByRole("button", { name: "Show Answer" }).click();
    await viewer.getByRole("button", { name: "Next" }).click();
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 2 of 5");
    await expect(card).toHaveAttribute("data-card-id", deck[1]);
    await expect(card).toHaveAttribute("data-side", "question");
    await viewer.getByRole("button", { name: "Previous" }).click();
    await expect(card).toHaveAttribute("data-card-id", deck[0]);
    for (let i = 0; i < 4; i++) await viewer.getByRole("button", { name: "Next" }).click();
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 5 of 5");
    await expect(viewer.getByRole("button", { name: "Next" })).toBeDisabled();

    // Shuffle draws the cards again, back on card 1, question side.
    await viewer.getByRole("button", { name: "Show Answer" }).click();
    await viewer.getByRole("button", { name: "Shuffle" }).click();
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 1 of 5");
    await expect(card).toHaveAttribute("data-side", "question");
    await expect(viewer).not.toHaveAttribute("data-deck", deck.join(" "));

    await viewer.getByRole("button", { name: "Show all 8 cards" }).click();
    await expect(viewer.getByTestId("card-position")).toHaveText(/of 8$/);
    expect(new Set(((await viewer.getAttribute("data-deck")) ?? "").split(" ")).size).toBe(8);
  });

  test("left and right arrows move between cards", async ({ page }) => {
    await open(page, "/");
    const viewer = page.getByTestId("demo-flashcards");
    await viewer.scrollIntoViewIfNeeded();
    const deck = ((await viewer.getAttribute("data-deck")) ?? "").split(" ");
    await viewer.getByRole("button", { name: "Show Answer" }).click();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("flashcard")).toHaveAttribute("data-card-id", deck[1]);
    await expect(page.getByTestId("flashcard")).toHaveAttribute("data-side", "question");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("flashcard")).toHaveAttribute("data-card-id", deck[1]);
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 2 of 5");
    // Arrows typed into a focused input stay with the input.
    await page.evaluate(() => {
      const input = document.createElement("input");
      input.setAttribute("aria-label", "scratch");
      document.querySelector("[data-testid=demo-flashcards]")!.append(input);
      input.focus();
    });
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByTestId("card-position")).toHaveText("Card 2 of 5");
  });

  test("each visit draws its 5 cards at random", async ({ page }) => {
    const draws = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await open(page, "/");
      draws.add((await page.getByTestId("demo-flashcards").getAttribute("data-deck")) ?? "");
    }
    expect(draws.size).toBeGreaterThan(1);
  });
});

test.describe("screenshots and keyboard", () => {
  test("screenshots of the real app open in a lightbox that closes on click and Escape; arrows move through them", async ({
    page,
  }) => {
    await open(page, "/");
    const thumbs = page.getByTestId("screenshots").locator("a[data-shot]");
    expect(await thumbs.count()).toBeGreaterThan(1);
    await thumbs.first().click();
    const box = page.getByTestId("lightbox");
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute("aria-modal", "true");
    const image = box.getByTestId("lightbox-image");
    const first = await image.getAttribute("src");
    expect(await thumbs.first().getAttribute("href")).toBe(first);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, "landing-lightbox");
    await page.keyboard.press("ArrowRight");
    await expect(image).not.toHaveAttribute("src", first!);
    // The flashcards stay put while the lightbox has the arrows.
    await page.keyboard.press("ArrowLeft");
    await expect(image).toHaveAttribute("src", first!);
    await page.keyboard.press("ArrowLeft");
    await expect(image).toHaveAttribute("src", (await thumbs.last().getAttribute("href"))!);
    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
    await expect(thumbs.first()).toBeFocused();
    await thumbs.nth(1).click();
    await expect(box).toBeVisible();
    await image.click();
    await expect(box).toBeHidden();
    await thumbs.first().click();
    await box.getByRole("button", { name: "Next screenshot" }).click();
    await expect(box).toBeVisible();
    await box.getByRole("button", { name: "Close" }).click();
    await expect(box).toBeHidden();
  });

  test("Alt+D toggles the layout debug overlay", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByTestId("debug-overlay")).toHaveCount(0);
    await page.keyboard.press("Alt+KeyD");
    await expect(page.getByTestId("debug-overlay")).toBeVisible();
    await expect(page.getByTestId("debug-overlay")).toContainText(/1280×\d+ · xl/);
    await expect(page.locator("html")).toHaveClass(/debug-layout/);
    await shot(page, "landing-debug-overlay");
    await page.keyboard.press("Alt+KeyD");
    await expect(page.getByTestId("debug-overlay")).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveClass(/debug-layout/);
  });
});

test.describe("pricing pages", () => {
  test("/pricing and /unlimited show the plans with the trial copy and their calls to action", async ({ page }) => {
    await open(page, "/pricing");
    await expect(page).toHaveTitle("Pricing — Lexmate");
    await expect(page.getByTestId("price-unlimited")).toHaveText("$10");
    await expect(page.getByRole("link", { name: "Start For Free" })).toHaveAttribute("href", "/auth?tab=signup");
    const rows = page.getByTestId("feature-matrix").locator("tbody tr");
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-feature-id")))).toEqual([
      "chat_messages",
      "case_briefs",
      "notes",
      "outline_iq",
      "flashcards",
      "question_bank",
      "video_courses",
    ]);
    await open(page, "/unlimited");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything, with no monthly limit.");
    await expect(page.getByRole("link", { name: "Start 7-day free trial" })).toHaveAttribute(
      "href",
      "/auth?tab=signup",
    );
  });

  test("inside the app, prices come from GET /api/pricing and fall back to $10 when it fails", async ({ page }) => {
    const visitPricingInApp = async () => {
      await page.goto("/auth");
      await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
      await page.evaluate(() => {
        history.pushState({}, "", "/pricing");
        dispatchEvent(new PopStateEvent("popstate"));
      });
    };
    await page.route("**/api/pricing", (r) =>
      r.fulfill({
        json: {
          success: true,
          source: "database",
          data: [
            {
              tier_name: "Free",
              interval_type: "month",
              display_price_cents: 0,
              display_currency: "USD",
              formatted_price: "$0",
            },
            {
              tier_name: "Unlimited",
              interval_type: "month",
              display_price_cents: 1500,
              display_currency: "USD",
              formatted_price: "$15",
            },
          ],
        },
      }),
    );
    await visitPricingInApp();
    await expect(page.getByTestId("price-unlimited")).toHaveText("$15");
    await page.unroute("**/api/pricing");
    await page.route("**/api/pricing", (r) =>
      r.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "down" } } }),
    );
    await visitPricingInApp();
    await expect(page.getByTestId("price-unlimited")).toHaveText("$10");
    await expect(page.getByTestId("price-free")).toHaveText("$0");
  });

  test("inside the app, the landing page is built from GET /api/landing", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
    await page.getByRole("link", { name: "Lexmate home" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Study law with answers you can check.");
    await expect(page.getByTestId("demo-flashcards").getByTestId("card-position")).toHaveText("Card 1 of 5");
    await expect(page.locator('[data-testid="chat-demo"]')).toHaveCount(5);
  });
});

test.describe("brand per host", () => {
  test("127.0.0.1 is Lexmate Bar (BRAND_HOSTS), localhost is Lexmate, in the HTML and in the app", async ({ page }) => {
    await open(page, `http://127.0.0.1:${PORT}/`);
    await expect(page).toHaveTitle("Lexmate Bar — The study companion for the bar exam");
    await expect(page.locator("html")).toHaveAttribute("data-brand", "bar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prepare for the bar with answers you can check.");
    await expect(header(page)).toContainText("Lexmate Bar");
    await expect(page.locator("#why-lexmate-bar")).toHaveCount(1);
    await expect(page.getByTestId("site-footer")).toContainText(`© ${new Date().getFullYear()} Lexmate Bar`);
    await shot(page, "landing-bar-1280");
    // The app shell on the same host shows the same brand.
    await page.goto(`http://127.0.0.1:${PORT}/auth`);
    await expect(page.getByRole("link", { name: "Lexmate home" })).toContainText("Lexmate Bar");

    await open(page, "/");
    await expect(page.locator("html")).toHaveAttribute("data-brand", "law");
    await expect(header(page)).not.toContainText("Lexmate Bar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Study law with answers you can check.");
  });

  test("127.0.0.2 (ADMIN_HOSTS) serves the admin route table: / goes to /admin/dashboard, which asks for sign-in", async ({
    page,
  }) => {
    await page.goto(`http://127.0.0.2:${PORT}/`);
    await page.waitForURL((u) => u.pathname === "/auth");
    await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
    await page.goto(`http://127.0.0.2:${PORT}/pricing`);
    await page.waitForURL((u) => u.pathname === "/auth");
  });
});

test.describe("accessibility and looks", () => {
  // What axe and the screenshots see is the same page on either database: the PostgreSQL pass of CI
  // (.ci/run) skips them, the PGlite pass of `npm test` runs them (decision 087).
  test.skip(!!process.env.DATABASE_URL, "rendering only: checked on the PGlite pass");
  async function axe(page: Page, path: string) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
  }

  for (const theme of ["light", "dark"] as const) {
    test(`axe finds no serious or critical violations on /, /auth and /pricing (${theme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      for (const path of ["/", "/auth", "/pricing"]) expect(await axe(page, path), path).toEqual([]);
      await context.close();
    });
  }

  async function screens(browser: Browser, path: string, name: string) {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [375, 768, 1440]) {
        const context = await browser.newContext({
          viewport: { width, height: width < 500 ? 812 : 900 },
          colorScheme: theme,
        });
        const page = await context.newPage();
        await open(page, path);
        await page.waitForLoadState("networkidle");
        await shot(page, `${name}-${width}-${theme}`);
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}-full.png`, fullPage: true });
        await context.close();
      }
    }
  }

  test("screenshots of / at 375, 768 and 1440 px, light and dark", async ({ browser }) => {
    test.setTimeout(120_000);
    await screens(browser, "/", "landing");
  });
  test("screenshots of /pricing at 375, 768 and 1440 px, light and dark", async ({ browser }) => {
    test.setTimeout(120_000);
    await screens(browser, "/pricing", "pricing");
  });
});

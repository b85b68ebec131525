import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

export const PASSWORD = "Quiet-Harbor-Lantern-42";

/** The newest link to `to` in the server's outbox that contains `contains`. */
export async function outboxLink(to: string, contains: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const mails = readdirSync(dir)
        .sort()
        .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; links: string[] });
      const hit = mails.filter((m) => m.to === to).flatMap((m) => m.links.filter((l) => l.includes(contains)));
      if (hit.length) return hit[hit.length - 1];
    } catch {
      // outbox not created yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${to} with ${contains}`);
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Signs up through the UI and confirms with the outbox link; ends on /chat. */
export async function signUpAndConfirm(page: Page, email: string) {
  await page.goto("/auth?tab=signup");
  await page.getByLabel("Name").fill("Test Student");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).last().click();
  await page.getByTestId("signup-sent").waitFor();
  const link = await outboxLink(email, "/auth/callback");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.waitForURL("**/chat", { timeout: 15_000 });
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/**
 * Puts the page in the light or dark theme the way the app stores it (`ui-theme`)
 * and resolves once every colour transition has finished, so contrast checks and
 * screenshots see the settled theme rather than a half-faded frame.
 */
export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate(async (t) => {
    localStorage.setItem("ui-theme", t);
    const root = document.documentElement;
    root.classList.toggle("dark", t === "dark");
    root.style.colorScheme = t;
    void getComputedStyle(root).color;
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  }, theme);
}

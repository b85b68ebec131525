import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type APIRequestContext, type APIResponse, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";

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

/**
 * A new student, signed in on `page`. The sign-up form itself is tested in accounts.spec.ts; here
 * the account is made through the endpoint that form posts to (a second less per spec), then
 * confirmed the way a student does: the emailed link, opened in the page, lands on /chat.
 */
export async function signUpAndConfirm(page: Page, email: string) {
  const res = await page.request.post(`${BASE_URL}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: "Test Student" },
    headers: { origin: BASE_URL },
  });
  if (!res.ok()) throw new Error(`sign-up of ${email}: ${res.status()} ${await res.text()}`);
  const link = await outboxLink(email, "/auth/callback");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.waitForURL("**/chat", { timeout: 15_000 });
}

/** Signs `email` in (an address in ADMIN_EMAILS for an administrator), signing up first when this server has not seen it. */
export async function signInOrSignUp(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
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
  if (outcome === "unknown") await signUpAndConfirm(page, email);
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

// ── Shared server state ─────────────────────────────────────────────────────────────────────────
// Every spec runs against one server and one database (playwright.config.ts, workers: 1). What a
// spec changes for everyone — site settings (maintenance mode, sign-ups, trial length, free
// limit), the companion's stored LLM settings and active system prompt, the shared case-law
// library — must be put back when the spec ends, passed or failed, or a later spec sees it.

/** The administrator the guard signs in as (in ADMIN_EMAILS, playwright.config.ts); no spec uses it. */
const STATE_ADMIN = "e2e-state-admin@example.com";
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const REASON = { reason: "e2e: restore the shared state after a spec" };

type Api = APIRequestContext;
interface SharedState {
  settings: Record<string, unknown>;
  companion: { provider: string; model: string | null; baseUrl: string | null; apiKeySet: boolean };
  activePrompt: string;
  libraryIds: Set<string>;
}

async function ok<T>(res: APIResponse, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An API client (origin set) signed in as STATE_ADMIN, signed up and confirmed through the outbox the first time. */
export async function stateAdmin(playwright: PlaywrightWorkerArgs["playwright"]): Promise<Api> {
  const api = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const signIn = () => api.post("/api/auth/sign-in/email", { data: { email: STATE_ADMIN, password: PASSWORD } });
  if ((await signIn()).ok()) return api;
  await ok(
    await api.post("/api/auth/sign-up/email", { data: { email: STATE_ADMIN, password: PASSWORD, name: "E2E State" } }),
    "sign-up of the state admin",
  );
  const token = new URLSearchParams(new URL(await outboxLink(STATE_ADMIN, "/auth/callback")).hash.slice(1)).get(
    "token",
  );
  await ok(await api.post("/api/account/confirm", { data: { token } }), "confirming the state admin");
  return api;
}

async function libraryIds(api: Api): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const r = await ok<{ rows: { id: string }[]; total: number }>(
      await api.get(`/api/admin/cases?scope=library&pageSize=100&page=${page}`),
      "listing the library",
    );
    for (const row of r.rows) ids.add(row.id);
    if (!r.rows.length || ids.size >= r.total) return ids;
  }
}

async function readState(api: Api): Promise<SharedState> {
  const settings = await ok<Record<string, unknown>>(await api.get("/api/admin/settings"), "reading site settings");
  const companion = await ok<{ settings: SharedState["companion"]; prompts: { id: string; active: boolean }[] }>(
    await api.get("/api/admin/companion"),
    "reading companion settings",
  );
  return {
    settings,
    companion: companion.settings,
    activePrompt: companion.prompts.find((p) => p.active)?.id ?? "builtin",
    libraryIds: await libraryIds(api),
  };
}

async function restoreState(api: Api, saved: SharedState) {
  const now = await readState(api);
  if (JSON.stringify(now.settings) !== JSON.stringify(saved.settings))
    await ok(
      await api.put("/api/admin/settings", { data: { ...saved.settings, ...REASON } }),
      "restoring site settings",
    );
  const c = saved.companion;
  const n = now.companion;
  if (n.provider !== c.provider || n.model !== c.model || n.baseUrl !== c.baseUrl || n.apiKeySet !== c.apiKeySet)
    await ok(
      await api.put("/api/admin/companion/settings", {
        // A key stored before the spec cannot be read back: it is kept only if the spec left one.
        data: {
          provider: c.provider,
          model: c.model,
          baseUrl: c.baseUrl,
          ...(c.apiKeySet ? {} : { apiKey: null }),
          ...REASON,
        },
      }),
      "restoring companion settings",
    );
  if (now.activePrompt !== saved.activePrompt)
    await ok(
      await api.post(`/api/admin/companion/prompts/${saved.activePrompt}/activate`, { data: REASON }),
      "restoring the active prompt",
    );
  for (const id of now.libraryIds)
    if (!saved.libraryIds.has(id))
      await ok(await api.delete(`/api/admin/cases/${id}`, { data: REASON }), "deleting an opinion the spec imported");
}

/**
 * Call at the top of a spec file that changes state every spec shares (site settings, maintenance
 * mode included; the companion's LLM settings and active prompt; opinions in the shared case-law
 * library): the state is read before the file's first test and put back after its last one,
 * whether the tests passed or failed, through the admin API as a dedicated administrator.
 */
export function keepSharedState() {
  let saved: SharedState | null = null;
  test.beforeAll(async ({ playwright }) => {
    const api = await stateAdmin(playwright);
    saved = await readState(api);
    await api.dispose();
  });
  test.afterAll(async ({ playwright }) => {
    if (!saved) return;
    const api = await stateAdmin(playwright);
    await restoreState(api, saved);
    await api.dispose();
  });
}

// ── Servers of a spec's own ─────────────────────────────────────────────────────────────────────

export interface ChildServer {
  url: string;
  dataDir: string;
  /** Sends one JSON command (see the entry's file comment) and waits for its `{ok}` answer. */
  command(c: Record<string, unknown>): Promise<void>;
  /** SIGTERM, and waits for the exit (the entry removes its data directory). */
  close(): Promise<void>;
}

/**
 * Boots a server of the spec's own in a child process (`node --import tsx <entry>`), for tests that
 * change data a user cannot (plans, month counts, lesson videos) or need other configuration
 * (fake Stripe). `entry` prints `{"url","dataDir"}` on its first line, then answers one JSON line
 * per command (tests/helpers/e2e-server.ts, tests/helpers/e2e-billing-server.ts).
 */
export async function startChildServer(entry = "tests/helpers/e2e-server.ts"): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", entry], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error(`${entry} exited before it printed its address`);
  const { url, dataDir } = JSON.parse(first.value) as { url: string; dataDir: string };
  return {
    url,
    dataDir,
    async command(c) {
      child.stdin!.write(`${JSON.stringify(c)}\n`);
      const reply = JSON.parse((await lines.next()).value as string) as { ok: boolean; error?: string };
      if (!reply.ok) throw new Error(reply.error);
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

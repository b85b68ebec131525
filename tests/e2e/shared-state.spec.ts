/**
 * The shared-state guard of the e2e suite (tests/e2e/helpers.ts `keepSharedState`): every spec
 * shares one server, so a spec that turns maintenance mode on, points the companion at another
 * model or fills the shared case-law library must leave none of it behind — also when it fails.
 * The first group changes all three and stops without undoing anything; the test after it sees
 * the state of before.
 */
import { expect, test } from "@playwright/test";
import { keepSharedState, stateAdmin } from "./helpers";

const REASON = "e2e: the guard's own test";
const OPINION = `---\ntitle: 'Guard v. Leftover Data Co.'\ncite: '777 F.4th 321'\njurisdiction: '9th Cir.'\npublished: '2031'\n---\n\n${"The appellant left test data behind in a shared library. We hold that each test cleans up after itself. ".repeat(20)}`;

test.describe.configure({ mode: "serial" });

let before: { settings: unknown; companion: unknown; library: number };

test.describe("a spec that changes shared state and does not undo it", () => {
  keepSharedState();

  test("turns maintenance on, stores an LLM configuration and imports a library opinion", async ({ playwright }) => {
    const api = await stateAdmin(playwright);
    before = {
      settings: await (await api.get("/api/admin/settings")).json(),
      companion: (await (await api.get("/api/admin/companion")).json()).settings,
      library: (await (await api.get("/api/admin/cases?scope=library")).json()).total,
    };
    const settings = before.settings as Record<string, unknown>;
    expect(
      (
        await api.put("/api/admin/settings", {
          data: { ...settings, maintenanceMode: true, trialDays: 3, reason: REASON },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await api.put("/api/admin/companion/settings", {
          data: {
            provider: "openai-compatible",
            model: "left-behind",
            baseUrl: "http://127.0.0.1:9/v1",
            apiKey: "sk-x",
            reason: REASON,
          },
        })
      ).status(),
    ).toBe(200);
    const imported = await api.post("/api/case-law/import", {
      multipart: {
        scope: "library",
        reason: REASON,
        files: { name: "guard.md", mimeType: "text/markdown", buffer: Buffer.from(OPINION) },
      },
    });
    expect(imported.status()).toBe(202);
    const { jobId } = await imported.json();
    await expect
      .poll(async () => (await (await api.get(`/api/jobs/${jobId}`)).json()).state, { timeout: 30_000 })
      .toBe("succeeded");
    expect((await (await api.get("/api/admin/cases?scope=library")).json()).total).toBe(before.library + 1);
    await api.dispose();
  });
});

test("the next spec finds the site, the companion and the library as they were", async ({ playwright, page }) => {
  const api = await stateAdmin(playwright);
  expect(await (await api.get("/api/admin/settings")).json()).toEqual(before.settings);
  expect((await (await api.get("/api/admin/companion")).json()).settings).toMatchObject({
    provider: (before.companion as { provider: string }).provider,
    model: (before.companion as { model: string | null }).model,
    baseUrl: (before.companion as { baseUrl: string | null }).baseUrl,
    apiKeySet: false,
  });
  expect((await (await api.get("/api/admin/cases?scope=library")).json()).total).toBe(before.library);
  await api.dispose();
  const site = await page.request.get("/api/site");
  expect((await site.json()).maintenanceMode).toBe(false);
});

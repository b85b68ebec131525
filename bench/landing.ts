/**
 * Landing page budgets of DESIGN.md §6, measured against a running server:
 * - JavaScript of `/` before first paint (gzip): every script the served HTML loads or preloads —
 *   the classic theme script and the module entry with its modulepreloads — fetched from the
 *   server and gzipped (level 6, as Vite reports it);
 * - all JavaScript the page loads (gzip), including the islands it hydrates after the first
 *   paint: every script response Chromium receives until <html data-hydrated>;
 * - LCP in headless Chromium (Playwright, /usr/bin/chromium) on loopback: a fresh browser context per run (cold cache), the last
 *   `largest-contentful-paint` entry after load, at 1440×900 and at 375×812; median and worst.
 * It reports; it asserts nothing.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

export interface LandingFigures {
  jsGzipKb: number;
  jsFiles: { url: string; gzipKb: number }[];
  /** Everything the page loads, islands included. */
  allJsGzipKb: number;
  lcp: { viewport: string; medianMs: number; maxMs: number; ttfbMs: number; element: string }[];
}

/** URLs of the JavaScript an HTML page loads before it is interactive (scripts and module preloads). */
export function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...scripts, ...preloads])];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const gzipKbOf = async (url: string) =>
  gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 6 }).length / 1024;

export async function measureLanding(base: string, runs = 7): Promise<LandingFigures> {
  const html = await (await fetch(`${base}/`)).text();
  const jsFiles = [];
  for (const url of initialScripts(html)) jsFiles.push({ url, gzipKb: await gzipKbOf(new URL(url, base).href) });
  const jsGzipKb = jsFiles.reduce((n, f) => n + f.gzipKb, 0);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const lcp = [];
  let allJsGzipKb = 0;
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (r) => {
      if (/javascript/.test(r.headers()["content-type"] ?? "")) scripts.add(r.url());
    });
    await page.goto(`${base}/`);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    for (const url of scripts) allJsGzipKb += await gzipKbOf(url);
    await context.close();

    for (const vp of [
      { width: 1440, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const times: number[] = [];
      const ttfbs: number[] = [];
      let element = "";
      for (let i = 0; i < runs + 1; i++) {
        const context = await browser.newContext({ viewport: vp });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __lcp: { t: number; el: string } | null };
          w.__lcp = null;
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            w.__lcp = {
              t: last.startTime,
              el: last.element
                ? `${last.element.tagName.toLowerCase()}${last.element.id ? `#${last.element.id}` : ""}`
                : "?",
            };
          }).observe({ type: "largest-contentful-paint", buffered: true });
        });
        await page.goto(`${base}/`, { waitUntil: "load" });
        await page.waitForTimeout(300);
        const r = await page.evaluate(() => ({
          lcp: (window as unknown as { __lcp: { t: number; el: string } | null }).__lcp,
          ttfb: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
        }));
        await context.close();
        if (i === 0) continue; // the first run warms the server (module caches, database pages)
        if (r.lcp) {
          times.push(r.lcp.t);
          element = r.lcp.el;
        }
        ttfbs.push(r.ttfb);
      }
      lcp.push({
        viewport: `${vp.width}×${vp.height}`,
        medianMs: median(times),
        maxMs: Math.max(...times),
        ttfbMs: median(ttfbs),
        element,
      });
    }
  } finally {
    await browser.close();
  }
  return { jsGzipKb, jsFiles, allJsGzipKb, lcp };
}

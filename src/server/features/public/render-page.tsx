/**
 * Server rendering of the public pages (issue 7 §8): the same React components as the app,
 * rendered to HTML per request into the built `landing.html` template, with the title,
 * description, canonical URL, Open Graph and Twitter tags, the brand's boot data, and the
 * islands' props. Content is complete without JavaScript; the template's script hydrates the
 * islands. Without a build (unit tests, a fresh checkout) a bare template is used: same
 * content, no styles or scripts.
 *
 * Signed-out pages are the same for every visitor except the demo flashcards' random draw, so
 * `renderPublicPageCached` keeps the rendered page per (path, host, prices, year) for
 * `PAGE_CACHE_MS` and renders only the flashcard island afresh for each request.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderToString } from "react-dom/server";
import { BOOT_ELEMENT_ID, type BootData, jsonForScript } from "../../../contract/brand";
import type { LandingData } from "../../../contract/landing";
import type { PricingEntry } from "../../../contract/pricing";
import { BrandProvider, SiteLinksProvider } from "../../../web/features/public/brand";
import { FlashcardViewer } from "../../../web/features/public/flashcard-viewer";
import { Island, type IslandName, ServerRenderMode } from "../../../web/features/public/island";
import LandingPage from "../../../web/features/public/landing-page";
import { DisclaimerPage, PrivacyPage, TermsPage } from "../../../web/features/public/legal-pages";
import { type PublicPath, pageMeta } from "../../../web/features/public/pages";
import { PricingPage, UnlimitedPage } from "../../../web/features/billing/pricing";
import { PublicShell } from "../../../web/features/public/public-layout";
import type { Session } from "../../../web/features/public/site";

const BARE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <!--ssr-head-->
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <!--ssr-body-->
  </body>
</html>`;

const templates = new Map<string, string>();

/** The built template in `webDist`, read once; the bare one until a build exists. */
export function pageTemplate(webDist: string): string {
  const file = join(resolve(webDist), "landing.html");
  const hit = templates.get(file);
  if (hit) return hit;
  if (!existsSync(file)) return BARE_TEMPLATE;
  const html = readFileSync(file, "utf8");
  templates.set(file, html);
  return html;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface RenderOptions {
  path: PublicPath;
  boot: BootData;
  session: Session | null;
  /** Public origin for absolute URLs, e.g. https://lexmate.example (no trailing slash). */
  origin: string;
  /** The home page's content (required for `/`). */
  data?: LandingData;
  /** Prices for `/`, `/pricing` and `/unlimited`. */
  pricing?: PricingEntry[];
  /** Ids of the 5 demo cards shown first on `/`. */
  initialCards?: string[];
  year: number;
  webDist: string;
}

function pageBody(o: RenderOptions) {
  const pricing = o.pricing ?? [];
  switch (o.path) {
    case "/":
      return <LandingPage session={o.session} data={o.data!} pricing={pricing} initialCards={o.initialCards ?? []} />;
    case "/pricing":
      return <PricingPage session={o.session} pricing={pricing} />;
    case "/unlimited":
      return <UnlimitedPage session={o.session} pricing={pricing} />;
    case "/terms":
      return <TermsPage />;
    case "/privacy":
      return <PrivacyPage />;
    case "/disclaimer":
      return <DisclaimerPage />;
  }
}

/** Head tags of a public page: title, description, canonical, Open Graph, Twitter card, boot data. */
export function headTags(o: Pick<RenderOptions, "path" | "boot" | "origin">): string {
  const { brand } = o.boot;
  const meta = pageMeta(o.path, brand);
  const url = `${o.origin}${o.path}`;
  const image = `${o.origin}/og/${brand.slug}.jpg`;
  return [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    `<meta name="theme-color" content="${brand.id === "bar" ? "#0f766e" : "#4338ca"}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttr(brand.name)}" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeAttr(image)}" />`,
    bootScript(o.boot),
  ].join("\n    ");
}

export const bootScript = (boot: BootData) =>
  `<script id="${BOOT_ELEMENT_ID}" type="application/json">${jsonForScript(boot)}</script>`;

/** Sets the brand on <html> (the Lexmate Bar palette is keyed on data-brand). */
export const withBrandAttr = (html: string, boot: BootData) =>
  html.replace('<html lang="en"', `<html lang="en" data-brand="${boot.brand.id}"`);

/** The whole HTML document of a public page. */
export function renderPublicPage(o: RenderOptions): string {
  const body = renderToString(
    <ServerRenderMode>
      <BrandProvider value={o.boot.brand}>
        <SiteLinksProvider value={o.boot.links}>
          <PublicShell session={o.session} path={o.path} year={o.year}>
            {pageBody(o)}
          </PublicShell>
        </SiteLinksProvider>
      </BrandProvider>
    </ServerRenderMode>,
  );
  const html = pageTemplate(o.webDist)
    .replace("<!--ssr-head-->", () => headTags(o))
    .replace("<!--ssr-body-->", () => body);
  return withBrandAttr(html, o.boot);
}

/** The span of an island in rendered HTML: its wrapper through its props script, or null. */
function islandSpan(html: string, name: IslandName): [number, number] | null {
  const start = html.indexOf(`<div data-island="${name}"`);
  const props = html.indexOf(`data-island-props="${name}"`, start);
  const end = props < 0 ? -1 : html.indexOf("</script>", props);
  return start < 0 || end < 0 ? null : [start, end + "</script>".length];
}

/** The flashcard island alone, for the given draw (same markup as inside the whole page). */
function renderFlashcards(o: RenderOptions): string {
  const props = { cards: o.data?.demoCards ?? [], initial: o.initialCards ?? [] };
  return renderToString(
    <ServerRenderMode>
      <BrandProvider value={o.boot.brand}>
        <Island name="flashcards" props={props}>
          <FlashcardViewer {...props} />
        </Island>
      </BrandProvider>
    </ServerRenderMode>,
  );
}

export const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_MAX = 100;
const pageCache = new Map<string, { at: number; html: string }>();

/**
 * `renderPublicPage` for signed-out visitors, from the cache when the same page was rendered
 * in the last `PAGE_CACHE_MS` with the same host, prices and year; `now` in ms (tests).
 */
export function renderPublicPageCached(o: RenderOptions, now = Date.now()): string {
  if (o.session) return renderPublicPage(o);
  const key = JSON.stringify([
    o.path,
    o.boot.domain,
    o.origin,
    o.year,
    o.webDist,
    o.pricing ?? null,
    o.data ? "data" : null,
  ]);
  let hit = pageCache.get(key);
  if (!hit || now - hit.at >= PAGE_CACHE_MS) {
    hit = { at: now, html: renderPublicPage(o) };
    if (pageCache.size >= PAGE_CACHE_MAX) pageCache.delete(pageCache.keys().next().value!);
    pageCache.set(key, hit);
    return hit.html;
  }
  const span = o.path === "/" ? islandSpan(hit.html, "flashcards") : null;
  return span ? hit.html.slice(0, span[0]) + renderFlashcards(o) + hit.html.slice(span[1]) : hit.html;
}

/** Empties the signed-out page cache (the admin's "clear pricing cache"); returns how many pages it held. */
export function clearPublicPageCache(): number {
  const n = pageCache.size;
  pageCache.clear();
  return n;
}

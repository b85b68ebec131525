/**
 * The public site (issue 7; SPEC.md §1, §2.1, §2.2, §2.5):
 *   - the domain flag per request host: ADMIN_HOSTS get the admin route table (`/` and any other
 *     page → 302 /admin/dashboard; /auth… and /admin/… kept; /api and files untouched);
 *   - pre-rendered HTML for /, /pricing, /unlimited, /terms, /privacy, /disclaimer, in the
 *     host's brand, with the signed-in state read from the session cookie;
 *   - robots.txt and sitemap.xml for the host;
 *   - `GET /api/landing`: the landing page's content for client-side visits.
 * The SPA's index.html gets the same boot data (see `injectBoot`, used by serve-web.ts).
 */
import { track } from "../analytics/analytics.service";
import { extname } from "node:path";
import { type Context, Hono } from "hono";
import { DEMO_CARDS_SHOWN } from "../../../contract/landing";
import { landingApi } from "../../../contract/landing-api";
import type { BootData } from "../../../contract/brand";
import { drawCards } from "../../../web/features/public/flashcard-viewer";
import { isPublicPath, PUBLIC_PATHS } from "../../../web/features/public/pages";
import type { Session } from "../../../web/features/public/site";
import type { AppDeps, AppEnv } from "../../lib/context";
import { handle } from "../../lib/route";
import { readPricing } from "../billing/pricing.service";
import { bootDataFor, publicOrigin, resolveDomain } from "./domain";
import { readLandingData } from "./landing.service";
import { bootScript, renderPublicPageCached, withBrandAttr } from "./render-page";

/** App paths search engines have no business in (they need an account). */
const DISALLOW = [
  "/api/",
  "/auth",
  "/admin",
  "/settings",
  "/chat",
  "/notes",
  "/outlines",
  "/flashcards",
  "/quiz",
  "/cases",
  "/case-law",
  "/case-collections",
  "/library",
  "/courses",
  "/course",
  "/checkout-confirmation",
];

export const bootFor = (c: Context<AppEnv>): BootData => {
  const env = c.get("deps").env;
  return bootDataFor(resolveDomain(c.req.header("host"), env), env);
};

/** The SPA shell with the request's boot data and brand. */
export function injectBoot(indexHtml: string, boot: BootData): string {
  return withBrandAttr(indexHtml, boot)
    .replace(/<title>[^<]*<\/title>/, `<title>${boot.brand.name} — ${boot.brand.tagline}</title>`)
    .replace("</head>", `${bootScript(boot)}\n  </head>`);
}

async function sessionFor(c: Context<AppEnv>): Promise<Session | null> {
  if (!c.req.header("cookie")?.includes("session_token")) return null;
  const result = await c
    .get("deps")
    .auth.api.getSession({ headers: c.req.raw.headers })
    .catch(() => null);
  return result?.user ? { email: result.user.email } : null;
}

const originFor = (c: Context<AppEnv>) => publicOrigin(c.req.header("host"), c.get("deps").env, c.get("deps").appUrl);

/** True for page requests the admin route table redirects (not the API, not files, not /auth or /admin). */
function adminRedirects(path: string): boolean {
  if (path.startsWith("/api/") || path.startsWith("/assets/") || extname(path) !== "") return false;
  const kept = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return !(kept("/auth") || kept("/admin")) || path === "/admin";
}

export function publicApiRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  handle(r, landingApi.get, (c) => readLandingData(c.get("deps").database.db));
  return r;
}

/** Registers the admin-host redirect, robots.txt, sitemap.xml and the pre-rendered pages. Call before serveWeb. */
export function publicSite(app: Hono<AppEnv>, deps: AppDeps) {
  app.use("*", async (c, next) => {
    if (
      (c.req.method === "GET" || c.req.method === "HEAD") &&
      bootFor(c).domain === "admin" &&
      adminRedirects(c.req.path)
    ) {
      return c.redirect("/admin/dashboard", 302);
    }
    await next();
  });

  app.get("/robots.txt", (c) => {
    const origin = originFor(c);
    const body =
      bootFor(c).domain === "admin"
        ? "User-agent: *\nDisallow: /\n"
        : `User-agent: *\nAllow: /\n${DISALLOW.map((p) => `Disallow: ${p}`).join("\n")}\n\nSitemap: ${origin}/sitemap.xml\n`;
    return c.text(body, 200, { "cache-control": "public, max-age=3600" });
  });

  app.get("/sitemap.xml", (c) => {
    if (bootFor(c).domain === "admin") return c.text("Not found", 404);
    const origin = originFor(c);
    const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(xml, 200, {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    });
  });

  // The build's template is not a page of its own.
  app.get("/landing.html", (c) => c.redirect("/", 301));

  for (const path of PUBLIC_PATHS) {
    app.get(path, async (c, next) => {
      if (!isPublicPath(c.req.path)) return next();
      const db = deps.database.db;
      try {
        const [session, data, pricing] = await Promise.all([
          sessionFor(c),
          path === "/" ? readLandingData(db) : Promise.resolve(undefined),
          path === "/" || path === "/pricing" || path === "/unlimited"
            ? readPricing({ db, logger: deps.logger })
            : Promise.resolve(undefined),
        ]);
        const html = renderPublicPageCached({
          path,
          boot: bootFor(c),
          session,
          origin: originFor(c),
          data,
          pricing: pricing?.data,
          initialCards: data
            ? drawCards(
                data.demoCards.map((d) => d.id),
                DEMO_CARDS_SHOWN,
              )
            : undefined,
          year: (deps.now?.() ?? new Date()).getUTCFullYear(),
          webDist: deps.env.WEB_DIST,
        });
        // The funnel's first step (issue 17 §4): a signed-out visit to the landing page; not awaited.
        if (path === "/" && !session && c.req.method === "GET") void track({ db, name: "visit", userId: null });
        return c.html(html, 200, { "cache-control": "no-cache", vary: "Cookie, Host" });
      } catch (err) {
        // The app can still show the page client-side; it reports its own errors.
        deps.logger.error({ err, path }, "pre-rendering failed; serving the app shell");
        return next();
      }
    });
  }
}

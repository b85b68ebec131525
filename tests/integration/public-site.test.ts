/**
 * The public site over HTTP (issue 7): pre-rendered pages whose content is in the HTML itself,
 * their meta tags and canonical URLs, robots.txt and sitemap.xml, the brand per request host,
 * the admin host's route table, pricing from the database with the §9 fallback, and
 * GET /api/landing built from the official content.
 */
import { request } from "node:http";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CITATION_PATTERN } from "../../src/contract/content";
import { CHAT_DEMO_KINDS, type LandingData } from "../../src/contract/landing";
import { FEATURE_IDS } from "../../src/domain/plans";
import { loadContent } from "../../src/server/content/load";
import { client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const corpus = loadContent(resolve("content")).corpus;

beforeAll(async () => {
  server = await startTestServer({
    BRAND_HOSTS: "bar.test=bar,law.test=law",
    ADMIN_HOSTS: "admin.test",
    RATE_LIMIT_DISABLED: "true",
    WEB_DIST: "/nonexistent-web-dist",
    REFER_A_FRIEND_URL: "https://school.example/refer",
    VIDEO_CHANNEL_URL: "https://video.example/@school",
    SUPPORT_EMAIL: "help@school.example",
  });
});
afterAll(async () => {
  await server?.close();
});

/** GET with an explicit Host header (fetch does not allow setting one). */
function get(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(server.url);
  return new Promise((res, rej) => {
    const req = request({ host: u.hostname, port: u.port, path, method: "GET", headers: { host, ...headers } }, (r) => {
      let body = "";
      r.setEncoding("utf8");
      r.on("data", (d) => (body += d));
      r.on("end", () => res({ status: r.statusCode ?? 0, headers: r.headers, body }));
    });
    req.on("error", rej);
    req.end();
  });
}

const meta = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const boot = (html: string) =>
  JSON.parse(/<script id="lexmate-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
const islandProps = (html: string, name: string) =>
  JSON.parse(new RegExp(`<script type="application/json" data-island-props="${name}">(.*?)</script>`).exec(html)![1]);
/** The visible text of a page: scripts and React's text separators dropped, inline tags joined, block tags spaced. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<\/?(span|a|em|strong|i|b)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("pre-rendered landing page", () => {
  let html: string;
  beforeAll(async () => {
    const res = await client(server.url).fetch("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    html = await res.text();
  });

  it("has every §2.2 anchor, in order, in the HTML itself", () => {
    const ids = [
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
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("shows the copy without JavaScript: hero, CTAs, non-services, about, banner, trial copy, footer", () => {
    const t = text(html);
    expect(t).toContain("Study law with answers you can check.");
    expect(html).toMatch(/<a href="\/auth\?tab=signup"[^>]*>Start free today/);
    expect(t).toContain("Start with a 7-day free trial — full Unlimited access, no credit card required.");
    for (const n of ["Boring lectures", "Textbooks", "Workbooks", "Hornbooks", "Analytics", "Ugly people"])
      expect(t).toContain(n);
    expect(html).toMatch(/<a href="\/auth\?tab=signup"[^>]*>Get the Good Stuff/);
    expect(t).toContain("About Me");
    expect(t).toContain("Launching Soon - Stay tuned!");
    expect(t).toContain(`© ${new Date().getUTCFullYear()} Lexmate. All rights reserved.`);
    for (const href of ["/auth", "/auth?tab=signup", "/terms", "/privacy", "/disclaimer"])
      expect(html).toContain(`href="${href}"`);
    expect(t).not.toContain("Share the Love, Earn Rewards");
    expect(t).not.toContain("Start Chatting");
  });

  it("links the footer to the operator's refer-a-friend page and video channel, and boots the support address", () => {
    const footer = html.slice(html.indexOf('data-testid="site-footer"'));
    expect(footer).toMatch(/<a href="https:\/\/school.example\/refer"[^>]*>Refer a Friend<\/a>/);
    expect(footer).toMatch(/<a href="https:\/\/video.example\/@school"[^>]*>Video Channel<\/a>/);
    expect(boot(html).links).toEqual({
      referAFriendUrl: "https://school.example/refer",
      videoChannelUrl: "https://video.example/@school",
      supportEmail: "help@school.example",
    });
  });

  it("has title, description, canonical, Open Graph and Twitter tags", () => {
    expect(html).toContain("<title>Lexmate — The study companion for law school</title>");
    expect(meta(html, "name", "description")).toMatch(/^Lexmate is the study companion for law students/);
    expect(canonical(html)).toBe(`${server.url}/`);
    expect(meta(html, "property", "og:url")).toBe(`${server.url}/`);
    expect(meta(html, "property", "og:title")).toBe("Lexmate — The study companion for law school");
    expect(meta(html, "property", "og:image")).toBe(`${server.url}/og/lexmate.jpg`);
    expect(meta(html, "property", "og:site_name")).toBe("Lexmate");
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(boot(html)).toMatchObject({ domain: "law", brand: { name: "Lexmate" } });
  });

  it("renders the pricing grid with the §3 feature ids and prices from the database", () => {
    for (const id of FEATURE_IDS) expect(html).toContain(`data-feature-id="${id}"`);
    expect(html).toMatch(/data-testid="price-unlimited">\$10</);
    expect(html).toMatch(/<a href="\/auth\?tab=signup"[^>]*>Start For Free/);
  });

  it("shows 5 of the 8 demo cards, drawn at random per request", async () => {
    const props = islandProps(html, "flashcards");
    expect(props.cards).toHaveLength(8);
    expect(props.initial).toHaveLength(5);
    expect(new Set(props.initial).size).toBe(5);
    expect(html).toContain(`data-card-id="${props.initial[0]}"`);
    // Later requests reuse the cached page with a fresh draw spliced in: markup and props agree.
    const draws = new Set<string>([props.initial.join()]);
    for (let i = 0; i < 8; i++) {
      const page = await (await client(server.url).fetch("/")).text();
      const p = islandProps(page, "flashcards");
      expect(page).toContain(`data-card-id="${p.initial[0]}"`);
      expect(page).toContain(`data-deck="${p.initial.join(" ")}"`);
      expect(page.match(/data-island="flashcards"/g)).toHaveLength(1);
      expect(text(page)).toContain("Study law with answers you can check.");
      draws.add(p.initial.join());
    }
    expect(draws.size).toBeGreaterThan(1);
  });

  it("shows the four chat demo examples with their sources", () => {
    for (const kind of CHAT_DEMO_KINDS) expect(html).toContain(`data-kind="${kind}"`);
    expect(text(html)).toContain("Palsgraf v. Long Island Railroad Co., 248 N.Y. 339 (1928)");
  });
});

describe("signed-in visitors", () => {
  it("get 'Start Chatting', the Share the Love section, the account menu data and the footer's Chat and Settings", async () => {
    const email = `landing-${Date.now()}@example.com`;
    const c = await signedInUser(server, email);
    const html = await (await c.fetch("/")).text();
    const t = text(html);
    expect(html).toMatch(/<a href="\/chat"[^>]*>Start Chatting/);
    expect(t).not.toContain("Start free today");
    expect(t).toContain("Share the Love, Earn Rewards");
    expect(html).toMatch(/<a href="\/settings"[^>]*>Open Settings/);
    expect(html).toMatch(/<a href="\/chat"[^>]*>Get the Good Stuff/);
    expect(html).toMatch(/<a href="\/chat"[^>]*>Start For Free/);
    expect(islandProps(html, "header")).toEqual({ session: { email }, path: "/" });
    const footer = html.slice(html.indexOf('data-testid="site-footer"'));
    expect(footer).toContain('href="/chat"');
    expect(footer).toContain('href="/settings"');
    // A signed-in page is never served to the next, signed-out visitor.
    const anonymous = text(await (await client(server.url).fetch("/")).text());
    expect(anonymous).toContain("Start free today");
    expect(anonymous).not.toContain(email);
  });
});

describe("the other pre-rendered pages", () => {
  it.each([
    ["/pricing", "Pricing — Lexmate", "Study for free. Go Unlimited when it clicks."],
    ["/unlimited", "Unlimited — Lexmate", "Everything, with no monthly limit."],
    ["/terms", "Terms of Service — Lexmate", "These terms govern your use of Lexmate"],
    ["/privacy", "Privacy Policy — Lexmate", "This policy explains what Lexmate collects"],
    ["/disclaimer", "Disclaimer — Lexmate", "Lexmate is a study aid, not legal advice."],
  ])("%s has its title, canonical URL and content", async (path, title, content) => {
    const res = await client(server.url).fetch(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(canonical(html)).toBe(`${server.url}${path}`);
    expect(meta(html, "property", "og:url")).toBe(`${server.url}${path}`);
    expect(meta(html, "name", "description")!.length).toBeGreaterThan(40);
    expect(text(html)).toContain(content);
    expect(islandProps(html, "header")).toEqual({ session: null, path });
  });

  it("/pricing has the feature matrix and the trial copy", async () => {
    const html = await (await client(server.url).fetch("/pricing")).text();
    for (const id of FEATURE_IDS) expect(html).toContain(`data-feature-id="${id}"`);
    expect(text(html)).toContain("Start with a 7-day free trial — full Unlimited access, no credit card required.");
  });
});

describe("pricing (SPEC.md §3, §7 get-pricing, §9 fallback)", () => {
  it("reads prices from the database, and falls back to $10 when there are none", async () => {
    await server.database.exec(
      "UPDATE pricing SET display_price_cents = 1200, formatted_price = '$12' WHERE id = 'unlimited-month'",
    );
    try {
      const api = await client(server.url).json<{
        success: boolean;
        source: string;
        data: { tier_name: string; formatted_price: string }[];
      }>("/api/pricing");
      expect(api.body.source).toBe("database");
      expect(api.body.data.find((p) => p.tier_name === "Unlimited")?.formatted_price).toBe("$12");
      expect(await (await client(server.url).fetch("/pricing")).text()).toMatch(/data-testid="price-unlimited">\$12</);

      await server.database.exec("DELETE FROM pricing");
      const fallback = await client(server.url).json<{
        success: boolean;
        source: string;
        data: { tier_name: string; display_price_cents: number }[];
      }>("/api/pricing");
      expect(fallback.body).toMatchObject({ success: true, source: "fallback" });
      expect(fallback.body.data.filter((p) => p.display_price_cents === 1000).map((p) => p.tier_name)).toEqual([
        "Premium",
        "Unlimited",
      ]);
      expect(await (await client(server.url).fetch("/")).text()).toMatch(/data-testid="price-unlimited">\$10</);
    } finally {
      await server.database.exec("DELETE FROM pricing");
      await server.database.exec(
        "INSERT INTO pricing (id, tier_name, interval_type, display_price_cents, display_currency, formatted_price, sort_order) VALUES ('free-month','Free','month',0,'USD','$0',0), ('unlimited-month','Unlimited','month',1000,'USD','$10',1)",
      );
    }
  });
});

describe("brand per host (BRAND_HOSTS)", () => {
  it("serves Lexmate Bar on its host, in the HTML and the boot data, with the host's canonical URL", async () => {
    const r = await get("/", "bar.test");
    expect(r.status).toBe(200);
    expect(r.body).toContain('<html lang="en" data-brand="bar"');
    expect(r.body).toContain("<title>Lexmate Bar — The study companion for the bar exam</title>");
    expect(text(r.body)).toContain("Prepare for the bar with answers you can check.");
    expect(r.body).toContain('id="why-lexmate-bar"');
    expect(boot(r.body)).toMatchObject({
      domain: "bar",
      brand: { id: "bar", name: "Lexmate Bar", emphasis: "Built for bar prep" },
    });
    expect(canonical(r.body)).toBe("http://bar.test/");
    expect(meta(r.body, "property", "og:image")).toBe("http://bar.test/og/lexmate-bar.jpg");
  });
  it("serves Lexmate on a law host and on unknown hosts, whose Host header is not trusted for URLs", async () => {
    const law = await get("/terms", "law.test");
    expect(law.body).toContain("<title>Terms of Service — Lexmate</title>");
    expect(canonical(law.body)).toBe("http://law.test/terms");
    const other = await get("/", "evil.example");
    expect(boot(other.body).domain).toBe("law");
    expect(canonical(other.body)).toBe(`${server.url}/`);
  });
});

describe("admin host (ADMIN_HOSTS, SPEC.md §2.5)", () => {
  it.each(["/", "/pricing", "/chat", "/settings/account", "/admin", "/login"])(
    "%s redirects to /admin/dashboard",
    async (path) => {
      const r = await get(path, "admin.test");
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe("/admin/dashboard");
    },
  );
  it.each(["/auth", "/auth/callback", "/admin/dashboard", "/admin/users", "/api/health"])(
    "%s is served as it is",
    async (path) => {
      const r = await get(path, "admin.test");
      expect(r.status).not.toBe(302);
    },
  );
  it("keeps search engines out", async () => {
    expect((await get("/robots.txt", "admin.test")).body).toBe("User-agent: *\nDisallow: /\n");
    expect((await get("/sitemap.xml", "admin.test")).status).toBe(404);
  });
  it("does not redirect the same paths on a brand host", async () => {
    expect((await get("/", "bar.test")).status).toBe(200);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows the public pages, keeps crawlers out of the app and names the sitemap", async () => {
    const r = await get("/robots.txt", "bar.test");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toContain("text/plain");
    expect(r.body).toContain("User-agent: *\nAllow: /\n");
    expect(r.body).toContain("Disallow: /api/");
    expect(r.body).toContain("Disallow: /settings");
    expect(r.body).toContain("Sitemap: http://bar.test/sitemap.xml");
  });
  it("sitemap.xml lists the pre-rendered pages on the request's host", async () => {
    const r = await get("/sitemap.xml", "bar.test");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toContain("application/xml");
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ["/", "/pricing", "/unlimited", "/terms", "/privacy", "/disclaimer"].map((p) => `http://bar.test${p}`),
    );
  });
});

describe("GET /api/landing", () => {
  let data: LandingData;
  beforeAll(async () => {
    const r = await client(server.url).json<LandingData>("/api/landing");
    expect(r.status).toBe(200);
    data = r.body;
  });
  it("returns the 8 demo cards of content/demo-flashcards.yaml", () => {
    expect(data.demoCards.map((c) => c.id)).toEqual(corpus.demoFlashcards.map((c) => c.id));
    expect(data.demoCards.every((c) => c.subject && c.question && c.answer)).toBe(true);
  });
  it("returns the four chat demos, built word for word from the content, with checkable citations", () => {
    expect(data.chatDemos.map((d) => d.kind)).toEqual([...CHAT_DEMO_KINDS]);
    const perSe = corpus.topics.find((t) => t.id === "torts-negligence-per-se")!;
    const concept = data.chatDemos[0];
    expect(concept.answer[0]).toBe(perSe.rule);
    expect(concept.points).toEqual(perSe.elements);
    const palsgraf = corpus.briefs.find((b) => b.id === "palsgraf-v-long-island-railroad-co")!;
    expect(data.chatDemos[2].answer).toContain(`Holding: ${palsgraf.holding}`);
    for (const d of data.chatDemos) {
      expect(d.citations.length).toBeGreaterThan(0);
      for (const c of d.citations.filter((x) => x.kind === "brief")) {
        const brief = corpus.briefs.find((b) => c.url === `/cases/${b.id}`)!;
        expect(brief, c.title).toBeDefined();
        expect(c.cite).toBe(`${brief.citation} (${brief.year})`);
        expect(brief.citation).toMatch(CITATION_PATTERN);
      }
    }
  });
  it("counts the proof from the official content", () => {
    expect(data.proof.counts).toEqual({
      subjects: corpus.subjects.length,
      topics: corpus.topics.length,
      briefs: corpus.briefs.length,
      cards: corpus.decks.reduce((n, d) => n + d.cards.length, 0),
      questions: corpus.questionSets.reduce((n, s) => n + s.questions.length, 0),
    });
    expect(data.proof.briefs.length).toBeGreaterThanOrEqual(3);
    expect(data.proof.question?.choices).toHaveLength(4);
  });
});

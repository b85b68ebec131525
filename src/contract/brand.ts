/**
 * Brand variants and the domain flag (SPEC.md §1 "a domain flag has three possible values: two
 * brand variants and admin"; DESIGN.md §1). The server picks the flag from the request's host
 * (`BRAND_HOSTS`, `ADMIN_HOSTS`) and injects it into every HTML page it serves as boot data, so
 * the pre-rendered HTML and the single-page app show the same brand.
 */

export type BrandId = "law" | "bar";
/** `law` and `bar` are the brand variants; `admin` serves the administrator route table (SPEC.md §2.5). */
export type DomainFlag = BrandId | "admin";

export interface Brand {
  id: BrandId;
  /** Product name shown in the header, titles and copy. */
  name: string;
  /** URL-safe name: the landing page's `why-{slug}` anchor (SPEC.md §2.2). */
  slug: string;
  /** One line under the name (footer, Open Graph). */
  tagline: string;
  /** Who the variant is for, in a phrase ("law students"). */
  audience: string;
  /** What the variant puts first ("law school" or "bar prep"); shown as the hero's eyebrow. */
  emphasis: string;
  heroTitle: string;
  heroText: string;
  /** Meta description of the home page. */
  description: string;
}

export const BRANDS: Record<BrandId, Brand> = {
  law: {
    id: "law",
    name: "Lexmate",
    slug: "lexmate",
    tagline: "The study companion for law school",
    audience: "law students",
    emphasis: "Built for law school",
    heroTitle: "Study law with answers you can check.",
    heroText:
      "Case briefs, class notes, outlines and flashcards in one place, with an AI companion that cites the rule or case behind every answer — from your first cold call to finals.",
    description:
      "Lexmate is the study companion for law students: AI answers that cite their sources, case briefs, notes, outlines, and flashcards with spaced repetition.",
  },
  bar: {
    id: "bar",
    name: "Lexmate Bar",
    slug: "lexmate-bar",
    tagline: "The study companion for the bar exam",
    audience: "bar-exam takers",
    emphasis: "Built for bar prep",
    heroTitle: "Prepare for the bar with answers you can check.",
    heroText:
      "Rule statements, MBE-style practice questions and spaced-repetition flashcards for the MBE subjects, Business Associations and Professional Responsibility, with an AI companion that cites the rule behind every answer.",
    description:
      "Lexmate Bar is the study companion for bar-exam takers: cited AI answers, MBE-style practice questions, rule statements, and flashcards with spaced repetition.",
  },
};

export const DEFAULT_BRAND_ID: BrandId = "law";

/**
 * The operator's external addresses (README configuration: REFER_A_FRIEND_URL,
 * VIDEO_CHANNEL_URL, SUPPORT_EMAIL). Null when not configured: the page then leaves that
 * link out rather than point at an address that does not exist.
 */
export interface SiteLinks {
  referAFriendUrl: string | null;
  videoChannelUrl: string | null;
  supportEmail: string | null;
}

export const NO_SITE_LINKS: SiteLinks = { referAFriendUrl: null, videoChannelUrl: null, supportEmail: null };

/** What the server injects into every HTML page as `<script id="lexmate-boot" type="application/json">`. */
export interface BootData {
  domain: DomainFlag;
  brand: Brand;
  links: SiteLinks;
}

export const BOOT_ELEMENT_ID = "lexmate-boot";

/** The brand a domain flag shows: the admin host keeps the default brand's name. */
export const brandFor = (domain: DomainFlag): Brand => BRANDS[domain === "admin" ? DEFAULT_BRAND_ID : domain];

/** Serializes JSON for a `<script type="application/json">` element: `<` is escaped so no `</script>` can end it early. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

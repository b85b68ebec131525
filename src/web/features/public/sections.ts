/**
 * The landing page's sections, in page order, and the header navigation (SPEC.md §2.2):
 * anchors top, problem, caselaw, notes, outlines, study, chat, courses, non-services, payoff,
 * pricing, about-section, why-{product}, proof. Each header item is highlighted while one of
 * the sections it covers is the active one.
 */
export const FEATURE_SECTION_IDS = ["caselaw", "notes", "outlines", "study", "chat", "courses"] as const;

export const sectionIds = (slug: string): string[] => [
  "top",
  "problem",
  ...FEATURE_SECTION_IDS,
  "non-services",
  "payoff",
  "pricing",
  "about-section",
  `why-${slug}`,
  "proof",
];

/** Features dropdown: label → route (SPEC.md §2.2 "Section links go to /cases, /notes, …"). */
export const FEATURE_LINKS = [
  { label: "Case Briefs", to: "/cases", section: "caselaw" },
  { label: "Notes", to: "/notes", section: "notes" },
  { label: "Outlines", to: "/outlines", section: "outlines" },
  { label: "Study", to: "/flashcards", section: "study" },
  { label: "Chat", to: "/chat", section: "chat" },
  { label: "Courses", to: "/courses", section: "courses" },
] as const;

export interface NavItem {
  label: string;
  /** The anchor the item scrolls to. */
  id: string;
  /** Sections during which the item is highlighted. */
  covers: (slug: string) => string[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Home", id: "top", covers: () => ["top", "problem"] },
  { label: "Non-Services", id: "non-services", covers: () => ["non-services", "payoff"] },
  { label: "Pricing", id: "pricing", covers: () => ["pricing"] },
  { label: "About", id: "about-section", covers: (slug) => ["about-section", `why-${slug}`, "proof"] },
];

/** `#id` on the home page; `/#id` anywhere else (SPEC.md §2.2 "navigates to /#section when not on the home page"). */
export const sectionHref = (path: string, id: string) => (path === "/" ? `#${id}` : `/#${id}`);

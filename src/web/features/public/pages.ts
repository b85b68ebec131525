/**
 * The pre-rendered public pages (issue 7 §8) and their titles and descriptions, used by the
 * server for <title>, meta description and Open Graph, and by the app for document.title.
 */
import type { Brand } from "../../../contract/brand";
import { FREE_MONTHLY_MESSAGES, TRIAL_DAYS } from "../../../domain/plans";

export const PUBLIC_PATHS = ["/", "/pricing", "/unlimited", "/terms", "/privacy", "/disclaimer"] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

export const isPublicPath = (p: string): p is PublicPath => (PUBLIC_PATHS as readonly string[]).includes(p);

export function pageMeta(path: PublicPath, brand: Brand): { title: string; description: string } {
  switch (path) {
    case "/":
      return { title: `${brand.name} — ${brand.tagline}`, description: brand.description };
    case "/pricing":
      return {
        title: `Pricing — ${brand.name}`,
        description: `Free: ${FREE_MONTHLY_MESSAGES} AI chat messages a month and the case briefs. Unlimited: every study tool with no monthly limit. Start with a ${TRIAL_DAYS}-day free trial, no credit card required.`,
      };
    case "/unlimited":
      return {
        title: `Unlimited — ${brand.name}`,
        description: `Unlimited cited answers, notes, outlines, flashcards with spaced repetition, the practice question bank and video courses. ${TRIAL_DAYS}-day free trial, no credit card required.`,
      };
    case "/terms":
      return {
        title: `Terms of Service — ${brand.name}`,
        description: `The terms for using ${brand.name}, a study platform for ${brand.audience}: accounts, plans and trials, your content, acceptable use.`,
      };
    case "/privacy":
      return {
        title: `Privacy Policy — ${brand.name}`,
        description: `What ${brand.name} collects, why, how long it is kept, and what you can do about it.`,
      };
    case "/disclaimer":
      return {
        title: `Disclaimer — ${brand.name}`,
        description: `${brand.name} is a study aid, not legal advice. What its answers, briefs and practice questions are and are not.`,
      };
  }
}

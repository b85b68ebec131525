/**
 * What the landing page shows from the official content (SPEC.md §2.2): the 8 demo flashcards,
 * the four chat demo examples and the checkable 'proof'. The server renders it into the
 * pre-rendered HTML and returns the same object from `GET /api/landing` for client-side visits.
 * Every text here comes from `content/`; nothing is invented for marketing.
 */
import type { Difficulty } from "./content";

/** SPEC.md §3 Demo flashcard. */
export interface DemoCard {
  id: string;
  question: string;
  answer: string;
  subject: string;
  difficulty: Difficulty;
  isPremium: boolean;
  tags: string[];
}

export interface Citation {
  kind: "topic" | "brief" | "provision";
  /** Case name, topic title or provision ("FRE 801(c)"). */
  title: string;
  /** Reporter citation and year for a brief ("248 N.Y. 339 (1928)"), else null. */
  cite: string | null;
  /** Where the source opens in the app, or null for a provision. */
  url: string | null;
}

/** The four chat demo examples of SPEC.md §2.2, in this order. */
export const CHAT_DEMO_KINDS = [
  "concept-clarification",
  "legal-distinctions",
  "case-analysis",
  "rapid-topic-summaries",
] as const;
export type ChatDemoKind = (typeof CHAT_DEMO_KINDS)[number];

export interface ChatDemo {
  kind: ChatDemoKind;
  /** "Concept clarification", … */
  label: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
  /** Optional list after the paragraphs (elements, positions). */
  points: string[];
  citations: Citation[];
}

export interface ProofBrief {
  id: string;
  name: string;
  citation: string;
  court: string;
  year: number;
  holding: string;
}

export interface ProofQuestion {
  id: string;
  subject: string;
  topic: string;
  stem: string;
  call: string;
  choices: { key: string; text: string }[];
  answer: string;
  explanation: string;
}

export interface ProofData {
  /** Counted from the official content at request time (not typed in by hand). */
  counts: { subjects: number; topics: number; briefs: number; cards: number; questions: number };
  briefs: ProofBrief[];
  question: ProofQuestion | null;
}

export interface LandingData {
  /** All 8 demo cards (the page shows 5 of them, chosen at random). */
  demoCards: DemoCard[];
  chatDemos: ChatDemo[];
  proof: ProofData;
}

/** SPEC.md §9: 8 demo flashcards, 5 shown by default. */
export const DEMO_CARDS_SHOWN = 5;

/**
 * Case law's wire shapes, shared by server and web: a search hit (DESIGN.md §5
 * `GET /api/case-law/search`), a CourtListener live result, and a case a note or collection
 * points at, resolved to title, citation and in-app URL; and the case-law routes (issue 5 §1–§3,
 * decision 047). Every route needs a signed-in user; opinions are the shared library plus the
 * user's own uploads (another user's upload answers 404).
 */
import { z } from "zod";
import { SUBJECT_IDS } from "./content";
import { instant } from "./instant";
import { defineRoute } from "./route";

/** What every case shows in lists and headings: its name, reporter citation, court, year and subject. */
export interface CaseHeading {
  id: string;
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  subjectId: string | null;
}

/** One ranked opinion. `snippet` is HTML-escaped text with the matched words in `<mark>…</mark>`. */
export interface SearchHit extends CaseHeading {
  snippet: string;
  /** Relevance in [0, 1). */
  score: number;
  /** True when the opinion is the user's own upload rather than the shared library. */
  mine: boolean;
}

/** One CourtListener v4 search result; `importedId` is set once the opinion is in our library. */
export interface LiveHit {
  clusterId: number;
  name: string;
  citation: string | null;
  court: string | null;
  date: string | null;
  /** Escaped text; CourtListener's <mark> highlights kept. */
  snippet: string;
  url: string;
  importedId: string | null;
}

export const CASE_KINDS = ["opinion", "brief", "student_brief"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** A case as a link or collection item shows it. */
export const caseTarget = z.object({
  kind: z.enum(CASE_KINDS),
  id: z.string(),
  title: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().int().nullable(),
  url: z.string().describe("in-app path"),
});
export type CaseTarget = z.output<typeof caseTarget>;

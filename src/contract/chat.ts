/**
 * The companion's wire shapes, shared by server and web (DESIGN.md §5).
 * A citation is a source the answer was composed from; `n` is the number the answer's
 * inline `[n]` markers refer to, `url` is the in-app page that opens it.
 */
import { z } from "zod";

export const CITATION_KINDS = ["topic", "brief", "provision", "opinion", "rule", "note", "user_brief"] as const;
export type CitationKind = (typeof CITATION_KINDS)[number];

export const citationSchema = z.object({
  n: z.number().int().positive(),
  id: z.string(),
  kind: z.enum(CITATION_KINDS),
  title: z.string(),
  cite: z.string(),
  url: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  declined: z.boolean(),
  citations: z.array(citationSchema),
  /** Case names the answer mentions that are not among its sources (LLM answers only). */
  unverified: z.array(z.string()),
  /** "complete" for a finished answer; "error" when the provider failed mid-answer (never shown as complete). */
  status: z.enum(["complete", "error"]),
  /** Why an answer has status "error": an LLM_* code, or "STOPPED" when the student stopped it. */
  errorCode: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Case-brief API client (contract: src/contract/briefs.ts; server: src/server/features/briefs/briefs.routes.ts). */
import type { briefsApi as contract } from "../../../contract/briefs";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export const SECTIONS = [
  ["facts", "Facts", "Who did what to whom — only the facts the court relied on."],
  ["proceduralHistory", "Procedural history", "How the case reached this court and who won below."],
  ["issue", "Issue", "The legal question, phrased so it can be answered yes or no."],
  ["rule", "Rule", "The rule of law the court applied."],
  ["holding", "Holding", "The answer to the issue on these facts."],
  ["reasoning", "Reasoning", "Why the court decided as it did."],
  ["separateOpinions", "Concurrences and dissents", "Who wrote separately, and the point worth remembering."],
  ["takeaways", "Takeaways", "What to remember for class and the exam."],
] as const;
export type SectionKey = (typeof SECTIONS)[number][0];

export type StudentBrief = ResponseOf<typeof contract.get>["brief"];
export type BriefDraft = Pick<
  StudentBrief,
  "opinionId" | "name" | "citation" | "court" | "year" | "subjectId" | "sections"
> & { topicIds?: string[] };
export type CaseBriefRow = ResponseOf<typeof contract.list>["briefs"][number];

export const briefsApi = {
  list: (p: { subject?: string; topic?: string; q?: string; mine?: string }) => {
    const qs = new URLSearchParams(Object.entries(p).filter(([, v]) => v) as [string, string][]);
    return api<{ briefs: CaseBriefRow[] }>(`/api/case-briefs?${qs}`).then((r) => r.briefs);
  },
  get: (id: string) => api<{ brief: StudentBrief }>(`/api/student-briefs/${id}`).then((r) => r.brief),
  create: (b: BriefDraft) => api<{ brief: StudentBrief }>("/api/student-briefs", { body: b }).then((r) => r.brief),
  save: (id: string, b: Partial<BriefDraft> & { version: number }) =>
    api<{ brief: StudentBrief }>(`/api/student-briefs/${id}`, { method: "PATCH", body: b }).then((r) => r.brief),
  remove: (id: string) => api(`/api/student-briefs/${id}`, { method: "DELETE" }),
  draft: (opinionId: string, method: "extract" | "llm") =>
    api<ResponseOf<typeof contract.draft>>("/api/student-briefs/draft", {
      body: { opinionId, method },
      timeoutMs: 60_000,
    }),
  official: (id: string) =>
    api<{
      brief: Record<string, unknown> & {
        id: string;
        name: string;
        citation: string;
        court: string;
        year: number;
        subjectId: string;
        topics: { id: string; title: string }[];
        takeaways: string[];
      };
    }>(`/api/briefs/${id}`).then((r) => r.brief),
};

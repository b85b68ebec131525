/**
 * `GET /api/landing` (SPEC.md §2.2): the landing page's content for client-side visits. The plain
 * types stay in ./landing.ts, which the web imports at runtime (no zod there); these schemas
 * describe the same shapes (checked at compile time below).
 */
import { z } from "zod";
import { DIFFICULTIES } from "./content";
import { CHAT_DEMO_KINDS, type LandingData } from "./landing";
import { defineRoute } from "./route";

const demoCardSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  subject: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  isPremium: z.boolean(),
  tags: z.array(z.string()),
});

const landingCitationSchema = z.object({
  kind: z.enum(["topic", "brief", "provision"]),
  title: z.string(),
  cite: z.string().nullable(),
  url: z.string().nullable(),
});

const chatDemoSchema = z.object({
  kind: z.enum(CHAT_DEMO_KINDS),
  label: z.string(),
  question: z.string(),
  answer: z.array(z.string()),
  points: z.array(z.string()),
  citations: z.array(landingCitationSchema),
});

const proofSchema = z.object({
  counts: z.object({
    subjects: z.number().int(),
    topics: z.number().int(),
    briefs: z.number().int(),
    cards: z.number().int(),
    questions: z.number().int(),
  }),
  briefs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      citation: z.string(),
      court: z.string(),
      year: z.number().int(),
      holding: z.string(),
    }),
  ),
  question: z
    .object({
      id: z.string(),
      subject: z.string(),
      topic: z.string(),
      stem: z.string(),
      call: z.string(),
      choices: z.array(z.object({ key: z.string(), text: z.string() })),
      answer: z.string(),
      explanation: z.string(),
    })
    .nullable(),
});

export const landingDataSchema = z.object({
  demoCards: z.array(demoCardSchema).describe("all 8 demo cards; the page shows 5, chosen at random"),
  chatDemos: z.array(chatDemoSchema),
  proof: proofSchema,
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _sameLanding: Same<z.infer<typeof landingDataSchema>, LandingData> = true;
void _sameLanding;

export const landingApi = {
  get: defineRoute({
    method: "get",
    path: "/api/landing",
    summary:
      "The landing page's content: the 8 demo flashcards, the four chat demo examples (answers and citations from the official content), and the proof counts, briefs and sample question.",
    tags: ["content"],
    auth: "public",
    responses: { 200: landingDataSchema },
  }),
};

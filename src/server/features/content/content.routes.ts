/**
 * Read-only official content (issue 3 §8), declared in src/contract/content.ts (`contentApi`);
 * the queries are in content.service.ts. Everything is public except the practice questions
 * (signed in, `question_bank` feature); a premium deck's cards need `flashcards`.
 *   GET /api/subjects                    [{id,name,shortName,description,counts}]
 *   GET /api/subjects/:id                subject + topics + briefs
 *   GET /api/topics/:id                  full doctrine + its cases and related topics (titles resolved)
 *   GET /api/briefs?subject=&topic=&q=   official briefs, by name
 *   GET /api/briefs/:id                  one official brief
 *   GET /api/decks?subject=              official decks with card counts
 *   GET /api/decks/:id                   deck + cards
 *   GET /api/questions?subject=&topic=   practice questions
 *   GET /api/templates                   official note templates (sanitized HTML)
 *   GET /api/demo-flashcards             the 8 landing-page demo cards
 *   GET /api/provisions                  every governing provision our topics cite, by body of law
 *   GET /api/provisions/:id              one provision (e.g. fre-803) with the topics under each sub-provision
 */
import { Hono } from "hono";
import { contentApi } from "../../../contract/content";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle } from "../../lib/route";
import {
  getBrief,
  getOfficialDeck,
  getProvision,
  getSubject,
  getTopic,
  listBriefs,
  listDemoFlashcards,
  listOfficialDecks,
  listProvisions,
  listQuestions,
  listSubjects,
  listTemplates,
} from "./content.service";

export function contentRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, contentApi.subjects, async (c) => ({ subjects: await listSubjects({ db: db(c) }) }));
  handle(r, contentApi.subject, async (c, { params }) => getSubject({ db: db(c), id: params.id }));
  handle(r, contentApi.topic, async (c, { params }) => getTopic({ db: db(c), id: params.id }));
  handle(r, contentApi.briefs, async (c, { query }) => ({ briefs: await listBriefs({ db: db(c), filter: query }) }));
  handle(r, contentApi.brief, async (c, { params }) => ({ brief: await getBrief({ db: db(c), id: params.id }) }));
  handle(r, contentApi.decks, async (c, { query }) => ({
    decks: await listOfficialDecks({ db: db(c), filter: query }),
  }));
  handle(r, contentApi.deck, async (c, { user, params }) =>
    getOfficialDeck({ db: db(c), id: params.id, userId: user?.id ?? null, now: nowOf(c) }),
  );
  handle(
    r,
    contentApi.questions,
    async (c, { query }) => ({ questions: await listQuestions({ db: db(c), filter: query }) }),
    { feature: "question_bank" },
  );
  handle(r, contentApi.templates, async (c) => ({ templates: await listTemplates({ db: db(c) }) }));
  handle(r, contentApi.demoFlashcards, async (c) => ({ cards: await listDemoFlashcards({ db: db(c) }) }));
  handle(r, contentApi.provisions, async (c) => ({ families: await listProvisions({ db: db(c) }) }));
  handle(r, contentApi.provision, async (c, { params }) => getProvision({ db: db(c), id: params.id }));

  return r;
}

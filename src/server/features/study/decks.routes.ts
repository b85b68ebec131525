/**
 * Deck and card routes (issue 6 §1, §5):
 *   POST   /api/study/decks {title,description?,subjectId?,topicId?}      create an own deck
 *   GET    /api/study/decks/:id                                          deck + cards with their schedule
 *   PATCH  /api/study/decks/:id · DELETE /api/study/decks/:id            own decks only
 *   POST   /api/study/decks/:id/cards {question,answer,subjectId?,topicId?,difficulty?,tags?}
 *   POST   /api/study/decks/:id/cards/bulk {cards:[…], source?}          all or nothing (≤ 2,000)
 *   POST   /api/study/decks/:id/import {text, delimiter?}                 CSV/TSV, all or nothing
 *   GET    /api/study/decks/:id/export?format=csv|tsv&anki=1              file download
 *   PATCH  /api/study/cards/:id (deckId moves it) · DELETE /api/study/cards/:id
 */
import { Hono } from "hono";
import { z } from "zod";
import { DIFFICULTIES, SUBJECT_IDS } from "../../../contract/content";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf, parseBody, parseQuery, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import {
  addCards,
  createDeck,
  deleteCard,
  deleteDeck,
  exportDeck,
  getDeck,
  importCards,
  updateCard,
  updateDeck,
} from "./decks.service";

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
export const deckBody = z.object({
  title: text(200),
  description: z.string().trim().max(2000).optional(),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicId: z.string().max(120).nullable().optional(),
});
export const cardBody = z.object({
  question: text(10_000),
  answer: text(10_000),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicId: z.string().max(120).nullable().optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  tags: z.array(text(60)).max(20).optional(),
});
/** An edit of an own card; `deckId` moves it (an empty id is refused, never a move to nowhere). */
const cardPatch = cardBody.partial().extend({ deckId: z.string().min(1, "must not be empty").max(200).optional() });
const bulkBody = z.object({
  cards: z.array(cardBody).min(1).max(2000),
  source: z.enum(["manual", "generated"]).default("manual"),
});
const importBody = z.object({
  text: z.string().min(1, "the file is empty").max(5_000_000),
  delimiter: z.enum(["auto", ",", "\t", ";"]).default("auto"),
});
/**
 * Request bodies are read whole: the default 1 MB (decision 042) except on the three routes whose
 * valid requests can be larger. 20 MB holds the largest of them (an import of 5,000,000
 * characters, JSON-escaped and UTF-8 encoded) with room to spare.
 */
export const STUDY_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
const importLimit = bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Split the file and import it in parts." });
const bulkLimit = bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Save the cards in smaller batches." });
const exportQuery = z.object({ format: z.enum(["csv", "tsv"]).default("csv"), anki: z.enum(["0", "1"]).optional() });

export function deckRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  documentRoute({
    method: "post",
    path: "/api/study/decks",
    summary: "Create an own deck.",
    tags: ["study"],
    auth: true,
    body: deckBody,
    responses: { 201: { description: "{deck}" } },
  });
  r.post("/study/decks", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, deckBody);
    return c.json({ deck: await createDeck(db(c), user.id, body) }, 201);
  });

  documentRoute({
    method: "get",
    path: "/api/study/decks/:id",
    summary:
      "A deck (own or official) with its cards and each card's schedule; premium decks are `locked` with no cards for Free users.",
    tags: ["study"],
    auth: true,
    responses: { 200: { description: "{deck,cards}" }, 404: { description: "no such deck (or another user's)" } },
  });
  r.get("/study/decks/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await getDeck({ db: db(c), userId: user.id, deckId: c.req.param("id"), now: nowOf(c) }));
  });

  documentRoute({
    method: "patch",
    path: "/api/study/decks/:id",
    summary: "Rename or re-describe an own deck.",
    tags: ["study"],
    auth: true,
    body: deckBody.partial(),
    responses: { 200: { description: "{deck}" }, 404: { description: "not an own deck" } },
  });
  r.patch("/study/decks/:id", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, deckBody.partial());
    return c.json({ deck: await updateDeck(db(c), user.id, c.req.param("id"), body) });
  });

  documentRoute({
    method: "delete",
    path: "/api/study/decks/:id",
    summary: "Delete an own deck and its cards.",
    tags: ["study"],
    auth: true,
    responses: { 204: { description: "deleted" }, 404: { description: "not an own deck" } },
  });
  r.delete("/study/decks/:id", async (c) => {
    const user = requireUser(c);
    await deleteDeck(db(c), user.id, c.req.param("id"));
    return c.body(null, 204);
  });

  documentRoute({
    method: "post",
    path: "/api/study/decks/:id/cards",
    summary: "Add a card to an own deck (records flashcard_created).",
    tags: ["study"],
    auth: true,
    body: cardBody,
    responses: { 201: { description: "{id}" }, 404: { description: "not an own deck" } },
  });
  r.post("/study/decks/:id/cards", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, cardBody);
    const [id] = await addCards({
      db: db(c),
      userId: user.id,
      deckId: c.req.param("id"),
      cards: [body],
      source: "manual",
    });
    return c.json({ id }, 201);
  });

  documentRoute({
    method: "post",
    path: "/api/study/decks/:id/cards/bulk",
    summary: "Add up to 2,000 cards at once (e.g. reviewed drafts); all or nothing.",
    tags: ["study"],
    auth: true,
    body: bulkBody,
    responses: { 201: { description: "{ids}" } },
  });
  r.post("/study/decks/:id/cards/bulk", bulkLimit, async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, bulkBody);
    return c.json(
      {
        ids: await addCards({
          db: db(c),
          userId: user.id,
          deckId: c.req.param("id"),
          cards: body.cards,
          source: body.source,
        }),
      },
      201,
    );
  });

  documentRoute({
    method: "post",
    path: "/api/study/decks/:id/import",
    summary:
      "Import a CSV/TSV file (front, back, optional tags; Anki/Quizlet). A bad row answers 400 naming its line and nothing is imported.",
    tags: ["study"],
    auth: true,
    body: importBody,
    responses: {
      201: { description: "{imported}" },
      400: { description: "VALIDATION_FAILED with details.line" },
      413: { description: "body over 20 MB" },
    },
  });
  r.post("/study/decks/:id/import", importLimit, async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, importBody);
    return c.json(
      await importCards({
        db: db(c),
        userId: user.id,
        deckId: c.req.param("id"),
        text: body.text,
        delimiter: body.delimiter,
      }),
      201,
    );
  });

  documentRoute({
    method: "get",
    path: "/api/study/decks/:id/export",
    summary: "Download a deck as CSV or TSV (front, back, tags); anki=1 adds Anki's header lines.",
    tags: ["study"],
    auth: true,
    query: exportQuery,
    responses: { 200: { description: "text/csv or text/tab-separated-values" } },
  });
  r.get("/study/decks/:id/export", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, exportQuery);
    const file = await exportDeck({
      db: db(c),
      userId: user.id,
      deckId: c.req.param("id"),
      now: nowOf(c),
      format: q.format,
      ankiHeader: q.anki === "1",
    });
    c.header(
      "content-type",
      q.format === "tsv" ? "text/tab-separated-values; charset=utf-8" : "text/csv; charset=utf-8",
    );
    c.header("content-disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.text);
  });

  documentRoute({
    method: "patch",
    path: "/api/study/cards/:id",
    summary: "Edit an own card; deckId moves it to another own deck.",
    tags: ["study"],
    auth: true,
    body: cardPatch,
    responses: { 200: { description: "{card}" }, 404: { description: "not an own card or deck" } },
  });
  r.patch("/study/cards/:id", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, cardPatch);
    return c.json({ card: await updateCard(db(c), user.id, c.req.param("id"), body) });
  });

  documentRoute({
    method: "delete",
    path: "/api/study/cards/:id",
    summary: "Delete an own card and its schedule.",
    tags: ["study"],
    auth: true,
    responses: { 204: { description: "deleted" }, 404: { description: "not an own card" } },
  });
  r.delete("/study/cards/:id", async (c) => {
    const user = requireUser(c);
    await deleteCard(db(c), user.id, c.req.param("id"));
    return c.body(null, 204);
  });

  return r;
}

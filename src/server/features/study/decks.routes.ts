/**
 * Deck and card routes (issue 6 §1, §5), declared in src/contract/study.ts (`decksApi`):
 *   POST   /api/study/decks {title,description?,subjectId?,topicId?}      create an own deck
 *   GET    /api/study/decks/:id                                          deck + cards with their schedule
 *   PATCH  /api/study/decks/:id · DELETE /api/study/decks/:id            own decks only
 *   POST   /api/study/decks/:id/cards {question,answer,subjectId?,topicId?,difficulty?,tags?}
 *   POST   /api/study/decks/:id/cards/bulk {cards:[…], source?}          all or nothing (≤ 2,000)
 *   POST   /api/study/decks/:id/import {text, delimiter?}                 CSV/TSV, all or nothing
 *   GET    /api/study/decks/:id/export?format=csv|tsv&anki=1              file download
 *   PATCH  /api/study/cards/:id (deckId moves it) · DELETE /api/study/cards/:id
 * SPEC.md §6 (issue 12 item 22): flashcards are Unlimited (and Trial) only, so every route that
 * creates, reads or changes cards answers 403 UPGRADE_REQUIRED on Free (`feature: "flashcards"`).
 * Deleting an own deck or card and exporting an own deck stay open on every plan: a student who
 * drops to Free can still take their cards away or remove them.
 */
import { Hono } from "hono";
import { decksApi } from "../../../contract/study";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
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

/**
 * Request bodies are read whole: the default 1 MB (decision 042) except on the three routes whose
 * valid requests can be larger. 20 MB holds the largest of them (an import of 5,000,000
 * characters, JSON-escaped and UTF-8 encoded) with room to spare.
 */
export const STUDY_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
const importLimit = bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Split the file and import it in parts." });
const bulkLimit = bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Save the cards in smaller batches." });

const flashcards = { feature: "flashcards" } as const;

export function deckRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(
    r,
    decksApi.create,
    async (c, { user, body }) =>
      withStatus(201, { deck: await createDeck({ db: db(c), userId: user.id, input: body }) }),
    flashcards,
  );

  handle(
    r,
    decksApi.get,
    async (c, { user, params }) => getDeck({ db: db(c), userId: user.id, deckId: params.id, now: nowOf(c) }),
    flashcards,
  );

  handle(
    r,
    decksApi.update,
    async (c, { user, params, body }) => ({
      deck: await updateDeck({ db: db(c), userId: user.id, deckId: params.id, patch: body }),
    }),
    flashcards,
  );

  handle(r, decksApi.remove, async (c, { user, params }) => {
    await deleteDeck({ db: db(c), userId: user.id, deckId: params.id });
    return c.body(null, 204);
  });

  handle(
    r,
    decksApi.addCard,
    async (c, { user, params, body }) => {
      const [id] = await addCards({ db: db(c), userId: user.id, deckId: params.id, cards: [body], source: "manual" });
      return withStatus(201, { id });
    },
    flashcards,
  );

  handle(
    r,
    decksApi.addCards,
    async (c, { user, params, body }) =>
      withStatus(201, {
        ids: await addCards({ db: db(c), userId: user.id, deckId: params.id, cards: body.cards, source: body.source }),
      }),
    { middleware: [bulkLimit], ...flashcards },
  );

  handle(
    r,
    decksApi.import,
    async (c, { user, params, body }) =>
      withStatus(
        201,
        await importCards({
          db: db(c),
          userId: user.id,
          deckId: params.id,
          text: body.text,
          delimiter: body.delimiter,
        }),
      ),
    { middleware: [importLimit], ...flashcards },
  );

  handle(r, decksApi.export, async (c, { user, params, query }) => {
    const file = await exportDeck({
      db: db(c),
      userId: user.id,
      deckId: params.id,
      now: nowOf(c),
      format: query.format,
      ankiHeader: query.anki === "1",
    });
    c.header(
      "content-type",
      query.format === "tsv" ? "text/tab-separated-values; charset=utf-8" : "text/csv; charset=utf-8",
    );
    c.header("content-disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.text);
  });

  handle(
    r,
    decksApi.updateCard,
    async (c, { user, params, body }) => ({
      card: await updateCard({ db: db(c), userId: user.id, cardId: params.id, patch: body }),
    }),
    flashcards,
  );

  handle(r, decksApi.removeCard, async (c, { user, params }) => {
    await deleteCard({ db: db(c), userId: user.id, cardId: params.id });
    return c.body(null, 204);
  });

  return r;
}

/**
 * Bad input to every study route gets a clear 4xx, never a 500, and writes nothing
 * (review of issue 6: NUL characters, malformed ids, out-of-range positions, empty ids).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { setPlan } from "../billing/subscriptions.service";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function student(): Promise<Client> {
  const c = await signedInUser(server, `bad-input${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({
    db: server.database.db,
    userId: me.body.user.id,
    plan: "unlimited",
    now: new Date(Date.now() + 300 * 86_400_000),
  });
  return c;
}
type Err = { error: { code: string; message: string } };

describe("NUL characters", () => {
  it("in a body, a query or a path id answer 400/404 naming the field, and nothing is written", async () => {
    const c = await student();
    const deck = (await c.json<{ deck: { id: string } }>("/api/study/decks", { body: { title: "Mine" } })).body.deck.id;
    const card = (
      await c.json<{ id: string }>(`/api/study/decks/${deck}/cards`, { body: { question: "q", answer: "a" } })
    ).body.id;
    const bodies: [string, string, unknown, string][] = [
      ["POST", "/api/study/decks", { title: "a\u0000b" }, "title"],
      ["PATCH", `/api/study/decks/${deck}`, { title: "a\u0000b" }, "title"],
      ["POST", `/api/study/decks/${deck}/cards`, { question: "q\u0000", answer: "a" }, "question"],
      [
        "POST",
        `/api/study/decks/${deck}/cards/bulk`,
        {
          cards: [
            { question: "ok", answer: "ok" },
            { question: "q", answer: "a", tags: ["x\u0000"] },
          ],
        },
        "cards.1.tags.0",
      ],
      ["POST", `/api/study/decks/${deck}/import`, { text: "front,back\na\u0000,b\n" }, "text"],
      ["PATCH", `/api/study/cards/${card}`, { answer: "\u0000" }, "answer"],
      ["POST", "/api/study/reviews", { cardId: "\u0000", rating: "good" }, "cardId"],
      ["POST", "/api/study/generate", { sources: [{ type: "topic", id: "\u0000" }] }, "sources.0.id"],
      ["POST", "/api/quizzes", { source: "questions", count: 5, mode: "tutor", topics: ["\u0000"] }, "topics.0"],
    ];
    for (const [method, path, body, field] of bodies) {
      const r = await c.json<Err>(path, { method, body });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body.error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: `${field}: must not contain a NUL character (U+0000)`,
      });
    }
    for (const path of [
      "/api/study/queue?tags=%00",
      "/api/study/queue?decks=a%00",
      "/api/study/cram?subjects=%00",
      "/api/question-bank?topic=%00",
    ]) {
      const r = await c.json<Err>(path);
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
    }
    const ids: [string, string, unknown?][] = [
      ["GET", "/api/study/decks/%00"],
      ["GET", "/api/study/decks/a%00/export"],
      ["DELETE", "/api/study/cards/%00"],
      ["GET", "/api/question-bank/%00"],
      ["POST", "/api/question-bank/%00/attempts", { choice: "A" }],
      ["GET", "/api/quizzes/%00"],
    ];
    for (const [method, path, body] of ids) {
      const r = await c.json<Err>(path, { method, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe("NOT_FOUND");
    }
    const after = await c.json<{ deck: { title: string }; cards: { question: string; answer: string }[] }>(
      `/api/study/decks/${deck}`,
    );
    expect(after.body.deck.title).toBe("Mine");
    expect(after.body.cards).toEqual([expect.objectContaining({ question: "q", answer: "a" })]);
  });
});

describe("quiz ids and positions", () => {
  it("a malformed quiz id is 404 on every quiz route; an impossible position is 404; a current index past the end is 400; the quiz is unchanged", async () => {
    const c = await student();
    const quiz = (
      await c.json<{ id: string }>("/api/quizzes", {
        body: { source: "questions", format: "single", count: 5, mode: "exam" },
      })
    ).body.id;
    for (const id of [
      "------------------------------------",
      "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
      `${quiz}0`,
      "not-a-uuid",
    ]) {
      for (const [method, path, body] of [
        ["GET", `/api/quizzes/${id}`],
        ["GET", `/api/quizzes/${id}/results`],
        ["POST", `/api/quizzes/${id}/submit`, {}],
        ["POST", `/api/quizzes/${id}/retry`, {}],
        ["PUT", `/api/quizzes/${id}/items/0`, { choice: "A" }],
      ] as [string, string, unknown?][]) {
        const r = await c.json<Err>(path, { method, body });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body.error.message).toBe("No such quiz.");
      }
    }
    for (const position of ["99999999999999", "3000000000", "1e3", "-1", "0x1", "5", "100", "abc"]) {
      const r = await c.json<Err>(`/api/quizzes/${quiz}/items/${position}`, { method: "PUT", body: { choice: "A" } });
      expect(r.status, position).toBe(404);
      expect(r.body.error.message).toBe("No such question in this quiz.");
    }
    const past = await c.json<Err>(`/api/quizzes/${quiz}/items/0`, { method: "PUT", body: { currentIndex: 5 } });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe("currentIndex: must be below 5");
    const view = await c.json<{ quiz: { currentIndex: number; answered: number } }>(`/api/quizzes/${quiz}`);
    expect(view.body.quiz).toMatchObject({ currentIndex: 0, answered: 0 });
    expect(
      (await c.json(`/api/quizzes/${quiz}/items/4`, { method: "PUT", body: { choice: "B", currentIndex: 4 } })).status,
    ).toBe(200);
  });
});

describe("request size", () => {
  it("a body over 20 MB is refused with 413 before it is read whole, and nothing is imported", async () => {
    const c = await student();
    const deck = (await c.json<{ deck: { id: string } }>("/api/study/decks", { body: { title: "Big" } })).body.deck.id;
    const huge = JSON.stringify({ text: `front,back\n${"a,b\n".repeat(5_300_000)}` });
    expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
    const r = await c.json<Err>(`/api/study/decks/${deck}/import`, { body: huge });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The request is too large (at most 20 MB). Split the file and import it in parts.",
    });
    expect((await c.json<{ cards: unknown[] }>(`/api/study/decks/${deck}`)).body.cards).toHaveLength(0);
    // the largest file the import accepts still fits
    const max = await c.json<Err>(`/api/study/decks/${deck}/import`, { body: { text: `${'"'.repeat(4_999_990)}` } });
    expect(max.status).toBe(400);
    expect(max.body.error.code).toBe("VALIDATION_FAILED");
  });
});

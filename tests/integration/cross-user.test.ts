/**
 * The cross-user suite (issue 12): student A creates one of every owned resource; student B (same
 * plan) then tries every operation of `/api/openapi.json` that takes an id with each of A's ids,
 * with an empty body and with a plausible one. Nothing of A's may leak or change:
 *   - no answer to B carries A's secret marker or 2xx on A's row (another user's row is 404);
 *   - afterwards every resource of A reads back exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let a: Client;
let b: Client;
const SECRET = `XUSER-SECRET-${Math.random().toString(36).slice(2, 10)}`;

interface Owned {
  kind: string;
  id: string;
  /** Where A reads it back (to compare before and after). */
  read: string;
}

const owned: Owned[] = [];

async function create(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await a.json<Record<string, unknown>>(path, { body });
  if (r.status >= 300) throw new Error(`${path} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const idOf = (body: Record<string, unknown>, key: string) => (body[key] as { id: string }).id;

beforeAll(async () => {
  server = await startTestServer();
  a = await signedInUser(server, "owner-a@example.com");
  b = await signedInUser(server, "intruder-b@example.com");

  const note = idOf(await create("/api/notes", { title: `Note ${SECRET}`, html: `<p>${SECRET}</p>` }), "note");
  owned.push({ kind: "note", id: note, read: `/api/notes/${note}` });
  const tag = idOf(await create("/api/tags", { name: `tag-${SECRET}`.slice(0, 40) }), "tag");
  owned.push({ kind: "tag", id: tag, read: "/api/tags" });
  const template = await create("/api/note-templates", { title: `Tpl ${SECRET}`, html: `<p>${SECRET}</p>` });
  const templateId = idOf(template, "template");
  owned.push({ kind: "note-template", id: templateId, read: "/api/note-templates" });
  const collection = idOf(await create("/api/case-collections", { name: `Col ${SECRET}` }), "collection");
  owned.push({ kind: "collection", id: collection, read: `/api/case-collections/${collection}` });
  const brief = idOf(
    await create("/api/student-briefs", { name: `Doe v. Roe ${SECRET}`, sections: { facts: `<p>${SECRET}</p>` } }),
    "brief",
  );
  owned.push({ kind: "student-brief", id: brief, read: `/api/student-briefs/${brief}` });
  const deck = idOf(await create("/api/study/decks", { title: `Deck ${SECRET}` }), "deck");
  owned.push({ kind: "deck", id: deck, read: `/api/study/decks/${deck}` });
  const cardBody = await create(`/api/study/decks/${deck}/cards`, { question: `Q ${SECRET}`, answer: `A ${SECRET}` });
  owned.push({ kind: "card", id: String(cardBody.id), read: `/api/study/decks/${deck}` });
  const outline = idOf(await create("/api/outlines", { title: `Outline ${SECRET}` }), "outline");
  owned.push({ kind: "outline", id: outline, read: `/api/outlines/${outline}` });
  const thread = await create("/api/threads", {});
  const threadId = idOf(thread, "thread");
  owned.push({ kind: "thread", id: threadId, read: `/api/threads/${threadId}/messages` });
  await a.fetch(`/api/threads/${threadId}/messages`, {
    body: { content: `What is negligence? ${SECRET}` },
    headers: { accept: "application/json" },
  });
  await a.json(`/api/threads/${threadId}`, { method: "PATCH", body: { title: `Thread ${SECRET}` } });
  const quiz = (await create("/api/quizzes", { source: "questions", format: "single", count: 5, mode: "tutor" }))
    .id as string;
  owned.push({ kind: "quiz", id: quiz, read: `/api/quizzes/${quiz}` });
}, 180_000);
afterAll(() => server?.close());

interface Operation {
  parameters?: { name: string; in: string }[];
}

describe("cross-user", () => {
  it("B can neither read, change nor delete any of A's resources", async () => {
    expect(owned.length).toBe(10);
    const before = new Map<string, string>();
    for (const o of owned) before.set(o.read, JSON.stringify((await a.json(o.read)).body));
    // Everything A wrote carries the marker (a quiz holds official questions only).
    for (const o of owned) if (o.kind !== "quiz") expect(before.get(o.read), o.kind).toContain(SECRET);

    const doc = (await b.json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json")).body;
    const leaks: string[] = [];
    let tried = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (!names.length) continue;
      for (const method of Object.keys(methods)) {
        for (const o of owned) {
          // Every id-like parameter takes A's id; the others a plausible value.
          const path = template.replace(/\{(\w+)\}/g, (_, n: string) =>
            /id$/i.test(n) ? o.id : n === "position" ? "1" : n === "kind" ? "opinion" : o.id,
          );
          for (const body of method === "get" || method === "delete" ? [undefined] : [{}, plausibleBody()]) {
            const res = await b.fetch(path, { method: method.toUpperCase(), body });
            tried++;
            const type = res.headers.get("content-type") ?? "";
            const text = type.includes("event-stream") ? (await res.body?.cancel(), "") : await res.text();
            const where = `${method.toUpperCase()} ${template} with A's ${o.kind} → ${res.status}`;
            if (text.includes(SECRET)) leaks.push(`${where}: answer carries A's data`);
            else if (res.status < 300 && isOwnedRoute(template)) leaks.push(`${where}: succeeded`);
          }
        }
      }
    }
    console.log(`cross-user: ${tried} requests by B against ${owned.length} of A's resources`);
    expect(leaks).toEqual([]);
    for (const o of owned) {
      const now = JSON.stringify((await a.json(o.read)).body);
      expect(now, `A's ${o.kind} at ${o.read} changed`).toBe(before.get(o.read));
    }
  }, 600_000);
});

/** Routes whose `{id}` names a row owned by one student. */
function isOwnedRoute(template: string): boolean {
  return /^\/api\/(notes|tags|note-templates|case-collections|student-briefs|study\/decks|study\/cards|threads|quizzes|jobs|outlines|case-law\/\{id\})/.test(
    template,
  );
}

/** A body that would pass most validators: B's attempt is refused for ownership, not for shape. */
function plausibleBody() {
  return {
    title: "B was here",
    name: "B was here",
    html: "<p>B was here</p>",
    content: "B was here",
    question: "B?",
    answer: "B.",
    description: "B",
    kind: "opinion",
    id: "x",
    rating: "good",
    choice: "A",
    flagged: true,
    positionS: 1,
    completed: true,
    items: [],
    tags: [],
    sections: {},
    version: 1,
  };
}

/**
 * The admin content pages of issue 17 §2 (/admin/flashcards and /admin/outlines; decision 067):
 * who may call them, the counts, the lists and their filters, and an edit of official content —
 * what the student then sees, the audit row it writes, the override that survives a re-seed of
 * changed content files, and the revert to the file's version.
 */
import { resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overridesReport } from "../../src/server/cli/content-check";
import { loadContent } from "../../src/server/content/load";
import { seedContent } from "../../src/server/content/seed";
import {
  adminAuditLog,
  contentOverrides,
  flashcards,
  jobs,
  outlineAnalyses,
  questionFlags,
} from "../../src/server/db/schema";
import { type Client, client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { userIdOf } from "../helpers/users";

const ADMIN = "content-admin@example.com";
let server: TestServer;
let admin: Client;
let student: Client;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN, RATE_LIMIT_DISABLED: "true" });
  admin = await signedInUser(server, ADMIN);
  student = await signedInUser(server, "card-student@example.com");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const auditOf = async (action: string, targetId: string) =>
  server.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));

interface CardRow {
  id: string;
  deckId: string;
  deckTitle: string;
  question: string;
  answer: string;
  retired: boolean;
  override: { reason: string; retired: boolean } | null;
}
interface Page<R> {
  rows: R[];
  total: number;
}

describe("who may call the content pages' API", () => {
  const reads = [
    "/api/admin/flashcards/overview",
    "/api/admin/flashcards",
    "/api/admin/questions",
    "/api/admin/outlines/overview",
    "/api/admin/outline-analyses",
  ];
  it("answers 401 signed out and 404 to a student, for reads and for edits", async () => {
    const anonymous = client(server.url);
    for (const path of reads) {
      expect((await anonymous.json(path)).status, path).toBe(401);
      expect((await student.json(path)).status, path).toBe(404);
      expect((await admin.json(path)).status, path).toBe(200);
    }
    const body = { answer: "Changed by a student", reason: "trying my luck" };
    const edit = await student.json("/api/admin/flashcards/torts-abnormally-dangerous-activities-01", {
      method: "PATCH",
      body,
    });
    expect(edit.status).toBe(404);
    const retire = await student.json("/api/admin/questions/anything", { method: "DELETE", body: { reason: "no" } });
    expect(retire.status).toBe(404);
    expect(await server.database.db.select().from(contentOverrides)).toEqual([]);
  });
});

describe("flashcards page", () => {
  it("counts official content and students' own decks and cards without listing their text", async () => {
    const db = server.database.db;
    const deck = await student.json<{ deck: { id: string } }>("/api/study/decks", {
      body: { title: "My evidence cards" },
    });
    expect(deck.status).toBe(201);
    const added = await student.json(`/api/study/decks/${deck.body.deck.id}/cards`, {
      body: { question: "What is hearsay?", answer: "An out-of-court statement offered for its truth." },
    });
    expect(added.status).toBeLessThan(300);
    const o = await admin.json<{
      official: { decks: number; cards: number; questions: number };
      user: { decks: number; cards: number; authors: number };
    }>("/api/admin/flashcards/overview");
    const officialCards = await db.$count(flashcards, eq(flashcards.isOfficial, true));
    expect(o.body.official.cards).toBe(officialCards);
    expect(o.body.official.decks).toBeGreaterThan(10);
    expect(o.body.official.questions).toBeGreaterThan(10);
    expect(o.body.user).toEqual({ decks: 1, cards: 1, authors: 1 });
    // The official list never holds the student's card.
    const search = await admin.json<Page<CardRow>>("/api/admin/flashcards?q=out-of-court%20statement%20offered");
    expect(search.body.rows.map((r) => r.question)).not.toContain("What is hearsay?");
  });

  it("searches and filters official cards, and exports them as CSV", async () => {
    const found = await admin.json<Page<CardRow>>("/api/admin/flashcards?q=Restatement%20(Second)%20%C2%A7%20520");
    expect(found.status).toBe(200);
    expect(found.body.rows.map((r) => r.id)).toContain("torts-abnormally-dangerous-activities-01");
    const subject = await admin.json<Page<CardRow & { subjectId: string }>>(
      "/api/admin/flashcards?subject=evidence&pageSize=100",
    );
    expect(subject.body.total).toBeGreaterThan(0);
    expect(new Set(subject.body.rows.map((r) => r.subjectId))).toEqual(new Set(["evidence"]));
    const deck = await admin.json<Page<CardRow>>("/api/admin/flashcards?deck=torts-abnormally-dangerous-activities");
    expect(deck.body.rows.length).toBe(deck.body.total);
    expect(new Set(deck.body.rows.map((r) => r.deckId))).toEqual(new Set(["torts-abnormally-dangerous-activities"]));
    const bad = await admin.json("/api/admin/flashcards?difficulty=impossible");
    expect(bad.status).toBe(400);
    const csv = await admin.fetch("/api/admin/flashcards?deck=torts-abnormally-dangerous-activities&format=csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("id,deckId,deckTitle,subjectId,question,answer");
    expect(text).toContain("torts-abnormally-dangerous-activities-02");
  });

  it("an edit shows to students at once, is audited, survives a re-seed of changed files, and reverts", async () => {
    const db = server.database.db;
    const id = "torts-abnormally-dangerous-activities-02";
    const deckId = "torts-abnormally-dangerous-activities";
    const studentSees = async () => {
      const d = await student.json<{ cards: { id: string; answer: string }[] }>(`/api/study/decks/${deckId}`);
      return d.body.cards.find((c) => c.id === id);
    };
    const original = (await studentSees())!.answer;
    const noReason = await admin.json(`/api/admin/flashcards/${id}`, { method: "PATCH", body: { answer: "x" } });
    expect(noReason.status).toBe(400);

    const answer = "No. Strict liability applies however careful the blaster was (Restatement (Second) § 519).";
    const edited = await admin.json<CardRow>(`/api/admin/flashcards/${id}`, {
      method: "PATCH",
      body: { answer, reason: "cite § 519" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.answer).toBe(answer);
    expect(edited.body.override?.reason).toBe("cite § 519");
    expect((await studentSees())!.answer).toBe(answer);
    const [row] = await auditOf("flashcard.update", id);
    expect(row.reason).toBe("cite § 519");
    expect(row.before).toMatchObject({ answer: original });
    expect(row.after).toMatchObject({ answer });

    // The content files change (another deck's title): the seed runs again and keeps the edit.
    const { corpus } = loadContent(resolve("content"));
    corpus.decks[0] = { ...corpus.decks[0], title: `${corpus.decks[0].title} (2nd ed.)` };
    const seeded = await seedContent(db, corpus);
    expect(seeded.skipped).toBe(false);
    expect((await studentSees())!.answer).toBe(answer);
    const edits = await admin.json<Page<CardRow>>("/api/admin/flashcards?status=edited");
    expect(edits.body.rows.map((r) => r.id)).toEqual([id]);
    // content:check --db marks the edit against its file.
    expect(await overridesReport(db, resolve("content"), corpus)).toEqual([
      expect.objectContaining({
        kind: "flashcard",
        id,
        file: "torts/decks/torts-abnormally-dangerous-activities.yaml",
        fields: { answer },
        retired: false,
        reason: "cite § 519",
      }),
    ]);

    const reverted = await admin.json<CardRow>(`/api/admin/flashcards/${id}/revert`, {
      method: "POST",
      body: { reason: "back to the file" },
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.answer).toBe(original);
    expect(reverted.body.override).toBeNull();
    expect((await studentSees())!.answer).toBe(original);
    expect(await auditOf("flashcard.revert", id)).toHaveLength(1);
    const again = await admin.json<{ error: { code: string } }>(`/api/admin/flashcards/${id}/revert`, {
      method: "POST",
      body: { reason: "back to the file" },
    });
    expect(again.status).toBe(409);
  });

  it("retiring a card hides it from students until it is reverted", async () => {
    const id = "torts-abnormally-dangerous-activities-01";
    const deckId = "torts-abnormally-dangerous-activities";
    const ids = async () =>
      (await student.json<{ cards: { id: string }[] }>(`/api/study/decks/${deckId}`)).body.cards.map((c) => c.id);
    expect(await ids()).toContain(id);
    const retired = await admin.json<CardRow>(`/api/admin/flashcards/${id}`, {
      method: "DELETE",
      body: { reason: "outdated wording" },
    });
    expect(retired.status).toBe(200);
    expect(retired.body.retired).toBe(true);
    expect(await ids()).not.toContain(id);
    const list = await admin.json<Page<CardRow>>("/api/admin/flashcards?status=retired");
    expect(list.body.rows.map((r) => r.id)).toContain(id);
    const [audit] = await auditOf("flashcard.retire", id);
    expect(audit.before).toMatchObject({ retired: false });
    expect(audit.after).toMatchObject({ retired: true });
    await admin.json(`/api/admin/flashcards/${id}/revert`, { method: "POST", body: { reason: "restored" } });
    expect(await ids()).toContain(id);
    const missing = await admin.json("/api/admin/flashcards/no-such-card", {
      method: "DELETE",
      body: { reason: "x y z" },
    });
    expect(missing.status).toBe(404);
  });

  it("lists practice questions with their student flags, and an answer-key edit is audited", async () => {
    const db = server.database.db;
    const first = await admin.json<Page<{ id: string; answer: string; flags: number }>>(
      "/api/admin/questions?subject=contracts&pageSize=1",
    );
    const q = first.body.rows[0];
    await db.insert(questionFlags).values({ userId: await userIdOf(student), questionId: q.id });
    const flagged = await admin.json<Page<{ id: string; flags: number }>>("/api/admin/questions?flagged=true");
    expect(flagged.body.rows).toEqual([expect.objectContaining({ id: q.id, flags: 1 })]);
    const overview = await admin.json<{ flagged: { questions: number; flags: number } }>(
      "/api/admin/flashcards/overview",
    );
    expect(overview.body.flagged).toEqual({ questions: 1, flags: 1 });
    const other = (["A", "B", "C", "D"] as const).find((k) => k !== q.answer)!;
    const edited = await admin.json<{ answer: string }>(`/api/admin/questions/${q.id}`, {
      method: "PATCH",
      body: { answer: other, reason: "students flagged the key" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.answer).toBe(other);
    const [audit] = await auditOf("question.update", q.id);
    expect(audit.before).toMatchObject({ answer: q.answer });
    expect(audit.after).toMatchObject({ answer: other });
    const badChoices = await admin.json(`/api/admin/questions/${q.id}`, {
      method: "PATCH",
      body: { choices: { A: "only one" }, reason: "partial" },
    });
    expect(badChoices.status).toBe(400);
    await admin.json(`/api/admin/questions/${q.id}/revert`, { method: "POST", body: { reason: "undo the key" } });
    const back = await admin.json<Page<{ answer: string }>>(`/api/admin/questions?q=${q.id}`);
    expect(back.body.rows[0].answer).toBe(q.answer);
  });
});

describe("outlines page", () => {
  it("counts outlines and lists analyses with their job's state", async () => {
    const db = server.database.db;
    const made = await student.json("/api/outlines", { body: { title: "Torts outline", from: { kind: "blank" } } });
    expect(made.status).toBeLessThan(300);
    const userId = await userIdOf(student);
    const [job] = await db
      .insert(jobs)
      .values({
        kind: "outline.analysis",
        state: "failed",
        attempts: 3,
        error: "could not read the PDF",
        ownerId: userId,
      })
      .returning();
    await db.insert(outlineAnalyses).values({
      userId,
      format: "pdf",
      title: "Scanned outline",
      fileName: "scan.pdf",
      state: "failed",
      jobId: job.id,
      error: "could not read the PDF",
    });
    const o = await admin.json<{
      outlines: { total: number; authors: number };
      analyses: { total: number; byState: Record<string, number> };
    }>("/api/admin/outlines/overview");
    expect(o.body.outlines).toMatchObject({ total: 1, authors: 1 });
    expect(o.body.analyses).toMatchObject({ total: 1, byState: { queued: 0, running: 0, done: 0, failed: 1 } });
    const list = await admin.json<Page<{ title: string; ownerEmail: string; jobState: string; attempts: number }>>(
      "/api/admin/outline-analyses?state=failed&q=card-student",
    );
    expect(list.body.rows).toEqual([
      expect.objectContaining({
        title: "Scanned outline",
        ownerEmail: "card-student@example.com",
        jobState: "failed",
        attempts: 3,
      }),
    ]);
    const none = await admin.json<Page<unknown>>("/api/admin/outline-analyses?state=done");
    expect(none.body.total).toBe(0);
  });
});

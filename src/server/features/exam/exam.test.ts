/**
 * NextGen exam mode through HTTP (decision 078): a session's lifecycle (create, answer a
 * multi-select item, flag, submit, report by area and skill, self-grade a written item), the
 * server deadline's auto-submit, and another student's session answering 404.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { questionAttempts, studySchedules } from "../../db/schema";
import { setPlan } from "../billing/subscriptions.service";

const DAY = 86_400_000;
let clock = new Date("2026-09-01T15:00:00Z");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => clock });
}, 400_000);
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function user(plan: "free" | "unlimited" = "unlimited"): Promise<Client> {
  const c = await signedInUser(server, `examinee${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({ db: server.database.db, userId: me.body.user.id, plan, now: new Date(Date.now() + 300 * DAY) });
  return c;
}
interface Item {
  position: number;
  kind: string;
  select: number | null;
  choices: Record<string, string> | null;
  response: string | null;
  flagged: boolean;
  skills: string[];
  subjectId: string | null;
  review?: { correct: boolean | null; answers: string[] | null; rubric: unknown[] | null; earned: number | null };
}
interface View {
  exam: {
    id: string;
    remainingMs: number | null;
    submittedAt: string | null;
    answered: number;
    flagged: number;
    total: number;
  };
  items: Item[];
}
interface Report extends View {
  report: {
    earned: number;
    possible: number;
    choice: { correct: number; total: number };
    byArea: { id: string; earned: number; possible: number; ungraded: number }[];
    bySkill: { id: string; earned: number; possible: number; ungraded: number }[];
  };
}

describe("exam mode", () => {
  it("runs a short session: one deadline, answers and flags saved, review counts, submit, report by area and skill", async () => {
    clock = new Date("2026-09-01T15:00:00Z");
    const c = await user();
    const created = await c.json<{ id: string; total: number }>("/api/exams", { body: { length: "short" } });
    expect(created.status).toBe(201);
    const view = await c.json<View>(`/api/exams/${created.body.id}`);
    expect(view.body.exam.remainingMs).toBe(60 * 60_000);
    const kinds = new Set(view.body.items.map((i) => i.kind));
    expect(kinds.has("question")).toBe(true);
    expect(view.body.items.every((i) => !i.review)).toBe(true);
    const choice = view.body.items.find((i) => i.kind === "question")!;
    const letters = Object.keys(choice.choices!).slice(0, choice.select!);
    clock = new Date(clock.getTime() + 5 * 60_000);
    const saved = await c.json<View>(`/api/exams/${created.body.id}/items/${choice.position}`, {
      method: "PUT",
      body: { selection: letters, flagged: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.exam).toMatchObject({ answered: 1, flagged: 1, remainingMs: 55 * 60_000 });
    // The wrong count is refused; a written answer to a choice item too.
    const bad = await c.json(`/api/exams/${created.body.id}/items/${choice.position}`, {
      method: "PUT",
      body: { selection: [...letters, "F"].slice(0, (choice.select ?? 1) + 1) },
    });
    expect(bad.status).toBe(400);
    expect(
      (await c.json(`/api/exams/${created.body.id}/items/${choice.position}`, { method: "PUT", body: { text: "x" } }))
        .status,
    ).toBe(400);
    expect((await c.json(`/api/exams/${created.body.id}/report`)).status).toBe(409);

    const written = view.body.items.find((i) => i.kind === "set-written");
    if (written)
      await c.json(`/api/exams/${created.body.id}/items/${written.position}`, {
        method: "PUT",
        body: { text: "The record is admissible as a business record." },
      });
    const report = await c.json<Report>(`/api/exams/${created.body.id}/submit`, { body: {} });
    expect(report.status).toBe(200);
    expect(report.body.exam.submittedAt).not.toBeNull();
    const choices = report.body.items.filter((i) => i.select !== null);
    expect(report.body.report.choice.total).toBe(choices.length);
    expect(report.body.report.choice.correct).toBe(choices.filter((i) => i.review?.correct).length);
    expect(report.body.report.byArea.length).toBeGreaterThan(0);
    expect(report.body.report.bySkill.map((s) => s.id)).toContain("issue-spotting");
    const areaPossible = report.body.report.byArea.reduce((s, a) => s + a.possible, 0);
    expect(areaPossible).toBe(report.body.report.possible);
    // The answered bank question now counts in the bank like any other answer: one attempt with
    // the exam's letters and score, in the question's history; a miss is scheduled for review.
    const me = await c.json<{ user: { id: string } }>("/api/me");
    const attempts = await server.database.db
      .select()
      .from(questionAttempts)
      .where(eq(questionAttempts.userId, me.body.user.id));
    const answeredChoice = report.body.items.find((i) => i.position === choice.position)!;
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ choice: letters.join(","), correct: answeredChoice.review?.correct });
    const history = await c.json<{ attempts: { choice: string }[] }>(`/api/question-bank/${attempts[0].questionId}`);
    expect(history.body.attempts.map((a) => a.choice)).toEqual([letters.join(",")]);
    const scheduled = await server.database.db
      .select()
      .from(studySchedules)
      .where(and(eq(studySchedules.userId, me.body.user.id), eq(studySchedules.itemType, "question")));
    expect(scheduled).toHaveLength(answeredChoice.review?.correct ? 0 : 1);
    // Submitted: no more answers; self-grading a written item adds its rubric points.
    expect(
      (
        await c.json(`/api/exams/${created.body.id}/items/${choice.position}`, {
          method: "PUT",
          body: { flagged: false },
        })
      ).status,
    ).toBe(409);
    if (written) {
      const before = report.body.report.possible;
      const graded = await c.json<Report>(`/api/exams/${created.body.id}/items/${written.position}/grade`, {
        method: "PUT",
        body: { checked: [0] },
      });
      expect(graded.status).toBe(200);
      expect(graded.body.report.possible).toBeGreaterThan(before);
      expect(graded.body.report.earned).toBeGreaterThan(report.body.report.earned);
    }
    expect(
      (
        await c.json(`/api/exams/${created.body.id}/items/${choice.position}/grade`, {
          method: "PUT",
          body: { checked: [0] },
        })
      ).status,
    ).toBe(400);
  });

  it("submits itself at the deadline with the answers saved by then", async () => {
    clock = new Date("2026-09-02T15:00:00Z");
    const c = await user();
    const created = await c.json<{ id: string }>("/api/exams", { body: { length: "short", subjects: ["torts"] } });
    expect(created.status).toBe(201);
    const view = await c.json<View>(`/api/exams/${created.body.id}`);
    expect(view.body.items.every((i) => i.subjectId === "torts")).toBe(true);
    const first = view.body.items[0];
    await c.json(`/api/exams/${created.body.id}/items/0`, {
      method: "PUT",
      body: { selection: Object.keys(first.choices!).slice(0, first.select!) },
    });
    clock = new Date(clock.getTime() + 61 * 60_000);
    const late = await c.json(`/api/exams/${created.body.id}/items/1`, { method: "PUT", body: { flagged: true } });
    expect(late.status).toBe(409);
    const after = await c.json<Report>(`/api/exams/${created.body.id}/report`);
    expect(after.status).toBe(200);
    expect(after.body.exam.submittedAt).toBe(new Date("2026-09-02T16:00:00Z").toISOString());
    expect(after.body.items[0].response).not.toBeNull();
    expect(after.body.items[1].flagged).toBe(false);
  });

  it("another student's session is 404; Free is 403; a bad id is 404", async () => {
    const owner = await user();
    const other = await user();
    const created = await owner.json<{ id: string }>("/api/exams", { body: { length: "short" } });
    for (const [method, path, body] of [
      ["GET", `/api/exams/${created.body.id}`],
      ["PUT", `/api/exams/${created.body.id}/items/0`, { flagged: true }],
      ["POST", `/api/exams/${created.body.id}/submit`, {}],
      ["GET", `/api/exams/${created.body.id}/report`],
    ] as [string, string, unknown?][])
      expect((await other.json(path, { method, body })).status, `${method} ${path}`).toBe(404);
    expect((await owner.json("/api/exams/not-a-uuid")).status).toBe(404);
    const free = await user("free");
    expect((await free.json("/api/exams", { body: { length: "short" } })).status).toBe(403);
    expect((await owner.json<{ exams: unknown[] }>("/api/exams")).body.exams).toHaveLength(1);
  });
});

/**
 * NextGen practice through HTTP (issue 18 §2, decision 079), on the sample set and task in
 * content/: answers withheld until earned, all-or-nothing choice scoring, rubric self-grading,
 * the performance task's server deadline, stale-version 409, the deadline refusal, ownership
 * (another user's attempt is 404), text size limits, the plan gate, and no companion grading
 * without a model.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SetView, TaskAttempt, TaskView } from "../../src/contract/nextgen";
import { integratedSetAttempts, performanceTaskAttempts } from "../../src/server/db/schema";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { answerItem } from "../../src/server/features/nextgen/sets.service";
import { startTask } from "../../src/server/features/nextgen/tasks.service";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const SET = "evidence-sample-delivery-log";
const TASK = "pt-sample-security-deposit";
const DAY = 86_400_000;
let clock = new Date();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => clock });
}, 240_000);
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function user(plan: "free" | "unlimited" = "unlimited"): Promise<Client> {
  const c = await signedInUser(server, `nextgen${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({ db: server.database.db, userId: me.body.user.id, plan, now: new Date(Date.now() + 300 * DAY) });
  return c;
}
type ItemReply = { item: SetView["items"][number]; score: SetView["score"] };
type Err = { error: { code: string; message: string; details?: { reason?: string; attempt?: TaskAttempt } } };

describe("integrated sets", () => {
  it("lists the sample set, filtered by subject", async () => {
    const ada = await user();
    const all = await ada.json<{ sets: { id: string; subjectId: string; items: number }[] }>("/api/nextgen/sets");
    expect(all.status).toBe(200);
    expect(all.body.sets.find((s) => s.id === SET)).toMatchObject({ subjectId: "evidence", items: 3 });
    const torts = await ada.json<{ sets: { subjectId: string }[] }>("/api/nextgen/sets?subject=torts");
    expect(torts.body.sets.every((s) => s.subjectId === "torts")).toBe(true);
  });

  it("withholds answers until an item is answered, scores choices all-or-nothing and written items by rubric", async () => {
    const ada = await user();
    const v = await ada.json<SetView>(`/api/nextgen/sets/${SET}`);
    expect(v.status).toBe(200);
    expect(v.body.set.documents).toHaveLength(3);
    expect(v.body.companionGrading).toBe(false);
    expect(v.body.attempt).toBeNull();
    const text = JSON.stringify(v.body.items);
    expect(text).not.toContain("explanations");
    expect(text).not.toContain("Johnson v. Lutz"); // the model answer
    expect(v.body.items.map((i) => i.selectCount)).toEqual([1, 2, null]);

    const [q1, q2, q3] = v.body.items.map((i) => i.id);
    const wrong = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q1}`, {
      method: "PUT",
      body: { selected: ["A"] },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.item.result).toMatchObject({ type: "choice", correct: false, answer: ["B"] });
    const again = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q1}`, {
      method: "PUT",
      body: { selected: ["B"] },
    });
    expect(again.status).toBe(409);

    // Multi-select: one of the two keyed letters is not credit; both are.
    const half = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q2}`, {
      method: "PUT",
      body: { selected: ["A", "D"] },
    });
    expect(half.body.item.result).toMatchObject({ correct: false, matched: 1, answer: ["A", "B"] });

    const wrongKind = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}`, {
      method: "PUT",
      body: { selected: ["A"] },
    });
    expect(wrongKind.status).toBe(400);
    const empty = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}`, { method: "PUT", body: { text: "  " } });
    expect(empty.status).toBe(400);
    const huge = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}`, {
      method: "PUT",
      body: { text: "x".repeat(50_001) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toMatch(/50,000 characters/);
    const gradeFirst = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}/grade`, {
      method: "PUT",
      body: { checked: [0] },
    });
    expect(gradeFirst.status).toBe(409);

    const written = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q3}`, {
      method: "PUT",
      body: { text: "Double hearsay under 805; the log fits 803(6) but the neighbor had no business duty." },
    });
    expect(written.status).toBe(200);
    const r = written.body.item.result;
    if (r?.type !== "written") throw new Error("expected a written result");
    expect(r.modelAnswer).toContain("Johnson v. Lutz");
    expect(r.rubric.map((p) => p.weight)).toEqual([2, 1, 2]);
    expect(r.earned).toBeNull();
    expect(written.body.score).toMatchObject({ answered: 3, total: 3, ungraded: 1, complete: false });

    const badIndex = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}/grade`, {
      method: "PUT",
      body: { checked: [3] },
    });
    expect(badIndex.status).toBe(400);
    const graded = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q3}/grade`, {
      method: "PUT",
      body: { checked: [0, 2, 2] },
    });
    expect(graded.status).toBe(200);
    expect(graded.body.item.result).toMatchObject({ checked: [0, 2], earned: 4, possible: 5 });
    // 0 + 0 + 4/5 of an item over 3 items = 27 %.
    expect(graded.body.score).toMatchObject({ complete: true, choiceCorrect: 0, rubricEarned: 4, percent: 27 });

    const noCompanion = await ada.json<Err>(`/api/nextgen/sets/${SET}/items/${q3}/companion-grade`, {
      method: "POST",
    });
    expect(noCompanion.status).toBe(409);

    const after = await ada.json<SetView>(`/api/nextgen/sets/${SET}`);
    expect(after.body.attempt?.completedAt).not.toBeNull();
    const list = await ada.json<{ sets: { id: string; attempt: { score: { percent: number } } | null }[] }>(
      "/api/nextgen/sets?subject=evidence",
    );
    expect(list.body.sets.find((s) => s.id === SET)?.attempt?.score.percent).toBe(27);

    // Another student sees none of it.
    const bob = await user();
    const bobView = await bob.json<SetView>(`/api/nextgen/sets/${SET}`);
    expect(bobView.body.attempt).toBeNull();
    expect(bobView.body.items.every((i) => i.result === null)).toBe(true);

    // Start over: a fresh attempt, answers withheld again.
    const fresh = await ada.json<SetView>(`/api/nextgen/sets/${SET}/attempts`, { method: "POST" });
    expect(fresh.status).toBe(201);
    expect(fresh.body.attempt?.id).not.toBe(after.body.attempt?.id);
    expect(fresh.body.items.every((i) => !i.answered)).toBe(true);
    const right = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q2}`, {
      method: "PUT",
      body: { selected: ["B", "A"] },
    });
    expect(right.body.item.result).toMatchObject({ correct: true, matched: 2 });
  });

  it("two first answers sent at once land in one attempt, not two", async () => {
    const ada = await user();
    const v = await ada.json<SetView>(`/api/nextgen/sets/${SET}`);
    const [q1, q2] = v.body.items.map((i) => i.id);
    const me = await ada.json<{ user: { id: string } }>("/api/me");
    // Straight to the service, so the two calls interleave at every query.
    const db = server.database.db;
    const answer = (itemId: string, selected: string[]) =>
      answerItem({ db, userId: me.body.user.id, setId: SET, itemId, now: clock, answer: { selected } });
    await Promise.all([answer(q1, ["B"]), answer(q2, ["A", "B"])]);
    const after = await ada.json<SetView>(`/api/nextgen/sets/${SET}`);
    expect(after.body.items.filter((i) => i.answered).map((i) => i.id)).toEqual([q1, q2]);
    const attempts = await server.database.db
      .select()
      .from(integratedSetAttempts)
      .where(eq(integratedSetAttempts.userId, me.body.user.id));
    expect(attempts).toHaveLength(1);
  });

  it("answers 404 for an unknown set or item and 403 on the Free plan", async () => {
    const ada = await user();
    expect((await ada.json(`/api/nextgen/sets/no-such-set`)).status).toBe(404);
    expect(
      (await ada.json(`/api/nextgen/sets/${SET}/items/nope`, { method: "PUT", body: { selected: ["A"] } })).status,
    ).toBe(404);
    const free = await user("free");
    const r = await free.json<Err>(`/api/nextgen/sets/${SET}`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
    expect((await free.json<Err>("/api/nextgen/tasks")).status).toBe(403);
  });
});

describe("performance tasks", () => {
  it("runs on the server's deadline, refuses stale and late saves, and reveals the rubric once submitted", async () => {
    clock = new Date();
    const ada = await user();
    const before = await ada.json<TaskView>(`/api/nextgen/tasks/${TASK}`);
    expect(before.status).toBe(200);
    expect(before.body.attempt).toBeNull();
    expect(JSON.stringify(before.body)).not.toContain("MEMORANDUM"); // the model answer

    const started = await ada.json<TaskAttempt>(`/api/nextgen/tasks/${TASK}/attempts`, { method: "POST" });
    expect(started.status).toBe(201);
    expect(Date.parse(started.body.deadline) - clock.getTime()).toBe(90 * 60_000);
    expect(started.body.rubric).toBeNull();
    const resumed = await ada.json<TaskAttempt>(`/api/nextgen/tasks/${TASK}/attempts`, { method: "POST" });
    expect(resumed.status).toBe(200);
    expect(resumed.body.id).toBe(started.body.id);

    const url = `/api/nextgen/task-attempts/${started.body.id}`;
    const v1 = await ada.json<TaskAttempt>(`${url}/draft`, {
      method: "PUT",
      body: { draft: "First paragraph.", version: 0 },
    });
    expect(v1.status).toBe(200);
    expect(v1.body.version).toBe(1);
    // A second tab still at version 0 does not overwrite it.
    const stale = await ada.json<Err>(`${url}/draft`, { method: "PUT", body: { draft: "Old tab.", version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toMatchObject({
      reason: "stale",
      attempt: { draft: "First paragraph.", version: 1 },
    });
    const tooBig = await ada.json<Err>(`${url}/draft`, {
      method: "PUT",
      body: { draft: "y".repeat(200_001), version: 1 },
    });
    expect(tooBig.status).toBe(413);

    // Another student cannot read, save, submit or grade it.
    const bob = await user();
    for (const [path, method, body] of [
      ["/draft", "PUT", { draft: "mine", version: 1 }],
      ["/submit", "POST", {}],
      ["/grade", "PUT", { checked: [0] }],
    ] as const)
      expect((await bob.json(`${url}${path}`, { method, body })).status).toBe(404);
    expect((await bob.json<TaskView>(`/api/nextgen/tasks/${TASK}`)).body.attempt).toBeNull();

    // Half-way: the reload resumes with the remaining time.
    clock = new Date(clock.getTime() + 45 * 60_000);
    const mid = await ada.json<TaskView>(`/api/nextgen/tasks/${TASK}`);
    expect(mid.body.attempt?.remainingMs).toBe(45 * 60_000);
    expect(mid.body.attempt?.draft).toBe("First paragraph.");
    const gradeEarly = await ada.json<Err>(`${url}/grade`, { method: "PUT", body: { checked: [0] } });
    expect(gradeEarly.status).toBe(409);

    // Past the deadline (and its grace): the save is refused, the draft as last saved is kept and submitted.
    clock = new Date(Date.parse(started.body.deadline) + 60_000);
    const late = await ada.json<Err>(`${url}/draft`, { method: "PUT", body: { draft: "Too late.", version: 1 } });
    expect(late.status).toBe(409);
    expect(late.body.error.details?.reason).toBe("deadline");
    expect(late.body.error.message).toMatch(/Time is up/);
    const done = await ada.json<TaskView>(`/api/nextgen/tasks/${TASK}`);
    expect(done.body.attempt).toMatchObject({
      status: "submitted",
      autoSubmitted: true,
      draft: "First paragraph.",
      submittedAt: started.body.deadline,
    });
    expect(done.body.attempt?.modelAnswer).toContain("MEMORANDUM");
    expect(done.body.attempt?.rubric).toHaveLength(6);

    const graded = await ada.json<TaskAttempt>(`${url}/grade`, { method: "PUT", body: { checked: [0, 1, 5] } });
    expect(graded.status).toBe(200);
    expect(graded.body).toMatchObject({ checked: [0, 1, 5], earned: 7, possible: 12 });
  });

  it("submits with the final draft and starts a new attempt after a submitted one", async () => {
    clock = new Date();
    const ada = await user();
    const a = await ada.json<TaskAttempt>(`/api/nextgen/tasks/${TASK}/attempts`, { method: "POST" });
    const url = `/api/nextgen/task-attempts/${a.body.id}`;
    const sub = await ada.json<TaskAttempt>(`${url}/submit`, {
      method: "POST",
      body: { draft: "My memo.", version: 0 },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ status: "submitted", autoSubmitted: false, draft: "My memo.", version: 1 });
    expect(sub.body.rubric?.length).toBe(6);
    const twice = await ada.json<TaskAttempt>(`${url}/submit`, { method: "POST", body: {} });
    expect(twice.body.submittedAt).toBe(sub.body.submittedAt);
    const afterSubmit = await ada.json<Err>(`${url}/draft`, { method: "PUT", body: { draft: "edit", version: 1 } });
    expect(afterSubmit.status).toBe(409);
    expect(afterSubmit.body.error.details?.reason).toBe("submitted");
    const next = await ada.json<TaskAttempt>(`/api/nextgen/tasks/${TASK}/attempts`, { method: "POST" });
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(a.body.id);
    expect(next.body.draft).toBe("");
    const list = await ada.json<{ tasks: { id: string; attempt: { status: string } | null }[] }>("/api/nextgen/tasks");
    expect(list.body.tasks.find((t) => t.id === TASK)?.attempt?.status).toBe("in-progress");
    expect((await ada.json(`/api/nextgen/task-attempts/not-a-uuid/submit`, { method: "POST", body: {} })).status).toBe(
      404,
    );
  });
  it("two starts sent at once (two tabs) resume one attempt instead of starting two", async () => {
    clock = new Date();
    const ada = await user();
    const me = await ada.json<{ user: { id: string } }>("/api/me");
    const db = server.database.db;
    const start = () => startTask({ db, userId: me.body.user.id, id: TASK, now: clock });
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.attempt.id).toBe(b.attempt.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const rows = await db
      .select()
      .from(performanceTaskAttempts)
      .where(eq(performanceTaskAttempts.userId, me.body.user.id));
    expect(rows).toHaveLength(1);
  });
});

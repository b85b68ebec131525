/**
 * Issue 17, decision 067: the LLM configuration an administrator stores on /admin/askjds drives
 * the drafting features too (card generation, 'Draft brief'), not only the companion — on a server
 * whose environment configures no model; and an upload into the shared case library is an admin
 * action with a required reason and an audit row. The LLM is the fake OpenAI-compatible server on
 * 127.0.0.1 (tests/helpers/fake-llm.ts); the opinion is an invented fixture.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../src/server/db/schema";
import { importOpinions } from "../../src/server/features/case-law/import.service";
import { type FakeLlmServer, startFakeOpenAI } from "../helpers/fake-llm";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";
import { userIdOf } from "../helpers/users";

const ADMIN = "drafting-admin@example.com";
const FIXTURE = `---\ntitle: 'Lantern v. Wick Supply Co.'\ncite: '911 F.4th 12'\npublished: '2022'\n---\n\n${"The supplier shipped wicks that burned twice as fast as promised. ".repeat(12)}\n\nWe hold that the express warranty was breached.\n\nAffirmed.`;

let llm: FakeLlmServer;
let server: TestServer;
let admin: Client;
let student: Client;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  // No LLM_* in the environment: only the stored configuration can configure a model.
  server = await startTestServer({ ADMIN_EMAILS: ADMIN, RATE_LIMIT_DISABLED: "true", LLM_PROVIDER: "none" });
  admin = await signedInUser(server, ADMIN);
  student = await signedInUser(server, "drafting-student@example.com");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

describe("drafting reads the companion's stored LLM configuration", () => {
  it("without one, drafting says no model is configured; with one, cards and briefs are drafted by it", async () => {
    const topic = { useLlm: true, sources: [{ type: "topic", id: "contracts-offer" }] };
    const before = await student.json<{ llm: string }>("/api/study/generate", { body: topic });
    expect(before.body.llm).toBe("unavailable");
    const opinionId = (
      await importOpinions({
        db: server.database.db,
        ownerId: await userIdOf(student),
        files: [{ name: "lantern.md", content: new TextEncoder().encode(FIXTURE) }],
      })
    ).imported[0].id;
    const refused = await student.json<{ error: { message: string } }>("/api/student-briefs/draft", {
      body: { opinionId, method: "llm" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/admin companion page/);

    const saved = await admin.json("/api/admin/companion/settings", {
      method: "PUT",
      body: {
        provider: "openai-compatible",
        model: "drafting-model",
        baseUrl: llm.url,
        apiKey: "sk-drafting",
        reason: "drafts use the lab model",
      },
    });
    expect(saved.status).toBe(200);

    llm.reply({
      kind: "text",
      text: '[{"question":"What makes a communication an offer?","answer":"A manifestation of willingness to enter a bargain that invites assent."}]',
    });
    const cards = await student.json<{ llm: string; drafts: { question: string; kind: string }[] }>(
      "/api/study/generate",
      { body: topic },
    );
    expect(cards.status).toBe(200);
    expect(cards.body.llm).toBe("used");
    expect(cards.body.drafts).toEqual([
      expect.objectContaining({ question: "What makes a communication an offer?", kind: "llm" }),
    ]);
    const cardCall = llm.requests[llm.requests.length - 1];
    expect((cardCall.body as { model: string }).model).toBe("drafting-model");
    expect(cardCall.headers.authorization).toBe("Bearer sk-drafting");

    llm.reply({
      kind: "text",
      text: '{"facts":"Wicks burned too fast.","proceduralHistory":"","issue":"Was the warranty breached?","rule":"An affirmation of fact is an express warranty.","holding":"Yes.","reasoning":"The wicks did not conform.","separateOpinions":"","takeaways":"- Express warranty"}',
    });
    const brief = await student.json<{ method: string; draft: { sections: Record<string, string> } }>(
      "/api/student-briefs/draft",
      { body: { opinionId, method: "llm" } },
    );
    expect(brief.status).toBe(200);
    expect(brief.body.draft.sections.issue).toBe("<p>Was the warranty breached?</p>");
    expect(JSON.stringify(llm.requests[llm.requests.length - 1].body)).toContain("We hold that the express warranty");

    // Back to the built-in engine: drafting by the model stops at once.
    const off = await admin.json("/api/admin/companion/settings", {
      method: "PUT",
      body: { provider: "none", model: null, baseUrl: null, apiKey: null, reason: "lab model retired" },
    });
    expect(off.status).toBe(200);
    const after = await student.json<{ llm: string }>("/api/study/generate", { body: topic });
    expect(after.body.llm).toBe("unavailable");
  });
});

describe("uploads into the shared library are audited", () => {
  async function upload(c: Client, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("files", new Blob([FIXTURE]), "lantern-library.md");
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.url}/api/case-law/import`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    return { status: res.status, body: (await res.json()) as { jobId?: string; error?: { code: string } } };
  }

  it("needs a reason, and writes who, what and why to the audit log", async () => {
    const noReason = await upload(admin, { scope: "library" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.code).toBe("VALIDATION_FAILED");
    const started = await upload(admin, { scope: "library", subject: "contracts", reason: "warranty cases for 1L" });
    expect(started.status).toBe(202);
    await waitForJob(admin, started.body.jobId!);
    const rows = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "case.import-upload"), eq(adminAuditLog.targetId, started.body.jobId!)));
    expect(rows).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN,
        reason: "warranty cases for 1L",
        targetLabel: "lantern-library.md",
        after: { files: 1, subject: "contracts" },
      }),
    ]);
    // A student's own upload is not an admin action.
    const own = await upload(student, {});
    expect(own.status).toBe(202);
    const all = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "case.import-upload"));
    expect(all).toHaveLength(1);
  });
});

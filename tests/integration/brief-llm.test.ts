/**
 * 'Draft brief' through the configured LLM (issue 5 §4), against the fake OpenAI-compatible
 * server on 127.0.0.1 (tests/helpers/fake-llm.ts): the opinion goes into the prompt, the
 * model's JSON becomes escaped, sanitized sections, and provider failures are clear errors.
 * The opinion is an invented fixture, not legal content.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOpinions } from "../../src/server/features/case-law/import.service";
import { type FakeLlmServer, fakeOpenAIEnv, startFakeOpenAI } from "../helpers/fake-llm";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const FIXTURE = `---\ntitle: 'Quill v. Inkwell Co.'\ncite: '903 F.4th 77'\npublished: '2021'\n---\n\n${"The inkwell company sold the quill maker a defective press, and the press broke within a week. ".repeat(10)}\n\nWe hold that the implied warranty of merchantability covers the press.\n\nAffirmed.`;

let llm: FakeLlmServer;
let server: TestServer;
let ada: Client;
let opinionId: string;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  server = await startTestServer(fakeOpenAIEnv(llm));
  ada = await signedInUser(server, "ada@example.com");
  const adaId = (await ada.json<{ user: { id: string } }>("/api/me")).body.user.id;
  opinionId = (
    await importOpinions({
      db: server.database.db,
      ownerId: adaId,
      files: [{ name: "quill.md", content: new TextEncoder().encode(FIXTURE) }],
    })
  ).imported[0].id;
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

describe("Draft brief with the configured LLM", () => {
  it("sends the opinion to the model and turns its JSON into sanitized sections", async () => {
    llm.reply({
      kind: "text",
      text: 'Here is the brief:\n```json\n{"facts": "Inkwell sold Quill a press that broke in a week.", "proceduralHistory": "", "issue": "Does the implied warranty cover the press?", "rule": "Goods must be merchantable.", "holding": "Yes <script>alert(1)</script>", "reasoning": "A press that breaks in a week is not fit.", "separateOpinions": "", "takeaways": "- Warranty of merchantability\\n- Fitness for ordinary purpose"}\n```',
    });
    const r = await ada.json<{ method: string; draft: { name: string; sections: Record<string, string> } }>(
      "/api/student-briefs/draft",
      { body: { opinionId, method: "llm" } },
    );
    expect(r.status).toBe(200);
    expect(r.body.method).toBe("llm");
    expect(r.body.draft.name).toBe("Quill v. Inkwell Co.");
    expect(r.body.draft.sections.issue).toBe("<p>Does the implied warranty cover the press?</p>");
    expect(r.body.draft.sections.holding).toBe("<p>Yes &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(r.body.draft.sections.takeaways).toBe(
      "<ul><li><p>Warranty of merchantability</p></li><li><p>Fitness for ordinary purpose</p></li></ul>",
    );
    const sent = JSON.stringify(llm.requests[llm.requests.length - 1].body);
    expect(sent).toContain("We hold that the implied warranty of merchantability covers the press.");
    expect(sent).toContain("Quill v. Inkwell Co., 903 F.4th 77");
  });

  it("explains a provider failure and an unreadable answer", async () => {
    llm.reply({ kind: "status", status: 401, message: "bad key" });
    const refused = await ada.json<{ error: { code: string } }>("/api/student-briefs/draft", {
      body: { opinionId, method: "llm" },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("LLM_UNAUTHORIZED");
    llm.reply({ kind: "text", text: "I cannot produce JSON today." });
    const garbled = await ada.json<{ error: { code: string; message: string } }>("/api/student-briefs/draft", {
      body: { opinionId, method: "llm" },
    });
    expect(garbled.status).toBe(502);
    expect(garbled.body.error.message).toMatch(/could not be read.*Draft by extraction/);
  });
});

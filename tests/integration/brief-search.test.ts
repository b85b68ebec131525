/**
 * Case-brief search (issue 12 item 26) over the seeded official briefs: the brief's text and
 * citation count, and common case-name abbreviations match their long forms both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let ada: Client;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "searcher@example.com");
});
afterAll(() => server?.close());

const caseBriefs = async (q: string) =>
  (await ada.json<{ briefs: { name: string }[] }>(`/api/case-briefs?q=${encodeURIComponent(q)}`)).body.briefs.map(
    (b) => b.name,
  );
const officialBriefs = async (q: string) =>
  (await ada.json<{ briefs: { name: string }[] }>(`/api/briefs?q=${encodeURIComponent(q)}`)).body.briefs.map(
    (b) => b.name,
  );

describe("brief search (item 26)", () => {
  it('"intl shoe" finds International Shoe Co. v. Washington on both lists', async () => {
    expect(await caseBriefs("intl shoe")).toContain("International Shoe Co. v. Washington");
    expect(await caseBriefs("Int'l Shoe")).toContain("International Shoe Co. v. Washington");
    expect(await officialBriefs("intl shoe")).toContain("International Shoe Co. v. Washington");
  });

  it('"mailbox" finds briefs whose text mentions it, not only names', async () => {
    const hits = await caseBriefs("mailbox");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits).toContain("Loretto v. Teleprompter Manhattan CATV Corp.");
    expect(await officialBriefs("mailbox")).toContain("Loretto v. Teleprompter Manhattan CATV Corp.");
  });

  it("a long form finds the abbreviation, words match in any order, citations still match", async () => {
    expect(await caseBriefs("teleprompter corporation")).toContain("Loretto v. Teleprompter Manhattan CATV Corp.");
    expect(await caseBriefs("washington shoe")).toContain("International Shoe Co. v. Washington");
    expect(await caseBriefs("326 U.S. 310")).toEqual(["International Shoe Co. v. Washington"]);
    // A name match comes before a brief that only mentions the case in its text.
    expect(await caseBriefs("palsgraf")).toEqual([
      "Palsgraf v. Long Island Railroad Co.",
      "In re Polemis and Furness, Withy & Co.",
    ]);
    expect(await officialBriefs("palsgraf")).toEqual([
      "Palsgraf v. Long Island Railroad Co.",
      "In re Polemis and Furness, Withy & Co.",
    ]);
    expect(await caseBriefs("zzzz-no-such-case")).toEqual([]);
    // No query: the whole list.
    const all = await caseBriefs("");
    expect(all.length).toBeGreaterThan(100);
    expect(all).toEqual(expect.arrayContaining(["Palsgraf v. Long Island Railroad Co.", "INS v. Chadha"]));
  });

  it("a student brief's text is searched too, and only the owner's", async () => {
    const created = await ada.json<{ brief: { id: string } }>("/api/student-briefs", {
      body: {
        name: "Smith v. Jones",
        sections: { facts: "<p>The defendant's llama escaped its paddock.</p>" },
      },
    });
    expect(created.status).toBe(201);
    expect(await caseBriefs("llama")).toEqual(["Smith v. Jones"]);
    const bob = await signedInUser(server, "bob-search@example.com");
    expect((await bob.json<{ briefs: unknown[] }>(`/api/case-briefs?q=llama`)).body.briefs).toEqual([]);
  });
});

/**
 * The answer engine without an LLM, on a real booted server (PGlite, or PostgreSQL with
 * DATABASE_URL) seeded with the real official content.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startTestServer, type TestServer } from "../../../tests/helpers/server";
import type { Citation } from "../../contract/chat";
import { contentState, topics } from "../db/schema";
import { parseEnv } from "../env";
import { type CompanionEngine, createAnswerEngine, registerUserSourceProvider } from "./index";
import { namesCase } from "./case-names";
import { parseChoices, selectCount } from "./compose/mbe";
import type { AnswerEvent } from "./types";

let server: TestServer;
let engine: CompanionEngine;

beforeAll(async () => {
  server = await startTestServer();
  engine = createAnswerEngine({ db: server.database.db, env: parseEnv({}), indexCheckMs: 0 });
  await engine.warm();
});
afterAll(() => server?.close());

type Done = Extract<AnswerEvent, { type: "done" }>;

async function ask(
  question: string,
  opts: { userId?: string; history?: { role: "user" | "assistant"; content: string }[] } = {},
) {
  const events: AnswerEvent[] = [];
  for await (const ev of engine.answer({ userId: opts.userId ?? "", question, history: opts.history ?? [] }))
    events.push(ev);
  const done = events.at(-1) as Done;
  return { events, done, deltas: events.filter((e) => e.type === "delta").map((e) => (e as { text: string }).text) };
}

/** Asks each turn in order, with the earlier turns and their answers as history; the last answer. */
async function converse(...turns: string[]): Promise<Done> {
  const history: { role: "user" | "assistant"; content: string }[] = [];
  let done: Done | null = null;
  for (const question of turns) {
    done = (await ask(question, { history: [...history] })).done;
    history.push({ role: "user", content: question }, { role: "assistant", content: done.content });
  }
  if (!done) throw new Error("no turns");
  return done;
}

/** Every [n] points at a citation, every citation is cited, numbering is 1..k. */
function expectConsistent(content: string, citations: Citation[]) {
  const used = new Set([...content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
  expect(citations.map((c) => c.n)).toEqual(citations.map((_, i) => i + 1));
  expect([...used].sort((a, b) => a - b)).toEqual(citations.map((c) => c.n));
}

describe("composed answers", () => {
  it("streams sources, then deltas that add up to the answer, then done; cites the topic and its case", async () => {
    const { events, done, deltas } = await ask("Does the attorney-client privilege survive the client's death?");
    expect(events[0].type).toBe("sources");
    expect(done.type).toBe("done");
    expect(events.filter((e) => e.type === "done")).toHaveLength(1);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.join("")).toBe(done.content);
    expect((events[0] as { citations: Citation[] }).citations).toEqual(done.citations);
    expect(done.declined).toBe(false);
    expect(done.kind).toBe("concept");
    expect(done.citations[0]).toMatchObject({
      n: 1,
      id: "evidence-attorney-client-privilege",
      kind: "topic",
      url: "/library/topics/evidence-attorney-client-privilege",
    });
    expect(done.citations).toContainEqual(
      expect.objectContaining({
        id: "swidler-and-berlin-v-united-states",
        kind: "brief",
        url: "/cases/swidler-and-berlin-v-united-states",
      }),
    );
    expect(done.content).toMatch(/^\*\*Short answer:\*\*.*death/);
    expect(done.content).toContain("**Exam traps**");
    expectConsistent(done.content, done.citations);
  });

  it("cites only rows that exist in the database", async () => {
    const { done } = await ask("What are the elements of adverse possession?");
    for (const c of done.citations) {
      if (c.kind === "topic")
        expect((await server.database.db.select().from(topics).where(eq(topics.id, c.id))).length).toBe(1);
      if (c.kind === "brief") expect(c.url).toBe(`/cases/${c.id}`);
      if (c.kind === "provision") expect(c.url).toBe(`/library/provisions/${c.id}`);
    }
    expectConsistent(done.content, done.citations);
  });

  it("puts two doctrines side by side for a distinction", async () => {
    const { done } = await ask("What's the difference between larceny and embezzlement?");
    expect(done.kind).toBe("distinction");
    expect(done.citations.slice(0, 2).map((c) => c.id)).toEqual(["crim-larceny", "crim-embezzlement-false-pretenses"]);
    expect(done.content).toMatch(/\| --- \| --- \| --- \|/);
    expect(done.content).toContain("**How to tell them apart**");
    expectConsistent(done.content, done.citations);
  });

  it("briefs a case the student names", async () => {
    const { done } = await ask("What did Palsgraf hold?");
    expect(done.kind).toBe("case");
    expect(done.citations[0]).toMatchObject({
      id: "palsgraf-v-long-island-railroad-co",
      kind: "brief",
      cite: expect.stringContaining("248 N.Y. 339"),
    });
    for (const section of ["**Facts.**", "**Holding.**", "**Reasoning.**", "**Where it fits**"])
      expect(done.content).toContain(section);
    expectConsistent(done.content, done.citations);
  });

  it("tells a doctrine named after a case apart from the case ('the Rule in Shelley's Case' is not Shelley v. Kraemer)", async () => {
    const doctrine = await ask("What's the rule in Shelley's Case?");
    expect(doctrine.done.citations[0].id).toBe("property-remainders");
    expect(doctrine.done.citations.map((c) => c.id)).not.toContain("shelley-v-kraemer");
    const theCase = await ask("what was the holding in Shelley v. Kraemer");
    expect(theCase.done.kind).toBe("case");
    expect(theCase.done.citations[0].id).toBe("shelley-v-kraemer");
  });

  it("reads a party the story names like a case (the owner, Pike; sold to Baker) as a party, not the case", async () => {
    const story = await ask(
      "Nora runs a bakery for its owner, Pike. Pike told her never to buy more than $2,000 of flour without asking him, but she bought $6,000 from the mill they always use. Does Pike have to pay the mill?",
    );
    expect(story.done.kind).not.toBe("case");
    expect(story.done.citations.map((c) => c.id)).not.toContain("pike-v-bruce-church-inc");
    const after = await ask(
      "and what if Pike found out about the flour and just used it in the bakery without saying a word?",
      {
        history: [
          {
            role: "user",
            content:
              "Nora runs a bakery for its owner, Pike. Pike told her never to buy more than $2,000 of flour without asking him, but she bought $6,000 from the mill they always use. Does Pike have to pay the mill?",
          },
          { role: "assistant", content: story.done.content },
        ],
      },
    );
    expect(after.done.kind).not.toBe("case");
    expect(after.done.citations.map((c) => c.id)).not.toContain("pike-v-bruce-church-inc");
    const deed = await ask(
      "Olsen sold his cabin to Ames, who never recorded the deed, and a month later sold the same cabin to Baker, who paid in full and recorded at once. Who owns it?",
    );
    expect(deed.done.citations.map((c) => c.id)).not.toContain("baker-v-carr");
    // Naming the case still briefs it.
    const theCase = await ask("How does the balancing test from Pike work?");
    expect(theCase.done.citations.map((c) => c.id)).toContain("pike-v-bruce-church-inc");
  });

  it("reads an everyday word written in lower case (a loft, the carpenter) as the word, a capitalised one as the case", async () => {
    const loft = await ask("we bought a loft and the seller hid the water damage");
    expect(loft.done.citations.map((c) => c.id)).not.toContain("guth-v-loft-inc");
    const carpenter = await ask("the carpenter didnt finish my deck and wont give back the deposit, what can i do");
    expect(carpenter.done.citations.map((c) => c.id)).not.toContain("mohawk-industries-inc-v-carpenter");
    // Capitalised, the same words name the cases.
    expect((await ask("What did Summers hold?")).done.citations[0].id).toBe("summers-v-tice");
    expect((await ask("What did the court decide in Guth v. Loft?")).done.citations[0].id).toBe("guth-v-loft-inc");
    expect((await ask("Why did the Court in Hertz v. Friend adopt the nerve center test?")).done.citations[0].id).toBe(
      "hertz-corp-v-friend",
    );
  });

  it("reads a story about a lawyer's own conduct as Professional Responsibility, whatever its setting (decision 088)", async () => {
    const conduct = await ask(
      "Lawyer Osei represents a landlord in an eviction. She knows the tenant has a legal aid attorney, but she visits the tenant's apartment to offer him $2,000 to leave by Friday. Is that proper?",
    );
    expect(conduct.done.citations.slice(0, 3).map((c) => c.id)).toContain(
      "pr-communication-with-represented-and-unrepresented-persons",
    );
    // A lawyer asking about the client's rights is asking about the setting's law.
    const setting = await ask(
      "I'm the lawyer for a small landlord in a rent dispute. The tenant's lease says rent is due on the first. Can my client evict for one late payment?",
    );
    expect(setting.done.citations[0].id).toMatch(/^property-/);
    // A lawyer telling of her own practice ("came in for a consult", "wants to hire me") asks about her conduct too.
    const own = await ask(
      "a man came in for a free consult about dissolving his partnership with his business partner and told me all about their profits, but he never hired me. now the other partner wants to hire me for the same breakup. can i take it?",
    );
    expect(own.done.citations.slice(0, 3).map((c) => c.id)).toContain("pr-former-client-conflicts");
  });

  it("reads 'I represent a landlord … any problem?' as the lawyer asking about her own conduct (stop 29)", async () => {
    const { done } = await ask(
      "I represent a landlord whose tenant stopped paying rent. The tenant has a lawyer, but I called the tenant directly to work out a payment plan. Any problem?",
    );
    expect(done.citations[0].id).toBe("pr-communication-with-represented-and-unrepresented-persons");
  });

  it("applies a confinement told in everyday words to false imprisonment's confinement element (decision 089)", async () => {
    const { done } = await ask(
      "Ava was stopped by a store detective who suspected her of hiding a scarf. He kept her in a back office for two hours and refused to let her call anyone. No scarf was found. Does she have a claim against the store?",
    );
    expect(done.citations[0].id).toBe("torts-false-imprisonment");
    expect(done.content).toMatch(/Confinement within bounded area[^\n]*\*Your facts:\* “He kept her in a back office/);
  });

  it("answers 'what is X?' with the topic that defines X, not one of its branches (stop 29)", async () => {
    // Negligence per se and hearsay within hearsay hold the word in a shorter title; the topics
    // whose rule statement says what negligence and hearsay are come first.
    expect((await ask("What is negligence?")).done.citations[0].id).toBe("torts-negligence-standard-of-care");
    expect((await ask("What is the hearsay rule?")).done.citations[0].id).toBe("evidence-hearsay-definition");
    expect((await ask("what is conspiracy")).done.citations[0].id).toBe("crim-conspiracy");
  });

  it("does not read a party's contention as a fact that meets or denies an element (decision 091)", async () => {
    const { done } = await ask(
      "A state-court jury acquitted Rowan of robbing a credit union. A month later a federal grand jury indicted him for the very same robbery. His lawyer says he can't be tried twice for one act. Is she right?",
    );
    expect(done.citations[0].id).toBe("crim-double-jeopardy");
    // The lawyer's argument is what is in dispute: it neither supplies an element nor cuts against one.
    expect(done.content).not.toContain("*Your facts:* “His lawyer says");
    expect(done.content).not.toMatch(/Likely Double Jeopardy applies/);
  });

  it("reads a framing word that opens a term of art as the doctrine's word (decision 091)", async () => {
    // "summary" alone asks for a summary; "summary judgment" names the motion.
    const { done } = await ask("What does the moving party have to show to win summary judgment?");
    expect(done.declined).toBe(false);
    expect(done.citations[0].id).toBe("civpro-summary-judgment");
  });

  it("does not let a long story's everyday words rank a doctrine by its title (stop 29)", async () => {
    // "Standing at the bus stop … careless": the ordinance decides it, whatever "standing" names elsewhere.
    const { done } = await ask(
      "Standing at the bus stop, Ivy was hit by a cyclist who was riding on the sidewalk in violation of a city ordinance. Ivy broke her wrist and missed work. Can Ivy use the ordinance to show the cyclist was careless?",
    );
    expect(done.citations[0].id).toBe("torts-negligence-per-se");
  });

  it("outlines a topic for a rapid summary", async () => {
    const { done } = await ask("give me a quick rundown of adverse possession");
    expect(done.kind).toBe("summary");
    expect(done.citations[0].id).toBe("property-adverse-possession");
    expect(done.content).toContain("rapid summary");
  });

  it("works through the issues of a fact pattern, quoting the student's facts", async () => {
    const { done } = await ask(
      "A homeowner rigged a spring gun in an unoccupied farmhouse to scare off intruders. A trespasser who broke in to steal old bottles was shot in the leg. Can the trespasser recover from the homeowner?",
    );
    expect(done.kind).toBe("fact_pattern");
    expect(done.content).toMatch(/### 1\. /);
    expect(done.content).toContain("*Your facts:*");
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-defense-of-property-and-recapture");
  });

  it("applies each element to the student's facts, concludes with a reason and meets the counter-argument (issue 13 §2)", async () => {
    const { done } = await ask(
      "A neighbour's seven-year-old squeezed through a gap in my fence and drowned in my backyard swimming pool. Am I liable to his parents?",
    );
    expect(done.kind).toBe("fact_pattern");
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-duties-of-land-possessors");
    expect(done.content).toContain("**Likely conclusion.**");
    expect(done.content).toContain("**Counter-argument.**");
    expect(done.content).toContain("**Bottom line.**");
    // The element the facts speak to is matched and decides the conclusion.
    expect(done.content).toMatch(/Likely decided under attractive nuisance/i);
    expect(done.content).not.toMatch(/take each element in turn/i);
    // Every paragraph and bullet carries its citation; the markers resolve.
    for (const line of done.content.split("\n").filter((l) => l.trim() && !l.startsWith("###")))
      if (!/^\*\*The elements on your facts\*\*$/.test(line)) expect(line).toMatch(/\[\d+\]/);
    expectConsistent(done.content, done.citations);
  });

  it("gets from a plain story to the doctrine through the topics' trigger facts (issue 13 §1)", async () => {
    const { done } = await ask(
      "A process server handed me a summons at O'Hare while I waited for a connecting flight. I have never lived in Illinois. Can the Illinois court hear the case against me?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("civpro-personal-jurisdiction-traditional-bases");
  });

  it("cites the provision a question names, with its in-app page", async () => {
    const { done } = await ask("What does FRE 407 cover?");
    expect(done.citations[0].id).toBe("evidence-subsequent-remedial-measures");
    expect(done.citations).toContainEqual(
      expect.objectContaining({
        kind: "provision",
        id: "fre-407",
        title: "FRE 407",
        url: "/library/provisions/fre-407",
      }),
    );
    const page = await client(server.url).json<{
      provision: { label: string };
      cites: { cite: string; topics: { id: string }[] }[];
    }>("/api/provisions/fre-407");
    expect(page.status).toBe(200);
    expect(page.body.provision.label).toBe("FRE 407");
    expect(page.body.cites[0].topics.map((t) => t.id)).toContain("evidence-subsequent-remedial-measures");
    const missing = await client(server.url).json<{ error: { code: string } }>("/api/provisions/fre-9999");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
  });

  it("declines an out-of-scope question honestly, with no citations", async () => {
    const { done, deltas } = await ask("How do I make sourdough bread at home?");
    expect(done.declined).toBe(true);
    expect(done.citations).toEqual([]);
    expect(done.content).toMatch(/^I don't know/);
    expect(done.content).not.toMatch(/\[\d+\]/);
    expect(deltas.join("")).toBe(done.content);
  });

  it("declines an everyday request whose words are spread over many trigger facts (decision 089)", async () => {
    // Each word is in some situation a topic's trigger facts tell (a road trip, a dog, sleep, an
    // exam); no one situation holds them, and the doctrine's own text holds none of them.
    for (const q of [
      "Can you plan a three-day road trip through the mountains with my dog?",
      "give me tips to fall asleep faster before my exam week",
    ]) {
      const { done } = await ask(q);
      expect(done.declined).toBe(true);
      expect(done.citations).toEqual([]);
    }
  });

  it("suggests the nearest topics when a question is close to the library but not answerable from it", async () => {
    const { done } = await ask(
      "What is the statute of limitations for filing a Chapter 7 bankruptcy after a foreclosure?",
    );
    expect(done.declined).toBe(true);
    expect(done.content).toContain("/library/topics/");
  });

  it("declines questions in areas of law the library does not cover, unless they name one of our doctrines", async () => {
    const tax = await ask("I filed my taxes late this year and owe money to the IRS, what penalties will I face?");
    expect(tax.done.declined).toBe(true);
    expect(tax.done.content).toContain("tax law, which Lexmate's library doesn't cover");
    const divorce = await ask("How do I file for divorce in California?");
    expect(divorce.done.declined).toBe(true);
    expect(divorce.done.content).toContain("family law");
    const diversity = await ask("Can a federal court hear a divorce case under diversity jurisdiction?");
    expect(diversity.done.declined).toBe(false);
    expect(diversity.done.citations[0].id).toBe("civpro-diversity-jurisdiction");
  });

  // Issue 13 §5: three kinds of "I don't know", each without law it was not asked for.
  it.each([
    ["How do I perfect a security interest under UCC Article 9?", "secured transactions (UCC Article 9)"],
    ["What's the difference between Chapter 7 and Chapter 13 bankruptcy?", "bankruptcy law"],
    ["Can I deduct my student loan interest on my tax return?", "tax law"],
  ])("a legal question outside the library names its area and cites no topic: %s", async (q, area) => {
    const { done } = await ask(q);
    expect(done.declined).toBe(true);
    expect(done.declineKind).toBe("outside_area");
    expect(done.content).toContain(`a question of ${area}, which Lexmate's library doesn't cover yet`);
    expect(done.citations).toEqual([]);
    expect(done.content).not.toContain("/library/topics/");
  });

  // Issue 18 §1: Business Associations is in the library now, so its questions are answered from its topics.
  it.each([
    ["What fiduciary duties do LLC managers owe the members?", "ba-llc-fiduciary-duties-and-liability"],
    [
      "When can a court pierce the corporate veil and hold shareholders personally liable?",
      "ba-piercing-the-corporate-veil",
    ],
    ["Is it insider trading if the CEO tips his brother, who then sells his shares?", "ba-securities-fraud-rule-10b-5"],
  ])("a Business Associations question is answered from the BA topics: %s", async (q, topic) => {
    const { done } = await ask(q);
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain(topic);
  });

  it.each([
    "Help me write a cover letter for a summer associate job at a law firm",
    "Write me a short poem about autumn leaves",
    "What's the weather going to be like in Chicago this weekend?",
    "Should I put my savings in index funds or crypto?",
    "Write a haiku about studying for the bar exam.",
    "Recommend some good music to study to.",
  ])("a request that is not a law-school question gets a short, kind decline with no law topic: %s", async (q) => {
    const { done } = await ask(q);
    expect(done.declined).toBe(true);
    expect(done.declineKind).toBe("not_legal");
    expect(done.citations).toEqual([]);
    expect(done.content).not.toContain("/library/");
    expect(done.content).not.toMatch(/\[\d+\]|FRE|Statute of Frauds|Rule/);
    expect(done.content.length).toBeLessThan(400);
  });

  it.each([
    "I've had a bad headache with blurred vision since this morning, what should I take?",
    "my friend took too many pills and won't wake up",
    "Bar prep is so bad I keep thinking about hurting myself.",
  ])("a health or safety matter says to see a doctor or call emergency services: %s", async (q) => {
    const { done } = await ask(q);
    expect(done.declined).toBe(true);
    expect(done.declineKind).toBe("health_safety");
    expect(done.citations).toEqual([]);
    expect(done.content).toContain("see a doctor");
    expect(done.content).toContain("call emergency services");
    expect(done.content).not.toContain("/library/");
  });

  it("answers a legal question that mentions a health matter or an outside area's word", async () => {
    const med = await ask("Is a doctor liable in negligence for prescribing the wrong dose of a medication?");
    expect(med.done.declined).toBe(false);
    const llc = await ask("What is the citizenship of an LLC for diversity jurisdiction?");
    expect(llc.done.declined).toBe(false);
    expect(llc.done.citations[0].id).toBe("civpro-diversity-jurisdiction");
  });

  it("answers an MBE stem with its lettered choices: the best answer first, one cited line per choice", async () => {
    const stem =
      "A city ordinance requires every dog owner to keep the dog leashed in public parks. A dog owner let his dog run loose in a park, and it knocked down and injured a jogger. The jogger sues the owner for negligence and proves only the violation of the ordinance, which the owner does not try to excuse.";
    const choices = [
      "(A) The owner is strictly liable for all harm his dog causes anywhere.",
      "(B) The ordinance is irrelevant, because it does not create a private right of action.",
      "(C) The unexcused violation establishes breach, because the jogger is in the class the ordinance protects and the harm is the kind it aims to prevent.",
      "(D) The jogger cannot use the ordinance unless the owner knew of it.",
    ];
    const { done } = await ask(`${stem}\n\nWhich of the following is correct?\n${choices.join("\n")}`);
    expectConsistent(done.content, done.citations);
    const lines = done.content.split("\n");
    expect(lines[0]).toBe("**Best answer: (C)**");
    // Analytics and the evaluation see the question as an MBE question, not a story.
    expect(done.kind).toBe("mbe");
    for (const letter of ["A", "B", "C", "D"]) {
      const line = lines.find((l) => l.startsWith(`- **(${letter})**`));
      expect(line, letter).toBeDefined();
      expect(line).toMatch(/\[\d+\]/);
    }
    expect(done.citations[0].id).toBe("torts-negligence-per-se");
    // The choices are never presented as the student's facts.
    expect(done.content).not.toContain("Your facts");
    // The case cited for the chosen answer is one the negligence per se topic teaches.
    const caseCites = done.citations.filter((c) => c.kind === "brief").map((c) => c.id);
    expect(caseCites.length).toBeGreaterThan(0);
  });

  it("does not pick an 'inadmissible' choice because its reason shares the words of a rule that admits the evidence (stop 34)", async () => {
    const { done } = await ask(
      [
        "A cyclist was killed at an intersection with no witnesses. In the estate's wrongful-death suit, the estate calls the cyclist's coworker to testify that for eight years the cyclist stopped fully at that corner every morning before crossing. The defendant objects. The court should rule that the testimony is",
        "(A) inadmissible, because evidence of a person's character may not be used to prove conduct on a particular occasion.",
        "(B) inadmissible, because the coworker did not see the collision.",
        "(C) admissible, as evidence of the cyclist's habit.",
        "(D) admissible, only if the defendant first attacks the cyclist's character for care.",
      ].join("\n"),
    );
    expect(done.content.split("\n")[0]).toBe("**Best answer: (C)**");
    expect(done.citations[0].id).toBe("evidence-habit-routine-practice");
  });

  it("answers a NextGen select-two stem with six choices: both best answers first, one cited line per choice (A)–(F)", async () => {
    const stem =
      "A city ordinance requires every dog owner to keep the dog leashed in public parks. A dog owner let his dog run loose in a park, and it knocked down and injured a jogger. The jogger sues the owner for negligence and proves only the violation of the ordinance, which the owner does not try to excuse.";
    const choices = [
      "(A) The owner is strictly liable for all harm his dog causes anywhere.",
      "(B) The ordinance is irrelevant, because it does not create a private right of action.",
      "(C) The unexcused violation establishes breach, because the jogger is in the class the ordinance protects and the harm is the kind it aims to prevent.",
      "(D) The jogger cannot use the ordinance unless the owner knew of it.",
      "(E) The jogger must still prove that the violation caused the injury.",
      "(F) The jogger wins automatically, regardless of any other facts.",
    ];
    const { done } = await ask(`${stem}\n\nWhich TWO of the following statements are correct?\n${choices.join("\n")}`);
    expectConsistent(done.content, done.citations);
    const lines = done.content.split("\n");
    expect(lines[0]).toMatch(/^\*\*Best answers: \([A-F]\) and \([A-F]\)\*\*$/);
    const picked = [...lines[0].matchAll(/\(([A-F])\)/g)].map((m) => m[1]);
    expect(picked).toHaveLength(2);
    expect(picked).toEqual([...picked].sort());
    expect(picked).toContain("C");
    for (const letter of ["A", "B", "C", "D", "E", "F"]) {
      const line = lines.find((l) => l.startsWith(`- **(${letter})**`));
      expect(line, letter).toBeDefined();
      expect(line).toMatch(/\[\d+\]/);
    }
    expect(lines.filter((l) => l.includes("**One of the best answers.**"))).toHaveLength(2);
    expect(done.citations[0].id).toBe("torts-negligence-per-se");
  });

  it("reads the number of answers a call asks for and accepts choices up to (F)", () => {
    expect(selectCount("Which TWO of the following are correct?", 6)).toBe(2);
    expect(selectCount("Select three statements that apply.", 6)).toBe(3);
    expect(selectCount("What are the two best answers?", 5)).toBe(2);
    expect(selectCount("Which of the following is the best argument?", 4)).toBe(1);
    const parsed = parseChoices("Facts here. Which TWO are right? (A) one (B) two (C) three (D) four (E) five (F) six");
    expect(parsed?.choices.map((c) => c.letter)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(parsed?.select).toBe(2);
    expect(parseChoices("Facts. Which is right? (A) one (B) two (C) three (D) four")?.select).toBe(1);
  });

  it("answers a follow-up from the previous question", async () => {
    const { done } = await ask("what about the exceptions?", {
      history: [
        { role: "user", content: "What is the felony murder rule?" },
        { role: "assistant", content: "…" },
      ],
    });
    expect(done.declined).toBe(false);
    expect(done.citations[0].id).toBe("crim-felony-murder");
  });

  it("answers a legal story that mentions pills or a joke instead of declining it (decision 057)", async () => {
    const sting = await ask(
      "An undercover cop kept begging me for weeks to sell him pills until I finally did. I'd never sold drugs before. Is that fair?",
    );
    expect(sting.done.declined).toBe(false);
    expect(sting.done.citations.slice(0, 3).map((c) => c.id)).toContain("crim-entrapment");
    const chair = await ask(
      "My coworker pulled my chair out as a joke as I sat down and I broke my tailbone. He says he never meant to hurt me.",
    );
    expect(chair.done.declined).toBe(false);
    expect(chair.done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-battery");
  });

  it("reads an aspect question and a changed fact with the thread, in the thread's subject", async () => {
    const exceptions = await ask("are there exceptions?", {
      history: [
        { role: "user", content: "What is the dormant commerce clause?" },
        { role: "assistant", content: "…" },
      ],
    });
    expect(exceptions.done.citations[0].id).toBe("conlaw-dormant-commerce-clause");
    const swung = await ask("and what if he says I swung first?", {
      history: [
        { role: "user", content: "A guy punched me at a bar. Can I sue him?" },
        { role: "assistant", content: "…" },
      ],
    });
    expect(swung.done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-self-defense-and-defense-of-others");
  });

  it("replies to small talk without sources", async () => {
    const { done } = await ask("thanks!");
    expect(done.declined).toBe(false);
    expect(done.citations).toEqual([]);
  });

  it("stops streaming when the signal aborts, without a done event", async () => {
    const ac = new AbortController();
    const seen: AnswerEvent[] = [];
    await expect(
      (async () => {
        for await (const ev of engine.answer({
          userId: "",
          question: "What is hearsay?",
          history: [],
          signal: ac.signal,
        })) {
          seen.push(ev);
          if (seen.length === 3) ac.abort();
        }
      })(),
    ).rejects.toThrow(/abort/i);
    expect(seen.some((e) => e.type === "done")).toBe(false);
  });
});

describe("a lawyer's own conduct and a long casual story (decision 092)", () => {
  it("answers 'what must the attorney do?' after a client's lie on the stand with candor, not the suit's subject", async () => {
    const { done } = await ask(
      "Attorney Priscilla Oyelaran represents Dmitri Vance in a suit over a fall at a climbing gym. On the stand Dmitri swears he never signed a release; at lunch he admits to Oyelaran that he signed one at his first visit and refuses to fix his testimony. The jury is still out. What must Oyelaran do?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations[0].id).toBe("pr-candor-to-the-tribunal");
  });

  it("answers a new associate's question about texting the other side in a divorce, not as family law", async () => {
    const { done } = await ask(
      "im a first year associate on a divorce and the wife (other side) has her own lawyer but keeps texting me directly that she wants to settle and cut her lawyer out. can i just text her back and make the deal? my supervising partner is out this week",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain(
      "pr-communication-with-represented-and-unrepresented-persons",
    );
  });

  it("keeps a follow-up about a divorce lawyer's fee in the thread, not in family law", async () => {
    const done = await converse(
      "Can my divorce lawyer take 30% of whatever alimony she gets me instead of billing by the hour?",
      "What about a share of the child support my ex still owes from last year?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("pr-fees");
  });

  it("applies a follow-up's changed fact to the element it meets, read in the thread's story", async () => {
    const done = await converse(
      "Officers stopped my car for a cracked windshield and searched the trunk without asking. Was that legal?",
      "what if they asked and i said sure, go ahead?",
    );
    expect(done.citations[0].id).toBe("crim-consent-plain-view");
    // "said sure" is consent only where the police are: they are in the turn before.
    expect(done.content).toContain("Likely decided under consent");
  });

  it("answers a long casual dog-bite story full of everyday words instead of 'I don't know'", async () => {
    const { done } = await ask(
      "the guy across the hall has a big rottweiler mix that already went after the pizza delivery kid last summer, the whole building knows. on sunday i was bringing up his mail and the dog squeezed out the door and bit my leg, 6 stitches and i missed a week of shifts at the cafe. he says it always stays inside and the door latch must have slipped, not his fault. does it matter that he was careful?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-strict-liability-animals");
  });
});

describe("issues across subjects and questions that ask what the law requires (stop 32, decision 093)", () => {
  it("raises a close second issue of another subject: a sale of land agreed over the phone and never signed", async () => {
    const { done } = await ask(
      "My neighbor agreed over the phone to sell me the vacant lot behind his house, and we never signed anything. Can I make him go through with the deal?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("contracts-statute-of-frauds");
    // "never signed anything" denies the writing a land sale needs (a signature), in both issues.
    expect(done.content).toMatch(
      /- Writing: parties[^\n]*Your facts cut against it:\* “and we never signed anything\.”/,
    );
  });

  it("answers 'am I legally obligated to help?' at a hotel pool instead of reading it as travel", async () => {
    const { done } = await ask("Am I legally obligated to help a stranger who is drowning at the hotel pool?");
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("torts-affirmative-duties-and-duty-to-rescue");
  });

  it("moves a follow-up about asking the board first to derivative suits", async () => {
    const done = await converse(
      "Okafor, a director of Lantern Foods, Inc., learned through the company that a rival bakery was for sale cheaply, bought it himself, and never told the board. Did he breach a duty to Lantern?",
      "Can a stockholder sue him for it on her own, or must she go to the board first?",
    );
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("ba-derivative-suits");
  });
});

describe("the student's own sources", () => {
  it("uses a registered provider's note for its owner only, and survives a failing provider", async () => {
    registerUserSourceProvider(async ({ userId, limit }) =>
      userId === "user-a"
        ? [
            {
              id: "note-1",
              kind: "note" as const,
              title: "My hearsay outline",
              cite: "Note",
              url: "/notes/note-1",
              text: "Hearsay is an out-of-court statement offered for its truth. My professor says the excited utterance exception is tested every year.",
              score: 0.9,
            },
          ].slice(0, limit)
        : [],
    );
    registerUserSourceProvider(async () => {
      throw new Error("notes index unavailable");
    });
    const mine = await ask("What is the excited utterance exception to hearsay?", { userId: "user-a" });
    expect(mine.done.citations).toContainEqual(
      expect.objectContaining({ id: "note-1", kind: "note", url: "/notes/note-1" }),
    );
    expect(mine.done.content).toContain("**From your own material**");
    expectConsistent(mine.done.content, mine.done.citations);
    const theirs = await ask("What is the excited utterance exception to hearsay?", { userId: "user-b" });
    expect(theirs.done.citations.map((c) => c.id)).not.toContain("note-1");
    expect(theirs.done.declined).toBe(false);
  });
});

describe("the index follows the content seed", () => {
  it("rebuilds when the seed's hash changes: a retired topic is no longer cited", async () => {
    const before = await ask("What is the rule against perpetuities?");
    expect(before.done.citations[0].id).toBe("property-rule-against-perpetuities");
    const db = server.database.db;
    await db.update(topics).set({ retiredAt: sql`now()` }).where(eq(topics.id, "property-rule-against-perpetuities"));
    await db.update(contentState).set({ hash: "changed-for-test" }).where(eq(contentState.kind, "official"));
    const after = await ask("What is the rule against perpetuities?");
    expect(after.done.citations.map((c) => c.id)).not.toContain("property-rule-against-perpetuities");
    await db.update(topics).set({ retiredAt: null }).where(eq(topics.id, "property-rule-against-perpetuities"));
    await db.update(contentState).set({ hash: "changed-back" }).where(eq(contentState.kind, "official"));
    const again = await ask("What is the rule against perpetuities?");
    expect(again.done.citations[0].id).toBe("property-rule-against-perpetuities");
  });
});

describe("the leading case of an MBE answer (stop 35, decision 096)", () => {
  it("cites a case taught under the answer's own doctrine, not an Article IV case the topic also lists", async () => {
    const { done } = await ask(
      "A state enacted a law requiring that all oysters harvested in its waters be shucked and packed within the state before being shipped elsewhere, to create jobs for state residents. Congress has not legislated on the subject. An out-of-state packing company sues.\n\nWhich is the strongest argument against the law?\n(A) It violates the Privileges and Immunities Clause of Article IV because corporations are citizens.\n(B) It discriminates against interstate commerce to protect local economic interests, in violation of the dormant commerce clause.\n(C) It takes the company's property without just compensation.\n(D) It denies the company equal protection because it is not narrowly tailored to a compelling interest.",
    );
    expect(done.content).toMatch(/^\*\*Best answer: \(B\)\*\*/);
    const best = done.content.split("\n").find((l) => l.includes("**Best answer.**")) ?? "";
    expect(best).toContain("City of Philadelphia v. New Jersey");
    expect(best).not.toContain("Camden");
  });

  it("reads a case named in a rule statement by its parties' words", () => {
    expect(namesCase("… (Philadelphia v. New Jersey; Maine v. Taylor)", "City of Philadelphia v. New Jersey")).toBe(
      true,
    );
    expect(namesCase("… (Hanna v. Plumer)", "Hustler Magazine, Inc. v. Falwell")).toBe(false);
    expect(namesCase("Taylor argued", "Maine v. Taylor")).toBe(false);
  });
});

describe("MBE choices: a trap's correction, and the subject the choices argue (stop 37, decision 098)", () => {
  it("does not take a choice for the trap whose correction it states: a personal-jurisdiction defense left out of a Rule 12 motion is waived", async () => {
    const { done } = await ask(
      "A distributor sued a manufacturer in federal court. The manufacturer moved to dismiss under Rule 12(b)(6) for failure to state a claim, and the motion was denied. In its answer, filed two weeks later, the manufacturer asserted for the first time that the court lacked personal jurisdiction over it, and it promptly moved to dismiss on that ground.\n\nHow should the court rule?\n(A) Grant the motion, because the manufacturer raised the defense in its first responsive pleading.\n(B) Grant the motion, because a court that lacks personal jurisdiction may never enter a judgment.\n(C) Deny the motion, because a defendant who makes a Rule 12 motion and leaves out an available personal-jurisdiction defense has waived it.\n(D) Deny the motion, because personal jurisdiction may be challenged only before any appearance.",
    );
    expect(done.content).toMatch(/^\*\*Best answer: \(C\)\*\*/);
    expect(done.kind).toBe("mbe");
  });

  it("answers from the subject the choices argue when the stem's procedural posture retrieves Civil Procedure", async () => {
    const { done } = await ask(
      "A county hired a safety inspector whose job was to inspect county bridges and report defects to the public works director. As his job required, he wrote a report to the director that a bridge was unsafe and that the director had ignored earlier warnings. The director demoted him for the report. The inspector sued the county, claiming the demotion violated his First Amendment rights. After discovery the county moved for summary judgment on undisputed facts.\n\nShould the court grant the motion?\n(A) Yes, because speech a public employee makes pursuant to his official duties is not the speech of a citizen and is not protected by the First Amendment.\n(B) No, because bridge safety is a matter of public concern, and the county's interest in efficiency does not outweigh the inspector's interest in speaking.\n(C) No, because demoting an employee for the content of his speech triggers strict scrutiny.\n(D) Yes, because public employees have no First Amendment rights at work.",
    );
    expect(done.content).toMatch(/^\*\*Best answer: \(A\)\*\*/);
    expect(done.citations[0].id).toBe("conlaw-speech-government-employees-and-students");
    // The rule the answer closes on is the First Amendment's, not the summary-judgment standard.
    expect(done.content).not.toContain("Summary Judgment");
  });
});

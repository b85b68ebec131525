/**
 * The conversation's state (issue 13 §4, decision 073) on the real engine and the real official
 * content: a third turn inherits the first turn's doctrine through the second; a short question that
 * names no doctrine is read with the thread; a subject the follow-up names outranks the thread's; a
 * new question that names its own doctrine starts afresh. Plus the story's civil or criminal ask.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/helpers/server";
import { parseEnv } from "../env";
import { type CompanionEngine, createAnswerEngine } from "./index";
import { askedSide, askPenalties } from "./ask";
import type { CorpusDoc } from "./corpus";
import { findCaseMentions } from "./case-names";
import { closeSeconds } from "./compose/concept";
import { issueTopics } from "./compose/fact-pattern";
import type { ComposeContext } from "./compose/shared";
import type { TopicDoc } from "./corpus";
import { IndexCache } from "./index-cache";
import { type Hit, parseQuery } from "./retrieve";
import { continuesStory, followUpStrength, resolveThread, withoutReplaced } from "./thread";
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

/** Asks each turn in order with the earlier turns as history; the last answer's first three source ids. */
async function converse(...turns: string[]): Promise<string[]> {
  return (await last(...turns)).citations.slice(0, 3).map((c) => c.id);
}

/** Whether `question` continues the story of the single earlier turn `earlier` (continuesStory). */
async function continuesAfter(earlier: string, question: string): Promise<boolean> {
  const index = await new IndexCache(server.database.db).get();
  const thread = resolveThread(index, [{ role: "user", content: earlier }]);
  if (!thread) throw new Error("no thread");
  return continuesStory(index, question, parseQuery(index, question), thread);
}

/** The last answer of a conversation (asked turn by turn). */
async function last(...turns: string[]): Promise<Done> {
  const history: { role: "user" | "assistant"; content: string }[] = [];
  let done: Done | null = null;
  for (const question of turns) {
    for await (const ev of engine.answer({ userId: "", question, history: [...history] }))
      if (ev.type === "done") done = ev;
    history.push({ role: "user", content: question }, { role: "assistant", content: done?.content ?? "" });
  }
  if (!done) throw new Error("no answer");
  return done;
}

describe("the thread", () => {
  it("carries the first turn's doctrine into a third turn", async () => {
    const ids = await converse(
      "Explain the attractive nuisance doctrine.",
      "does it cover a teenager?",
      "what if the owner put up a fence?",
    );
    expect(ids).toContain("torts-duties-of-land-possessors");
  });

  it("reads a short question that names no doctrine ('what's the deadline?') with the thread", async () => {
    expect(await converse("How does removal to federal court work?", "what's the deadline?")).toContain(
      "civpro-removal",
    );
    expect(await converse("What is the insanity defense?", "which test do federal courts use?")).toContain(
      "crim-insanity-competency",
    );
  });

  it("follows a subject the follow-up names over the thread's", async () => {
    expect(await converse("What are the elements of battery in torts?", "is it different in criminal law?")).toContain(
      "crim-assault-battery",
    );
  });

  it("starts afresh when the new question names its own doctrine", async () => {
    expect(await converse("What is hearsay?", "What is the mailbox rule?")).toContain("contracts-acceptance");
    expect(
      await converse("When can the police search a car without a warrant?", "How does diversity jurisdiction work?"),
    ).toContain("civpro-diversity-jurisdiction");
  });
});

describe("the story's ask", () => {
  it("ranks Constitutional Law and Civil Procedure after the lawyer's conduct in a story about that conduct (stop 34)", () => {
    const penalty = askPenalties(
      "attorney lee represents a contractor in a suit over unpaid invoices. the contractor admits wiring that will likely start a fire within the year. may lee tell anyone?",
      true,
    );
    const topic = (subjectId: string) => ({ kind: "topic", id: "x", subjectId }) as unknown as CorpusDoc;
    expect(penalty(topic("constitutional-law"))).toBeGreaterThan(0);
    expect(penalty(topic("civil-procedure"))).toBeGreaterThan(0);
    expect(penalty(topic("professional-responsibility"))).toBe(0);
  });

  it("tells a civil ask from a criminal one", () => {
    expect(askedSide("he swung a bottle at me and missed. can i sue him?")).toBe("civil");
    expect(askedSide("he swung a bottle at me and missed. can he be charged?")).toBe("criminal");
    expect(askedSide("is he criminally liable?")).toBeNull();
  });

  it("answers 'can I sue him?' after a swing in a bar with the tort, not the crime", async () => {
    const ids = await converse(
      "A guy at a bar swung a beer bottle at me but missed. I was terrified. Can I sue him for anything?",
    );
    expect(ids[0]).toBe("torts-assault");
  });
});

describe("a follow-up judged with its thread (decision 073, fourth dev split)", () => {
  it("answers a changed fact that holds a word which alone reads as non-legal", async () => {
    const done = await last(
      "An undercover officer begged my friend for weeks to sell him some pills until he gave in. Is that entrapment?",
      "what if my friend had already been selling pills to strangers for years?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("crim-entrapment");
  });

  it("still declines an explicit non-legal request made as a follow-up", async () => {
    const done = await last("What is hearsay?", "and can you write me a poem about my girlfriend?");
    expect(done.declined).toBe(true);
    expect(done.citations).toEqual([]);
  });

  it("reads a long turn that opens on a conjunction as a follow-up", () => {
    expect(
      followUpStrength(
        "ok and what if the noise from the blasting made the neighbour's animals panic and hurt themselves",
      ),
    ).toBe("strong");
    expect(
      followUpStrength("and who owns the land afterwards if the condition is broken, and does anyone have to act?"),
    ).toBe("strong");
  });

  it("drops the fact a changed-fact follow-up replaces", () => {
    expect(withoutReplaced("what test applies if it were religion instead of gender?")).toBe(
      "what test applies if it were religion ?",
    );
    expect(withoutReplaced("what if she was insane rather than drunk, would it matter")).toBe(
      "what if she was insane , would it matter",
    );
    expect(withoutReplaced("what if instead the buyer paid cash")).toBe("what if instead the buyer paid cash");
  });
});

describe("a follow-up that opens with a reply to the tutor (stop 34)", () => {
  it("drops 'ok but' before the follow-up is read with a story of a sale", () => {
    expect(withoutReplaced("ok but what if he'd taken the guard off himself?")).toBe(
      "but what if he'd taken the guard off himself?",
    );
    expect(withoutReplaced("Okay, got it. and if she never signed?")).toBe("and if she never signed?");
    expect(withoutReplaced("ok")).toBe("ok");
  });
  it("reads 'ok but the supplier never knew about the limit' after an order over a manager's limit as authority, not a counteroffer", async () => {
    const cites = await converse(
      "Dana owns a bakery and hires Leo as its manager. She tells him in writing he may buy supplies but needs her approval for any purchase over $2,000. While Dana is away, Leo orders a $6,000 oven from a restaurant supplier. Dana refuses to pay for it. Could Leo bind Dana to the order?",
      "ok but the supplier never knew about the limit, and dana has paid for big orders leo made with them before",
    );
    expect(cites[0]).toBe("ba-apparent-authority");
    expect(cites).not.toContain("contracts-battle-of-the-forms");
    expect(cites).not.toContain("contracts-acceptance");
  });
});

describe("a pronoun after a story points at its parties (stop 34)", () => {
  it("reads 'can she just cancel and get her deposit back?' after a tenant shut out by the holdover as the tenant's remedy", async () => {
    const cites = await converse(
      "Priya signed a one-year lease on a house starting August 1. When she showed up with her movers on August 1, the old tenant, whose lease had ended July 31, was still living there and would not leave. The landlord said it was between her and the old tenant. What can Priya do against the landlord?",
      "in most places, can she just cancel and get her deposit back, or is she stuck paying rent while he's still in there?",
    );
    expect(cites[0]).toBe("property-delivery-of-possession");
  });
});

describe("a pronoun after a doctrine question points at that doctrine (stop 34)", () => {
  it("reads 'can a person who wasn't a party the first time use it against the side that lost?' after collateral estoppel as preclusion", async () => {
    const cites = await converse(
      "When does collateral estoppel keep a party from relitigating an issue an earlier case already decided?",
      "can a person who wasn't a party the first time use it against the side that lost?",
    );
    expect(cites).toContain("civpro-issue-preclusion");
    expect(cites[0]).not.toBe("contracts-third-party-beneficiaries");
  });
});

describe("a follow-up that contrasts, objects or stays in the subject (stop 25)", () => {
  it("reads 'ok but …' and 'how is that different from …?' as leaning on the thread", () => {
    expect(followUpStrength("ok but what does the plaintiff have to prove when the defendant bears the burden?")).toBe(
      "strong",
    );
    expect(followUpStrength("how is that different from a pure race statute?")).toBe("strong");
    expect(followUpStrength("is it the same for a licensee?")).toBe("strong");
    expect(followUpStrength("What is the difference between larceny and embezzlement?")).toBeNull();
  });

  it("contrasts 'that' with the doctrine under discussion, in the thread's subject", async () => {
    const ids = await converse("What is a notice recording statute?", "how is that different from a race statute?");
    expect(ids[0]).toBe("property-recording-acts");
  });

  it("keeps a longer question that stays in the thread's subject on the thread's doctrine", async () => {
    const ids = await converse(
      "How does adverse possession work?",
      "Can a buyer count the years the seller had the land toward the statutory period?",
    );
    expect(ids).toContain("property-adverse-possession");
  });
});

describe("a changed fact in a story's thread (stop 25)", () => {
  it("answers 'what if he was drunk?' after a bar fight issue by issue, with the new fact's doctrine", async () => {
    const ids = await converse(
      "My brother shoved a man outside a club and is now charged with battery. Can he argue the man came at him first?",
      "what if he was drunk?",
    );
    expect(ids).toContain("crim-intoxication");
  });
});

describe("a turn that goes on with the story (stop 29)", () => {
  it("reads a longer turn that names the thread's parties with the thread, without a follow-up word", async () => {
    // No "what if", over 12 words, and alone it reads as a civil-procedure question about counterclaims.
    const ids = await converse(
      "I represent a landlord and his tenant together in one suit against the contractor whose burst pipe flooded the building. Any problem?",
      "The contractor just answered with a counterclaim blaming the tenant for leaving a window open, so where does that leave me with the landlord?",
    );
    expect(ids).toContain("pr-conflicts-current-clients");
  });

  it("tells a party named in the thread from the same word as an everyday word", async () => {
    const earlier = "Associate Priya backdated a filing because partner Dunmore told her to. Is that misconduct?";
    expect(
      await continuesAfter(
        earlier,
        "Later on, after thinking it over for a week, should Priya go and say something to somebody?",
      ),
    ).toBe(true);
    expect(
      await continuesAfter(
        earlier,
        "Separately, when may a lawyer share fees with a lawyer who is not in the same firm?",
      ),
    ).toBe(false);
  });

  it("reads a party named in lower case, and a new fact told without a question, with the thread (decision 092)", async () => {
    expect(
      await continuesAfter(
        "Marta, a citizen of Ohio, sues Devlin, a citizen of Texas, for $120,000. Is there jurisdiction?",
        "devlin wants to bring in the dealer who sold him the truck, can the court hear that too",
      ),
    ).toBe(true);
    expect(
      followUpStrength("by the time it reaches the court of appeals the city has already repealed the ordinance tho"),
    ).toBe("weak");
    expect(followUpStrength("Explain the parol evidence rule")).toBeNull();
    const ids = await converse(
      "Marta, a citizen of Ohio, sues Devlin, a citizen of Texas, in federal court for $120,000 after a crash. Can the court hear it?",
      "devlin wants to bring in the texas dealer who fixed his brakes, saying the dealer should pay if he has to. can the federal court hear that part even though both are from texas",
    );
    // Bringing in the dealer is impleader, heard under supplemental jurisdiction: either answers it.
    expect(
      ids.filter(
        (id) => id === "civpro-supplemental-jurisdiction" || id === "civpro-counterclaims-crossclaims-impleader",
      ),
    ).not.toEqual([]);
  });

  it("answers 'can she deduct the cost of redoing it?' after a short-built wall with the measure of damages", async () => {
    const ids = await converse(
      "Thea's landscaper built a wall two feet short of what the contract said; fixing it would mean tearing out the garden. Must Thea pay the last installment?",
      "And can she deduct the cost of redoing the whole wall or only something less?",
    );
    expect(ids).toContain("contracts-expectation-damages");
  });
});

describe("a follow-up that moves to a neighbouring doctrine (stop 32, decision 093)", () => {
  it("moves from the business judgment rule to a director's own interest in the deal, a topic it lists as related", async () => {
    // The second turn of followups-blind4 fub4-03 (run blind at stop 27, tuned on since).
    expect(
      await converse(
        "what does the business judgment rule actually protect directors from?",
        "what if one of the directors secretly owned the company the board was buying from",
      ),
    ).toContain("ba-duty-of-loyalty");
  });
});

describe("longer follow-ups that point back, and a lawyer's conduct asked as 'may she?' (stop 33, decision 094)", () => {
  it("leans a longer question with a pronoun on the thread when it answers nothing alone", () => {
    expect(
      followUpStrength("what does she actually get for the fence then? redoing it would cost a small fortune"),
    ).toBe("weak");
    expect(
      followUpStrength("What is the difference between a general and a special warranty deed in a sale of land?"),
    ).toBeNull();
    // A turn that opens on "so" continues the one before, like "and" or "but".
    expect(followUpStrength("so if the first charge falls apart, can they still get him for something else?")).toBe(
      "strong",
    );
  });

  it("answers what the owner recovers for a cheaper but equal part after a substantial performance question", async () => {
    const ids = await converse(
      "Nadia hired a contractor to re-roof her home for $48,000, specifying slate from one named quarry. He used slate of identical quality from another quarry. She refuses to pay the last $12,000. Must she pay?",
      "ok so what does she actually get for the slate then? tearing it all off would cost $30k but the house isn't worth a penny less",
    );
    expect(ids).toContain("contracts-expectation-damages");
  });

  it("reads 'may she do so?' after a lawyer's plan to phone the other side's employee as the no-contact rule", async () => {
    const ids = await converse(
      "Attorney Priya Lund represents a tenant suing her landlord, Calder Rentals, for failing to repair a broken furnace all winter. Calder has its own lawyer in the case. Lund wants to call Calder's building superintendent, whose decisions to delay the furnace repair are at the center of the suit, and ask him why. May she do so?",
    );
    expect(ids).toContain("pr-communication-with-represented-and-unrepresented-persons");
  });

  it("keeps an injunction against the official after a state's sovereign immunity (the thread read, not declined)", async () => {
    const done = await last(
      "Jonah, a groundskeeper at Eastfield State College, an arm of the state, sues the college in federal district court for overtime owed under the Fair Labor Standards Act. The state has not consented to suit. How should the court rule on the college's motion to dismiss?",
      "what if he only asks for an order telling the college's president to pay overtime from now on?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("conlaw-state-sovereign-immunity");
  });
});

describe("a follow-up whose best topic is the one already answered points to the neighbour its new fact raises (stop 33, decision 094)", () => {
  it("adds the attempt topic after a receiving-stolen-property sting when asked about trying", async () => {
    const done = await last(
      "Detectives recovered a crate of stolen designer handbags from a warehouse burglary and, with the importer's consent, used them in a sting at a downtown pawn shop. An undercover detective offered six bags to Ruiz, a pawnbroker, at a fifth of their retail price, saying they fell off a truck. Ruiz laughed, said he would not ask questions, and paid cash. Is Ruiz guilty of receiving stolen property?",
      "ok so if that doesn't stick, could he still be convicted for trying?",
    );
    // The topic the thread is about stays first; the neighbour is pointed to, with its summary.
    expect(done.citations.slice(0, 2).map((c) => c.id)).toEqual(["crim-receiving-stolen-property", "crim-attempt"]);
    expect(done.content).toContain("**See also Attempt:**");
  });
});

describe("a short turn that answers nothing alone, in a conversation (stop 33, decision 094)", () => {
  it("reads 'would the court be as strict if the law instead rewrote private leases?' with the Contracts Clause thread", async () => {
    const done = await last(
      "Facing a deficit, the State of Ardent passed a law cutting by a fifth the yearly raises promised in its written contracts with retired teachers. The legislature declared a fiscal emergency but had rejected every tax increase. The retirees sue, claiming the law impairs their contracts. How will a court analyze the claim?",
      "would the court be as strict if the law instead rewrote existing leases between private landlords and tenants?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("conlaw-contracts-clause");
  });
});

describe("a follow-up the thread's own topic still leads (stop 35, decision 096)", () => {
  /** A composing context over real topics with the given ranking scores (relevance 1), led by the first. */
  async function ranked(scores: [string, number][], threadTopic: string | null): Promise<ComposeContext> {
    const index = await new IndexCache(server.database.db).get();
    const hits = scores.map(([id, score]) => {
      const doc = index.docs.get(`topic:${id}`);
      if (!doc) throw new Error(`no topic ${id}`);
      return { key: `topic:${id}`, doc, score, relevance: 1, coverage: 1, titleCoverage: 0 } as Hit;
    });
    const thread = threadTopic ? { question: "earlier", subjectId: null, topicId: threadTopic } : null;
    return { index, corpus: index.corpus, hits, thread } as unknown as ComposeContext;
  }

  it("points to the next two close topics when the thread's topic leads, and to neither when the question stands alone", async () => {
    const scores: [string, number][] = [
      ["crim-larceny", 1],
      ["crim-accomplice-liability", 0.8],
      ["crim-receiving-stolen-property", 0.79],
    ];
    const followUp = await ranked(scores, "crim-larceny");
    const lead = followUp.corpus.topics.get("crim-larceny") as TopicDoc;
    expect(closeSeconds(followUp, lead).map((t) => t.id)).toEqual([
      "crim-accomplice-liability",
      "crim-receiving-stolen-property",
    ]);
    expect(closeSeconds(await ranked(scores, null), lead)).toEqual([]);
  });

  it("raises a second issue of another subject in such a follow-up, not in a question that stands alone", async () => {
    const scores: [string, number][] = [
      ["contracts-third-party-beneficiaries", 1],
      ["civpro-intervention", 0.8],
    ];
    const ids = async (thread: string | null) => issueTopics(await ranked(scores, thread)).map((t) => t.id);
    expect(await ids("contracts-third-party-beneficiaries")).toEqual([
      "contracts-third-party-beneficiaries",
      "civpro-intervention",
    ]);
    expect(await ids(null)).toEqual(["contracts-third-party-beneficiaries"]);
  });

  it("raises the doctrine a follow-up's own words call for, however many words the first turn spent elsewhere", async () => {
    const ids = await converse(
      "A landlord has been texting my sister twenty times a day, sometimes at 3 a.m., threatening to have her arrested over rent she already paid. She can't sleep and has panic attacks. Does she have a claim against him?",
      "and he also emailed her manager saying she was evicted for dealing drugs, which never happened. is that a separate claim?",
    );
    expect(ids).toContain("torts-defamation-common-law");
  });

  it("reads a longer changed fact that points back with a pronoun as a follow-up", () => {
    expect(
      followUpStrength(
        "what if she had been standing on the very top step, the one with the label that says do not stand here, and was using it to lift a heavy box of old books onto a high shelf?",
      ),
    ).toBe("strong");
  });

  it("reads a firm's name in a story as a firm, not the case that shares it", async () => {
    const index = await new IndexCache(server.database.db).get();
    const story =
      "Nora spent four years at Baker LLP defending Acme Freight in billing suits. She has now joined a plaintiffs' firm and a shipper wants her to sue Acme. May she take the case?";
    expect(findCaseMentions(index, story).map((m) => m.briefId)).not.toContain("baker-v-carr");
    expect(findCaseMentions(index, "What did Baker v. Carr hold about districting?").map((m) => m.briefId)).toContain(
      "baker-v-carr",
    );
  });
});

describe("a follow-up's kind is its own (stop 35, decision 096)", () => {
  it("answers a follow-up about a group's worry with intervention, not the case a group's name shares a word with", async () => {
    const done = await last(
      "Harbor Homes sues the town in federal court over a denied permit to build on a marsh. Friends of the Marsh, whose members hike there every weekend, wants to take part in the case to defend the denial. Can the group get into the case?",
      "what if the group's only worry is that the ruling could be cited against it later in a fight over a different marsh?",
    );
    expect(done.citations[0].id).not.toBe("marsh-v-alabama");
    expect(done.citations.slice(0, 3).map((c) => c.id)).toContain("civpro-intervention");
  });
});

describe("a follow-up that names the next doctrine in its own words leads with it (stop 36, decision 097)", () => {
  it("leads with transfer of venue when the case is already in federal court and the witnesses are elsewhere", async () => {
    const ids = await converse(
      "A Georgia company is sued in Florida state court by a Florida resident for $300,000. Can it remove the case to federal court?",
      "fine, it's in federal court in Miami now, but its engineers and all the contracts are up in Atlanta. can it get the whole thing sent up there?",
    );
    expect(ids[0]).toBe("civpro-transfer-and-forum-non-conveniens");
  });

  it("answers a stranger who wants into the suit on her own with intervention, not required joinder", async () => {
    const ids = await converse(
      "Two cousins each claim the same life insurance payout, and only one of them sues the insurer. Must the court bring the other cousin into the case?",
      "and if the court doesn't, can the other cousin jump in on her own to protect her claim?",
    );
    expect(ids[0]).toBe("civpro-intervention");
  });

  it("leads with mootness when the rule is repealed while the appeal is pending", async () => {
    const ids = await converse(
      "A city denies a church a permit to hold a rally in a park. The church sues. Does it have standing?",
      "say it has standing, but while the appeal is pending the city repeals the permit rule entirely. then what?",
    );
    expect(ids[0]).toBe("conlaw-ripeness-and-mootness");
  });

  it("leads with past consideration when the promise came afterwards in thanks", async () => {
    const ids = await converse(
      "My neighbor promised to pay me $2,000 if I mowed his lawn all summer. I did it and he won't pay. Can I enforce it?",
      "what if he only promised me the money in september, as a thank you for having already mowed it?",
    );
    expect(ids[0]).toBe("contracts-past-consideration");
  });

  it("keeps a follow-up about collecting alimony in a thread about a divorce lawyer's contingent fee", async () => {
    const done = await last(
      "can I take a divorce case on a contingency basis?",
      "what about collecting back alimony after the divorce is final?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations[0].id).toBe("pr-fees");
  });

  it("answers a follow-up in which the patient of the story was unconscious, instead of declining it for safety", async () => {
    const done = await last(
      "explain res ipsa loquitur",
      "does it apply when the patient was unconscious and any of three surgeons could have nicked the nerve?",
    );
    expect(done.declined).toBe(false);
    expect(done.citations[0].id).toBe("torts-res-ipsa-loquitur");
  });

  it("reads officers who answer a 911 call and enter without a warrant as a search question", async () => {
    const ids = await converse(
      "Officers get a 911 call, look through a window, see a man hitting a woman, and walk in without a warrant. They see a gun on the table. He moves to suppress the gun. What result?",
    );
    expect(ids).toContain("crim-exigent-circumstances");
    expect(ids).not.toContain("evidence-present-sense-impression-excited-utterance");
  });
});

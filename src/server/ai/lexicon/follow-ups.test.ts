/**
 * The situations a follow-up turns to (stop 36, decision 097), each read from a student's words into
 * the doctrine's terms, and the entries narrowed to keep out of a context they misread.
 */
import { describe, expect, it } from "vitest";
import { expandShorthand } from "../lexicon";
import { outOfContext } from "./context";

const expanded = (text: string) => expandShorthand(text.toLowerCase(), text);

describe("the next step of a story, in a student's words (stop 36)", () => {
  it("reads a partner who leaves and wants her share paid as dissociation", () => {
    expect(
      expanded("we split the profits as partners. if he walks away next spring, can he make me buy his share?"),
    ).toContain("dissociation");
    expect(expanded("if he walks away from the deal, can she make him pay her share of the rent?")).not.toContain(
      "dissociation",
    );
  });

  it("reads a contract that pays someone the promisee owes straight as a creditor beneficiary", () => {
    expect(expanded("the buyer was to send the price straight to the bank the seller owed")).toContain(
      "creditor beneficiary",
    );
  });

  it("reads witnesses who are all up in another state as a transfer of venue", () => {
    expect(expanded("the case is in federal court in utah but the witnesses are all back in idaho")).toContain(
      "transfer of venue",
    );
    expect(expanded("can the company get the lawsuit moved down to arizona?")).toContain("transfer of venue");
  });

  it("reads someone who wants to jump in on her own as intervention", () => {
    expect(expanded("the court left the landlord out of the suit. can he jump in on his own?")).toContain(
      "intervention",
    );
  });

  it("reads a dispute that ends while the appeal is pending as mootness", () => {
    expect(expanded("while the appeal is still pending, the city called off the parade")).toContain("mootness");
  });

  it("reads a promise of thanks for what was already done as past consideration", () => {
    expect(expanded("she promised him $500 as a thank you for having already fixed her roof")).toContain(
      "past consideration",
    );
  });

  it("reads a minor who said he was of age as the minor's misrepresentation of age", () => {
    expect(expanded("the 16-year-old told the seller he was 18 when he bought the laptop")).toContain(
      "misrepresentation of age",
    );
    expect(expanded("she told the officer she was 25 minutes late")).not.toContain("misrepresentation of age");
  });

  it("reads lying in wait and being caught as attempt", () => {
    expect(expanded("she hid behind the shed with a bat and was arrested before he came home")).toContain("attempt");
  });

  it("reads the police following a driver into his garage as hot pursuit", () => {
    expect(expanded("the officer chased the driver into his garage and followed him in")).toContain("hot pursuit");
    expect(expanded("my dog followed him in")).not.toContain("hot pursuit");
  });

  it("reads blasting music as loud, not as explosives", () => {
    expect(expanded("he was blasting music in his car at midnight")).not.toContain("abnormally dangerous");
    expect(expanded("the contractor was blasting rock next to the houses")).toContain("abnormally dangerous");
  });

  it("reads a first trial with a hung jury as double jeopardy, not issue preclusion", () => {
    const text = "he was charged with robbery; the first trial ended in a hung jury. can the state try him again?";
    expect(expanded(text)).toContain("double jeopardy");
    expect(expanded(text)).not.toContain("issue preclusion");
    expect(expanded("the earlier lawsuit found she was negligent; can the insurer use that?")).toContain(
      "issue preclusion",
    );
  });

  it("reads a partner trying the case while the lawyer testifies as the lawyer-as-witness rule", () => {
    expect(expanded("could her colleague handle the trial while she takes the stand?")).toContain("lawyer as witness");
    expect(expanded("the attorney was the only one who saw the deed signed")).toContain("lawyer as witness");
  });

  it("reads a verdict on thin evidence as judgment as a matter of law or a new trial", () => {
    expect(expanded("the jury found for the plaintiff on really weak evidence. what now?")).toContain(
      "judgment as a matter of law",
    );
  });

  it("reads a landowner's passing okay to use the land as a license", () => {
    expect(expanded("the farmer said sure, go ahead and fish in the pond, and now his son says no")).toContain(
      "license",
    );
  });

  it("reads a ban narrowed to one kind of message as content-based", () => {
    expect(expanded("what if the rule only applied to religious signs?")).toContain("content-based");
    expect(expanded("what if the noise limit left sports events alone?")).toContain("content-based");
  });

  it("reads another act offered to show who did it as other-acts evidence", () => {
    expect(expanded("the same unusual disguise was used in a robbery last year, to show it was him")).toContain(
      "404(b)",
    );
  });

  it("reads contact that is part of the game as consent", () => {
    expect(expanded("getting tackled is part of the game, and she agreed to play")).toContain("consent");
  });
});

describe("a conspirator who quits, a witness silenced, distress told by its signs (stop 36, round 2)", () => {
  it("reads a conspirator who backs out as withdrawal from the conspiracy, only where the plan is a crime", () => {
    expect(expanded("they agreed to burglarize the store, but then she called the whole thing off")).toContain(
      "withdrawal from conspiracy",
    );
    expect(expanded("we agreed on a price for the car but he backed out")).not.toContain("withdrawal from conspiracy");
  });

  it("reads a defendant who had the witness killed as forfeiture by wrongdoing", () => {
    expect(expanded("the defendant had him murdered before trial; can his statements to police come in?")).toContain(
      "forfeiture by wrongdoing",
    );
  });

  it("reads distress told by its signs as severe distress, and after a threat as the intentional tort", () => {
    expect(expanded("since the crash she can't sleep and is in therapy")).toContain("severe emotional distress");
    expect(expanded("since the crash she can't sleep and is in therapy")).not.toContain("intentional infliction");
    expect(expanded("he threatened her by text for weeks, and now she has panic attacks")).toContain(
      "intentional infliction of emotional distress",
    );
  });
});

describe("the older sets' remaining follow-ups and round 3's misses, by class (stop 36, round 3)", () => {
  it("reads a product pulled apart or put to another use as misuse", () => {
    expect(expanded("what if he took the governor off the mower and it threw a blade?")).toContain("misuse");
    expect(expanded("the blender broke. what if she was using it to crush rocks for a garden?")).toContain("misuse");
  });

  it("reads a client who plans to testify to what he admitted is false as client perjury", () => {
    expect(
      expanded("my client admitted he was driving, but now he plans to testify that his brother was. I'm his lawyer."),
    ).toContain("client perjury");
    expect(expanded("my client plans to testify that he was home, and I'm his lawyer")).not.toContain("client perjury");
  });

  it("reads custom goods nobody else wants as the seller's action for the price", () => {
    expect(expanded("we printed 500 custom banners she ordered and no one else would buy them")).toContain(
      "action for the price",
    );
  });

  it("reads a principal who told the third party the agent was fired as notice ending apparent authority", () => {
    expect(expanded("what if the gallery had written to the dealer that she had been fired?")).toContain(
      "lingering apparent authority",
    );
  });

  it("reads a private body on state money as state action, only beside a constitutional claim", () => {
    expect(expanded("a private hospital that runs on state funding refused her; equal protection?")).toContain(
      "state action",
    );
    expect(expanded("a private hospital that runs on state funding sent me a huge bill")).not.toContain("state action");
  });

  it("reads a deal called off before the beneficiary heard of it as vesting", () => {
    expect(
      expanded("the contract was for the benefit of her son. what if they called the deal off before he knew?"),
    ).toContain("vesting");
  });

  it("reads a public official defamed as actual malice, but not a senator's floor speech", () => {
    expect(expanded("the paper falsely reported that the sheriff took bribes")).toContain("actual malice");
    expect(expanded("can a senator be sued for a defamatory speech on the senate floor?")).not.toContain(
      "actual malice",
    );
  });

  it("reads a client who wants the lawyer to file the claim on his own arson as assisting fraud", () => {
    expect(
      expanded("my client burned his warehouse and now wants me to submit the insurance claim. I'm his lawyer."),
    ).toContain("assisting client crime or fraud");
  });

  it("reads half the work done and money paid up front as restitution", () => {
    expect(expanded("she finished about half of the renovation and they had paid $5k up front")).toContain(
      "restitution",
    );
  });

  it("reads an ordinary employee of a represented company as the no-contact rule's constituent", () => {
    expect(expanded("they have outside counsel. can I call a warehouse worker at their plant?")).toContain(
      "organization constituent",
    );
  });

  it("reads evidence a suspect led the police to after an illegal stop as fruit of the poisonous tree", () => {
    expect(expanded("the stop was illegal. then she told officers where she had buried the cash")).toContain(
      "fruit of the poisonous tree",
    );
  });

  it("reads a project cancelled while the suit goes on as mootness", () => {
    expect(expanded("what if the state scrapped the highway plan while the case was on appeal?")).toContain("mootness");
  });

  it("reads a job turned over to another company as delegation", () => {
    expect(expanded("the contractor handed the job over to a cheaper crew without telling me")).toContain(
      "delegation of duties",
    );
  });

  it("reads a minor son or daughter who bought something as capacity", () => {
    expect(expanded("my 15 year old daughter bought a phone on a payment plan; can she return it?")).toContain(
      "capacity to contract",
    );
  });

  it("reads a crime proved without any intent as strict liability", () => {
    expect(expanded("can you be guilty without the state proving any knowledge at all?")).toContain(
      "strict liability offenses",
    );
  });

  it("reads a life tenant letting the house fall apart as waste, and title problems before closing as marketable title", () => {
    expect(expanded("the life tenant is letting the property fall into disrepair")).toContain("waste");
    expect(expanded("can the buyer back out before closing over defects in the seller's title?")).toContain(
      "marketable title",
    );
  });
});

describe("the accused drunk in a story of a crime (stop 36)", () => {
  it("reads the accused who was drunk as voluntary intoxication, only in a story of a crime", () => {
    expect(expanded("what if the shooter was really drunk when he fired?")).toContain("voluntary intoxication");
    expect(expanded("the tenant was drunk when he signed the lease")).not.toContain("voluntary intoxication");
  });
});

describe("an entry kept out of a context (outOfContext)", () => {
  it("fires only where none of the context words appear, before or after the match", () => {
    const re = outOfContext(/\b911 call\b/g, "suppress\\w*");
    expect("after a 911 call the police came".replace(re, "$& X")).toContain("X");
    expect("after a 911 call the police came; she moves to suppress".replace(re, "$& X")).not.toContain("X");
    expect("she moved to suppress after a 911 call".replace(re, "$& X")).not.toContain("X");
  });

  it("keeps a 911 call in a suppression motion out of the hearsay exceptions", () => {
    const text = "officers answering a 911 call went in without a warrant; he moves to suppress the drugs";
    expect(expanded(text)).not.toContain("excited utterance");
    expect(expanded("the 911 call she made while he was hitting her is offered at trial")).toContain(
      "excited utterance",
    );
  });
});

/**
 * Topic matching over the real official topic titles in content/ (issue 16 §3, §4, §7): words and
 * standard abbreviations, never substrings.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expandAbbreviations, topicMatcher } from "./topic-match";

const CONTENT = join(import.meta.dirname, "../../../../content");
function subjectTopics(subject: string): { id: string; title: string }[] {
  const dir = join(CONTENT, subject, "topics");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => parse(readFileSync(join(dir, f), "utf8")) as { id: string; title: string });
}
const torts = topicMatcher(subjectTopics("torts"));
const civpro = topicMatcher(subjectTopics("civil-procedure"));
const property = topicMatcher(subjectTopics("real-property"));
const contracts = topicMatcher(subjectTopics("contracts"));
const crim = topicMatcher(subjectTopics("criminal-law"));

describe("topic matching", () => {
  it("reads the standard abbreviations as the doctrine's words", () => {
    expect(torts.match("IIED")?.topicId).toBe("torts-intentional-infliction-of-emotional-distress");
    expect(torts.match("NIED — bystanders")?.topicId).toBe("torts-negligent-infliction-of-emotional-distress");
    expect(property.match("RAP")?.topicId).toBe("property-rule-against-perpetuities");
    expect(property.match("BFP")?.topicId).toBe("property-recording-acts");
    expect(property.match("B.F.P.")?.topicId).toBe("property-recording-acts");
    expect(civpro.match("PJ")?.topicId).toBe("civpro-personal-jurisdiction-traditional-bases");
    expect(civpro.match("Supplemental SMJ")?.topicId).toBe("civpro-supplemental-jurisdiction");
    expect(civpro.match("Diversity SMJ")?.topicId).toBe("civpro-diversity-jurisdiction");
    expect(contracts.match("SOF")?.topicId).toBe("contracts-statute-of-frauds");
    expect(civpro.match("SJ")?.topicId).toBe("civpro-summary-judgment");
  });

  it("matches a part of a compound title and a parenthetical name", () => {
    expect(property.match("Bona Fide Purchasers")?.topicId).toBe("property-recording-acts");
    expect(civpro.match("Res Judicata")?.topicId).toBe("civpro-claim-preclusion");
    expect(civpro.match("Minimum contacts")?.topicId).toBe("civpro-specific-jurisdiction");
    expect(crim.match("Battery")?.topicId).toBe("crim-assault-battery");
  });

  it("picks the closer of two near titles", () => {
    expect(torts.match("Intentional Infliction of Emotional Distress")?.topicId).toBe(
      "torts-intentional-infliction-of-emotional-distress",
    );
    expect(torts.match("Negligent infliction of emotional distress")?.topicId).toBe(
      "torts-negligent-infliction-of-emotional-distress",
    );
    expect(torts.match("Battery")?.topicId).toBe("torts-battery");
  });

  it("is word-based: no substring, no lower-case word taken for an abbreviation", () => {
    expect(expandAbbreviations("RAPID transfer")).toBe("RAPID transfer");
    expect(expandAbbreviations("a rap sheet")).toBe("a rap sheet");
    expect(expandAbbreviations("PJs")).toBe("PJs");
    expect(expandAbbreviations("iied")).toBe("intentional infliction of emotional distress");
    expect(expandAbbreviations("P & I clause")).toBe("privileges and immunities clause");
    expect(property.match("Rapid transfer of title")).toBeNull();
    // "Assault" is not "Assault and Battery"'s partner in torts, and a stray word names nothing.
    expect(torts.match("Assault")?.topicId).toBe("torts-assault");
    expect(torts.match("Torts")).toBeNull();
    expect(torts.match("Exam tips")).toBeNull();
  });
});

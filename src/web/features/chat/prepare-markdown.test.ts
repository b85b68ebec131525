import { describe, expect, it } from "vitest";
import type { Citation } from "../../../contract/chat";
import { prepareMarkdown } from "./prepare-markdown";

const cite = (n: number): Citation => ({
  n,
  id: `t${n}`,
  kind: "topic",
  title: `T${n}`,
  cite: "",
  url: `/library/topics/t${n}`,
});

describe("prepareMarkdown", () => {
  it("links [n] markers to existing sources only", () => {
    expect(prepareMarkdown("Rule [1]. Also [2][1]. Not [3].", [cite(1), cite(2)], [])).toBe(
      "Rule [1](#cite-1). Also [2](#cite-2)[1](#cite-1). Not [3].",
    );
  });
  it("leaves code and existing links alone", () => {
    const md = "See `arr[1]` and\n```\nx[1]\n```\n[1](https://example.com)";
    expect(prepareMarkdown(md, [cite(1)], [])).toBe(md);
  });
  it("marks unverified case names, longest first, as whole words", () => {
    const out = prepareMarkdown(
      "In *Smith v. Jones* and Smith v. Jones Co., not Smithers.",
      [],
      ["Smith v. Jones", "Smith v. Jones Co."],
    );
    expect(out).toBe("In *[Smith v. Jones](#unverified)* and [Smith v. Jones Co.](#unverified), not Smithers.");
  });
  it("escapes regex characters in case names", () => {
    expect(prepareMarkdown("United States v. $100 (1999) held", [], ["United States v. $100 (1999)"])).toBe(
      "[United States v. $100 (1999)](#unverified) held",
    );
  });
});

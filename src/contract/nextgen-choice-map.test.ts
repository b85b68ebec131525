/**
 * The choice items of integrated sets accept 4, 5 or 6 choices (decision 076). Zod 4's
 * `z.record(z.enum(...))` demands every enum key, which silently rejected every 4- and 5-choice
 * item; these tests pin the partial-record behaviour and the gap/explanation checks that remain.
 */
import { describe, expect, it } from "vitest";
import { setChoiceItemSchema } from "./nextgen-content";

const item = (choices: Record<string, string>, answer: string | string[], explanations = choices) => ({
  id: "x-q1",
  type: "choice" as const,
  topic: "torts-battery",
  skills: ["issue-spotting"],
  prompt: "Which?",
  choices,
  answer,
  explanations,
});
const four = { A: "a", B: "b", C: "c", D: "d" };

describe("integrated-set choice items", () => {
  it("accepts a four-choice single-answer item", () => {
    expect(setChoiceItemSchema.safeParse(item(four, "C")).success).toBe(true);
  });

  it("accepts a five-choice select-two item", () => {
    expect(setChoiceItemSchema.safeParse(item({ ...four, E: "e" }, ["A", "E"])).success).toBe(true);
  });

  it("rejects a gap in the letters, a missing explanation and an answer naming no choice", () => {
    expect(setChoiceItemSchema.safeParse(item({ A: "a", B: "b", C: "c", E: "e" }, "A")).success).toBe(false);
    expect(setChoiceItemSchema.safeParse(item(four, "A", { A: "a", B: "b", C: "c" })).success).toBe(false);
    expect(setChoiceItemSchema.safeParse(item(four, "E")).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { setChoiceItemSchema } from "./nextgen-content";

const five = { A: "a", B: "b", C: "c", D: "d", E: "e" };
const item = (choices: Record<string, string>, answer: string | string[]) => ({
  id: "item-1",
  topic: "topic-1",
  prompt: "Which TWO…?",
  type: "choice",
  choices,
  explanations: choices,
  answer,
});

describe("choice items in integrated sets (decision 076)", () => {
  it("accepts four, five or six choices keyed from A", () => {
    expect(setChoiceItemSchema.safeParse(item({ A: "a", B: "b", C: "c", D: "d" }, "B")).success).toBe(true);
    expect(setChoiceItemSchema.safeParse(item(five, ["A", "E"])).success).toBe(true);
    expect(setChoiceItemSchema.safeParse(item({ ...five, F: "f" }, ["B", "D", "F"])).success).toBe(true);
  });
  it("refuses a gap in the keys and an answer naming a missing choice", () => {
    expect(setChoiceItemSchema.safeParse(item({ A: "a", B: "b", C: "c", E: "e" }, "A")).success).toBe(false);
    expect(setChoiceItemSchema.safeParse(item(five, ["A", "F"])).success).toBe(false);
  });
});

/**
 * What every choice item obeys, MBE or NextGen (decision 076): the choice letters, NCBE's seven
 * NextGen skill categories, and `checkChoiceItem`. A leaf module: content.ts (the question bank's
 * schema) and nextgen-content.ts (integrated sets, performance tasks) both import it.
 */
import type { z } from "zod";

/** NCBE's seven NextGen skill categories, by stable id. */
export const SKILL_IDS = [
  "legal-research",
  "legal-writing",
  "issue-spotting",
  "investigation",
  "client-counseling",
  "negotiation",
  "client-relationship",
] as const;
export type SkillId = (typeof SKILL_IDS)[number];

/** Display names of the skills, as NCBE words them. */
export const SKILL_NAMES: Record<SkillId, string> = {
  "legal-research": "Legal Research",
  "legal-writing": "Legal Writing",
  "issue-spotting": "Issue Spotting and Analysis",
  investigation: "Investigation and Evaluation",
  "client-counseling": "Client Counseling and Advising",
  negotiation: "Negotiation and Dispute Resolution",
  "client-relationship": "Client Relationship and Management",
};

export const CHOICE_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;
export type ChoiceLetter = (typeof CHOICE_LETTERS)[number];

/**
 * The rules every choice item obeys (MBE or NextGen): 4–6 choices keyed A, B, C… without gaps,
 * one explanation per choice, and an answer that names existing choices. A list answer (two or
 * more letters, fewer than the number of choices) makes a multi-select item.
 */
export function checkChoiceItem(
  item: { choices: Record<string, string>; explanations: Record<string, string>; answer: string | string[] },
  ctx: z.RefinementCtx,
): void {
  const keys = Object.keys(item.choices);
  const expected = CHOICE_LETTERS.slice(0, keys.length);
  if (keys.length < 4 || keys.length > 6 || keys.some((k, i) => k !== expected[i]))
    ctx.addIssue({ code: "custom", path: ["choices"], message: "needs 4 to 6 choices keyed A, B, C… without gaps" });
  // One explanation per choice: the missing or extra letter is named in the path ("explanations.D").
  for (const k of keys)
    if (!(k in item.explanations))
      ctx.addIssue({ code: "custom", path: ["explanations", k], message: "needs exactly one explanation per choice" });
  for (const k of Object.keys(item.explanations))
    if (!(k in item.choices))
      ctx.addIssue({ code: "custom", path: ["explanations", k], message: "explains a choice that does not exist" });
  const answers = Array.isArray(item.answer) ? item.answer : [item.answer];
  if (answers.some((a) => !(a in item.choices)))
    ctx.addIssue({ code: "custom", path: ["answer"], message: "names a choice that does not exist" });
  if (new Set(answers).size !== answers.length)
    ctx.addIssue({ code: "custom", path: ["answer"], message: "names a choice twice" });
  if (Array.isArray(item.answer) && (answers.length < 2 || answers.length >= keys.length))
    ctx.addIssue({
      code: "custom",
      path: ["answer"],
      message: "a multi-select answer lists at least two choices and fewer than all of them",
    });
}

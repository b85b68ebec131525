/**
 * Scoring of NextGen items (issue 18 §2, decision 076). Pure functions shared by the server (the
 * bank, quizzes, integrated sets, exam mode) and the web (instant feedback).
 */

/**
 * Scores a choice item. `keyed` is the answer as the content states it (one letter, or a list for
 * a multi-select item); `selected` is what the student chose. NCBE's multi-select items ask for
 * "the TWO best answers" and give credit only for the keyed set, so scoring is all-or-nothing:
 * `correct` only when the selection equals the keyed set exactly. `matched` counts the keyed
 * letters the student found (shown in feedback, never credited on its own).
 * @returns `{ correct, matched, required }`; an empty or over-long selection is simply incorrect.
 */
export function scoreChoice(
  keyed: string | readonly string[],
  selected: readonly string[],
): { correct: boolean; matched: number; required: number } {
  const key = new Set(Array.isArray(keyed) ? keyed : [keyed as string]);
  const chosen = new Set(selected);
  let matched = 0;
  for (const s of chosen) if (key.has(s)) matched++;
  return { correct: matched === key.size && chosen.size === key.size, matched, required: key.size };
}

/**
 * Scores a self-graded (or LLM-graded) written answer against its rubric: the sum of the weights
 * of the points checked. Unknown indexes are ignored; each point counts once.
 * @returns `{ earned, possible }` in rubric points.
 */
export function scoreRubric(
  rubric: readonly { weight: number }[],
  checked: readonly number[],
): { earned: number; possible: number } {
  const possible = rubric.reduce((n, p) => n + p.weight, 0);
  const earned = [...new Set(checked)].reduce((n, i) => n + (rubric[i]?.weight ?? 0), 0);
  return { earned, possible };
}

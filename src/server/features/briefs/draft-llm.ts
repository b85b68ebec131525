/**
 * 'Draft brief' through the configured LLM (issue 5 §4). The model reads the opinion (trimmed
 * to a budget) and answers JSON with one string per brief section; the answer is untrusted
 * text, so it is escaped into paragraphs and sanitized like anything a user types. The model is
 * the companion's: the configuration stored on /admin/askjds, else LLM_* (decisions 065, 067;
 * `draftingLlm`); with neither there is no model and the caller says so.
 */
import { draftingLlm } from "../admin/ops/companion.service";
import type { DbOrTx } from "../../db/client";
import type { LlmClient } from "../../ai/types";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { SECTION_KEYS, type SectionKey } from "../../../contract/briefs";
import { sanitizeRichText } from "../../lib/sanitize";

type Key = SectionKey;

/** Words of opinion text sent to the model (the lead of a long opinion carries its holding). */
const WORD_BUDGET = 9000;

const SYSTEM = `You help a law student draft a case brief. Use only the opinion text you are given; never add facts, citations or holdings that are not in it. Answer with one JSON object and nothing else, with these string keys: facts, proceduralHistory, issue, rule, holding, reasoning, separateOpinions, takeaways. Write plain sentences in your own words, short enough for a one-page brief; takeaways is a list of 2-4 short lines separated by newlines. Use an empty string when the opinion does not say.`;

/** The configured model (stored on the companion page, else LLM_*), or null with none. */
export const configuredLlm = (db: DbOrTx, env: Env): Promise<LlmClient | null> => draftingLlm(db, env);

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/** Reads the model's JSON (tolerating a code fence or prose around it) into section HTML. */
export function parseLlmDraft(answer: string): Record<Key, string> {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(start >= 0 && end > start ? answer.slice(start, end + 1) : answer) as Record<string, unknown>;
  } catch {
    throw new AppError(
      "LLM_UNAVAILABLE",
      "The language model's draft could not be read. Try again, or use Draft by extraction.",
    );
  }
  const out = {} as Record<Key, string>;
  for (const k of SECTION_KEYS) {
    const v = data[k];
    const text = Array.isArray(v) ? v.map(String).join("\n") : typeof v === "string" ? v : "";
    const lines = text
      .split(/\n+/)
      .map((l) => l.replace(/^\s*[-*•]\s*/, "").trim())
      .filter(Boolean);
    out[k] = sanitizeRichText(
      k === "takeaways"
        ? lines.length
          ? `<ul>${lines.map((l) => `<li><p>${esc(l)}</p></li>`).join("")}</ul>`
          : ""
        : lines.map((l) => `<p>${esc(l)}</p>`).join(""),
    );
  }
  return out;
}

export async function draftWithLlm(
  llm: LlmClient,
  o: { name: string; citation: string | null; court: string | null; year: number | null; text: string },
  signal?: AbortSignal,
) {
  const words = o.text.split(/\s+/);
  const excerpt = words.length > WORD_BUDGET ? `${words.slice(0, WORD_BUDGET).join(" ")} […]` : o.text;
  const prompt = `Case: ${o.name}${o.citation ? `, ${o.citation}` : ""}${o.court ? ` (${o.court}${o.year ? ` ${o.year}` : ""})` : ""}\n\nOpinion text:\n"""\n${excerpt}\n"""`;
  const answer = await llm.complete({ system: SYSTEM, prompt, maxOutputTokens: 1500, signal });
  return parseLlmDraft(answer);
}

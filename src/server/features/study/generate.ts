/**
 * Draft flashcards from a student's material without an LLM (issue 6 §4), by extraction:
 *   case brief → "what rule" (rule) and "issue" (holding) cards, takeaways as cloze deletions;
 *   topic → rule statement, elements, exceptions, rule sentences as cloze deletions, exam traps;
 *   any text (notes, user briefs) → definition cards ("X is Y") and rule sentences as cloze deletions.
 * Pure functions: the caller loads the material and the student reviews every draft before saving.
 */

export interface Draft {
  question: string;
  answer: string;
  kind: "rule" | "holding" | "facts" | "cloze" | "elements" | "exceptions" | "definition" | "trap" | "llm";
  tags: string[];
}

export const CLOZE = "[…]";
const MAX_ANSWER = 1200;

const ABBREV =
  /\b(?:v|vs|U\.S|Inc|Co|Corp|Ltd|e\.g|i\.e|No|Nos|Ct|Cal|App|Supp|F|Cir|Stat|Rev|Art|art|cl|amend|Const|Fed|R|Civ|Evid|Crim|P|Ex|So|N\.E|N\.W|S\.E|S\.W|A|Mass|Pa|N\.Y|Ill|Tex|Ohio|Mich|St|Dr|Mr|Mrs|Ms|ed|ch|seq|al|approx|para|pp|p|Restatement|§)\.$/;

/** Splits prose into sentences without breaking on "v.", "U.S.", "§" and reporter abbreviations. */
export function sentences(text: string): string[] {
  const parts = text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.;!?])\s+(?=[A-Z(“"])/);
  const out: string[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev && (ABBREV.test(prev) || /\b[A-Z]\.$/.test(prev) || /\(\w+\.$/.test(prev)))
      out[out.length - 1] = `${prev} ${p}`;
    else out.push(p);
  }
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

const firstSentences = (text: string, n: number) => sentences(text).slice(0, n).join(" ");
const clip = (s: string) => (s.length > MAX_ANSWER ? `${s.slice(0, MAX_ANSWER - 1).trimEnd()}…` : s);
const RULE_WORDS =
  /\b(must|may not|is liable|are liable|requires?|required|means|is (?:an?|the)|are|shall|cannot|unless|only if|is void|is voidable|is admissible|is inadmissible|bars?|applies)\b/i;

/**
 * Turns one rule sentence into a cloze card: hides a number with its unit, a section or rule
 * reference, or the predicate after "is / are / means / requires". Null when nothing is worth hiding.
 */
export function clozeOf(sentence: string): { question: string; answer: string } | null {
  const s = sentence.trim();
  if (s.length < 30 || s.length > 500) return null;
  const hide = (target: string) => {
    const i = s.indexOf(target);
    return { question: `${s.slice(0, i)}${CLOZE}${s.slice(i + target.length)}`, answer: target.trim() };
  };
  const number =
    /\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|sixty|ninety)[- ](?:days?|months?|years?|hours?|weeks?|percent|jurors?)\b|\$\d[\d,]*(?:\.\d+)?/i.exec(
      s,
    );
  if (number) return hide(number[0]);
  const pred =
    /\b(?:is|are|means|requires|require)\s+((?:(?:an?|the)\s+)?[^,;.()]{6,90}?)(?=[,;.(]|\s(?:unless|if|when|and|but|that|which|by|to)\s|$)/.exec(
      s,
    );
  if (pred && pred[1].split(" ").length >= 2 && pred[1].split(" ").length <= 12 && pred.index > 2) return hide(pred[1]);
  const ref =
    /(?:§\s?[\d-]+(?:\([a-z0-9]+\))*|Rule \d+(?:\([a-z0-9]+\))*|FRE \d+(?:\([a-z0-9]+\))*|FRCP \d+(?:\([a-z0-9]+\))*)/.exec(
      s,
    );
  if (ref) return hide(ref[0]);
  return null;
}

function clozes(text: string, max: number, tags: string[]): Draft[] {
  const out: Draft[] = [];
  for (const s of sentences(text)) {
    if (out.length >= max) break;
    if (!RULE_WORDS.test(s)) continue;
    const c = clozeOf(s);
    if (c) out.push({ ...c, kind: "cloze", tags });
  }
  return out;
}

export interface BriefMaterial {
  name: string;
  issue?: string | null;
  rule?: string | null;
  holding?: string | null;
  facts?: string | null;
  takeaways?: string[] | null;
}

/** Case brief → cards: case → rule, issue → holding, facts, takeaways as cloze deletions. */
export function draftsFromBrief(b: BriefMaterial): Draft[] {
  const tags = ["case", b.name];
  const out: Draft[] = [];
  if (b.rule?.trim())
    out.push({
      question: `What rule of law does ${b.name} stand for?`,
      answer: clip(b.rule.trim()),
      kind: "rule",
      tags,
    });
  if (b.issue?.trim() && b.holding?.trim())
    out.push({ question: `${b.name}: ${b.issue.trim()}`, answer: clip(b.holding.trim()), kind: "holding", tags });
  else if (b.holding?.trim())
    out.push({
      question: `What did the court hold in ${b.name}?`,
      answer: clip(b.holding.trim()),
      kind: "holding",
      tags,
    });
  if (b.facts?.trim())
    out.push({
      question: `What are the key facts of ${b.name}?`,
      answer: clip(firstSentences(b.facts, 3)),
      kind: "facts",
      tags,
    });
  for (const t of b.takeaways ?? []) {
    const c = clozeOf(t);
    if (c) out.push({ ...c, kind: "cloze", tags });
  }
  return out;
}

export interface TopicMaterial {
  title: string;
  rule: string;
  elements?: string[];
  exceptions?: string[];
  traps?: string[];
}

/** Topic → rule statement, elements, exceptions, rule sentences as cloze deletions, one trap card. */
export function draftsFromTopic(t: TopicMaterial): Draft[] {
  const tags = [t.title];
  const out: Draft[] = [{ question: `State the rule: ${t.title}.`, answer: clip(t.rule.trim()), kind: "rule", tags }];
  const list = (items: string[]) => items.map((x, i) => `${i + 1}. ${x}`).join("\n");
  if (t.elements?.length)
    out.push({
      question: `What are the elements (or factors) of ${t.title}?`,
      answer: clip(list(t.elements)),
      kind: "elements",
      tags,
    });
  if (t.exceptions?.length)
    out.push({
      question: `What are the exceptions and defenses to ${t.title}?`,
      answer: clip(list(t.exceptions)),
      kind: "exceptions",
      tags,
    });
  out.push(...clozes(t.rule, 4, tags));
  if (t.traps?.length)
    out.push({ question: `Name a common exam trap on ${t.title}.`, answer: clip(list(t.traps)), kind: "trap", tags });
  return out;
}

/**
 * Free text (a note, or a student's brief flattened to text) → definition cards ("X is/means Y")
 * and cloze deletions of rule-like sentences, at most `max`. `title` becomes a tag.
 */
export function draftsFromText(input: { title: string; text: string; max?: number }): Draft[] {
  const max = input.max ?? 20;
  const tags = input.title.trim() ? [input.title.trim().slice(0, 60)] : [];
  const out: Draft[] = [];
  const seen = new Set<string>();
  for (const s of sentences(input.text)) {
    if (out.length >= max) break;
    const def = /^(?:(?:An?|The)\s+)?([A-Za-z][\w\s'-]{2,60}?)\s+(?:is|means|refers to)\s+((?:an?|the)\s+.{10,})$/.exec(
      s.replace(/[.;]$/, ""),
    );
    if (def && def[1].split(" ").length <= 6 && !seen.has(def[1].toLowerCase())) {
      seen.add(def[1].toLowerCase());
      out.push({
        question: `What is ${/^[A-Z]{2,}/.test(def[1]) ? def[1] : def[1].toLowerCase()}?`,
        answer: clip(def[2].trim().replace(/^./, (c) => c.toUpperCase())),
        kind: "definition",
        tags,
      });
      continue;
    }
    if (!RULE_WORDS.test(s)) continue;
    const c = clozeOf(s);
    if (c) out.push({ ...c, kind: "cloze", tags });
  }
  return out;
}

/** Strips HTML to plain text (notes are stored as sanitized HTML). */
export const htmlToPlain = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)[^>]*>/gi, ". ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\.\s*\./g, ".")
    .replace(/([?!:;])\s*\./g, "$1")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Parses an LLM's reply into drafts: a JSON array of {question, answer}, possibly fenced or with
 * prose around it; malformed or empty entries are dropped.
 */
export function parseLlmDrafts(reply: string, tags: string[]): Draft[] {
  const start = reply.indexOf("[");
  const end = reply.lastIndexOf("]");
  if (start === -1 || end <= start) return [];
  try {
    const list = JSON.parse(reply.slice(start, end + 1)) as unknown[];
    return list
      .filter(
        (x): x is { question: string; answer: string } =>
          !!x &&
          typeof (x as { question?: unknown }).question === "string" &&
          typeof (x as { answer?: unknown }).answer === "string",
      )
      .map((x) => ({
        question: x.question.trim().slice(0, 2000),
        answer: clip(x.answer.trim()),
        kind: "llm" as const,
        tags,
      }))
      .filter((x) => x.question && x.answer)
      .slice(0, 30);
  } catch {
    return [];
  }
}

export const LLM_SYSTEM =
  "You write law-school flashcards. Use only the material given; do not add facts. Each card tests one rule, element, holding or definition. Reply with only a JSON array of objects with string fields question and answer.";

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

/** Generic labels students put before a line ("Rule: …", "Holding - …"): dropped, the rest is read. */
const LABEL =
  /^(?:rule(?: statement)?|black[- ]letter(?: law)?|definition|def|holding|held|note|notes|issue|key point|remember|tip|general rule)\s*[:\-–—]\s*/i;
const LIST_WORD =
  /\b(elements?|requirements?|factors?|exceptions?|defen[cs]es?|steps?|types?|tests?|prongs?|ways?|kinds?)\b/i;
const CASE_HELD =
  /^(?:In\s+)?((?:[A-Z][\w.'’&-]*\s+)*?[A-Z][\w.'’&-]*\s+v\.\s+(?:[A-Z][\w.'’&-]*,?\s*)+?)(?:\([^)]*\)\s*)?,?\s*(?:[Tt]he\s+(?:[Ss]upreme\s+)?[Cc]ourt\s+)?(?:held|holds|ruled|decided|established|recognized)\s+(?:that\s+)?(.{12,})$/;
const INLINE_ELEMENTS =
  /^(?:The\s+)?(?:(elements?|requirements?|factors?)\s+(?:of|for)\s+(.{3,60}?)\s+(?:are|include)|(.{3,60}?)\s+(?:requires?|consists? of|has\s+(?:\w+\s+)?elements?:?))\s*:?\s+(.+)$/i;

interface Block {
  kind: "heading" | "item" | "para";
  text: string;
}

/** Lines of a note or pasted text as headings, list items and paragraphs (Markdown-ish input). */
function blocksOf(text: string): Block[] {
  const out: Block[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const h = /^#{1,6}\s+(.+)$/.exec(line);
    if (h) out.push({ kind: "heading", text: h[1].trim() });
    else {
      const item = /^(?:[-*+•·–]|\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])\s+(.+)$/i.exec(line);
      if (item) out.push({ kind: "item", text: item[1].trim() });
      else out.push({ kind: "para", text: line });
    }
  }
  return out;
}

const lowerTerm = (t: string) =>
  /^[A-Z]{2,}|^[A-Z][a-z]+\s+v\./.test(t) ? t : t.replace(/^./, (c) => c.toLowerCase());
const sentenceCase = (t: string) => t.trim().replace(/^./, (c) => c.toUpperCase());
const stripEnd = (t: string) => t.replace(/[.;:,]+$/, "").trim();

/** Splits "a, b, and c" or "(1) a, (2) b and (3) c" into items; null unless there are 2–10. */
function inlineList(text: string): string[] | null {
  const body = stripEnd(text);
  const numbered = body.split(/\s*\(\d{1,2}\)\s*|\s*\([a-j]\)\s+/).filter((x) => x.trim());
  const parts =
    numbered.length >= 2 && /\(\d\)|\([a-j]\)/.test(body)
      ? numbered
      : body.split(/\s*;\s*|,\s*(?:and\s+|or\s+)?|\s+and\s+(?=[^,]*$)/);
  const items = parts
    .map((x) => stripEnd(x.replace(/^(?:and|or)\s+/i, "").replace(/,?\s+(?:and|or)$/i, "")))
    .filter((x) => x.length >= 2 && x.split(" ").length <= 20);
  return items.length >= 2 && items.length <= 10 ? items : null;
}

/** One sentence → the best single card it holds, or null. */
function cardOfSentence(sentence: string, context: string | null, tags: string[]): Draft | null {
  const s = stripEnd(sentence.replace(LABEL, "")).replace(/\s+/g, " ");
  if (s.length < 8) return null;
  const held = CASE_HELD.exec(s);
  if (held) {
    const name = held[1].trim().replace(/,$/, "");
    return {
      question: `What did the court hold in ${name}?`,
      answer: clip(sentenceCase(held[2])),
      kind: "holding",
      tags,
    };
  }
  const inline = INLINE_ELEMENTS.exec(s);
  if (inline) {
    const items = inlineList(inline[4]);
    const subject = (inline[2] ?? inline[3] ?? "").trim();
    if (items && subject.split(" ").length <= 8) {
      const word = (inline[1] ?? "elements").toLowerCase().replace(/s?$/, "s");
      return {
        question: `What are the ${word} of ${lowerTerm(subject.replace(/^(?:An?|The)\s+/, ""))}?`,
        answer: clip(items.map((x, i) => `${i + 1}. ${sentenceCase(x)}`).join("\n")),
        kind: "elements",
        tags,
      };
    }
  }
  const colon = /^([A-Za-z][\w\s'’()/-]{1,60}?)\s*(?::|\s[–—-]\s)\s*(.{8,})$/.exec(s);
  if (colon && colon[1].trim().split(/\s+/).length <= 6 && colon[2].split(" ").length >= 3) {
    return {
      question: `What is ${lowerTerm(colon[1].trim().replace(/^(?:An?|The)\s+/, ""))}?`,
      answer: clip(sentenceCase(colon[2])),
      kind: "definition",
      tags,
    };
  }
  const def =
    /^(?:(?:An?|The)\s+)?([A-Za-z][\w\s'’-]{2,60}?)\s+(?:is defined as|is|means|refers to|occurs|exists)\s+((?:an?|the|any|one|when|where|if)\s+.{10,})$/.exec(
      s,
    );
  if (def && def[1].split(" ").length <= 6) {
    const term = def[1].trim();
    return { question: `What is ${lowerTerm(term)}?`, answer: clip(sentenceCase(def[2])), kind: "definition", tags };
  }
  const exception =
    /^(.{15,200}?),?\s+(unless|except (?:when|where|if|that)|except|but not (?:when|where|if))\s+(.{8,})$/i.exec(s);
  if (exception) {
    return {
      question: `${sentenceCase(exception[1])} — ${exception[2].toLowerCase()} what?`,
      answer: clip(sentenceCase(exception[3])),
      kind: "exceptions",
      tags,
    };
  }
  if (RULE_WORDS.test(s)) {
    const c = clozeOf(`${s}.`);
    if (c) return { ...c, kind: "cloze", tags };
  }
  void context;
  return null;
}

/**
 * Ordinary study notes or pasted prose (Markdown-ish: `#` headings, `-`/`1.` list items, one
 * paragraph a line) → cards, at most `max` (issue 12 item 23):
 *   - a line ending in ":" (or a heading) followed by two or more list items → an elements /
 *     exceptions / factors card ("What are the elements of negligence?");
 *   - "Term: definition", "Term — definition", "X is / means / occurs when …" → definition cards;
 *   - "In A v. B, the court held that …" → holding cards;
 *   - "X requires (1) a, (2) b and (3) c" → elements cards;
 *   - "rule …, unless exception" → rule/exception cards;
 *   - other rule-like sentences → cloze deletions.
 * Labels such as "Rule:" or "Holding -" are dropped first. `title` becomes a tag.
 */
export function draftsFromText(input: { title: string; text: string; max?: number }): Draft[] {
  const max = input.max ?? 20;
  const tags = input.title.trim() ? [input.title.trim().slice(0, 60)] : [];
  const out: Draft[] = [];
  const seen = new Set<string>();
  const push = (d: Draft | null) => {
    if (!d || out.length >= max) return;
    const key = d.question.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push(d);
  };
  const blocks = blocksOf(input.text);
  let heading: string | null = null;
  for (let i = 0; i < blocks.length && out.length < max; i++) {
    const b = blocks[i];
    let j = i + 1;
    while (j < blocks.length && blocks[j].kind === "item") j++;
    const items = blocks.slice(i + 1, j).map((x) => stripEnd(x.text.replace(LABEL, "")));
    const lead = stripEnd(b.text.replace(LABEL, ""));
    const introducesList =
      b.kind !== "item" && items.length >= 2 && (b.text.trim().endsWith(":") || b.kind === "heading");
    if (b.kind === "heading") heading = lead;
    if (introducesList) {
      const word = LIST_WORD.exec(lead)?.[1]?.toLowerCase().replace(/s?$/, "s");
      const about = lead
        .replace(LIST_WORD, "")
        .replace(/\b(?:of|for|to|the)\b/gi, " ")
        .replace(/\s+/g, " ")
        .trim();
      const topic = about.length >= 3 ? about : b.kind === "heading" ? null : heading;
      const question = word
        ? `What are the ${word}${topic ? ` of ${lowerTerm(topic)}` : ""}?`
        : `${sentenceCase(lead)}: list them.`;
      push({
        question,
        answer: clip(items.map((x, k) => `${k + 1}. ${sentenceCase(x)}`).join("\n")),
        kind: word && /exception|defen/.test(word) ? "exceptions" : "elements",
        tags,
      });
      // Each item may also hold a card of its own ("Duty: a legal obligation …").
      for (const it of items) if (/[:–—]|\s-\s|\bis\b|\bmeans\b/.test(it)) push(cardOfSentence(it, heading, tags));
      i = j - 1;
      continue;
    }
    if (b.kind === "heading") continue;
    for (const sentence of sentences(b.text)) push(cardOfSentence(sentence, heading, tags));
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

/**
 * Views of one outline tree (issue 16 §4, decision 061), pure: the attack outline, the one-page
 * checklist and the flowchart of a topic whose entries are marked as steps. The full outline is
 * the tree itself.
 *
 * - Attack outline: each top-level entry (a topic) reduced to its rule, elements, exceptions and
 *   trigger facts, found anywhere in its subtree: an entry marked rule / element / exception /
 *   trigger; an entry whose text starts "Rule:", "Element:", "Exception:", "Trigger:"; the
 *   children of an entry titled "Elements", "Exceptions" / "Defenses" or "Trigger facts"; and an
 *   embedded official topic's rule and elements. Every item keeps the id of the entry it came
 *   from (the pointer back to the full entry).
 * - Checklist: the issue names only, in order — every entry that has children or is marked
 *   issue, other than the rule / element / exception / trigger / step entries themselves.
 * - Flowchart: the children of an entry marked step, in order, each with its other children as
 *   details and its own step children as a nested flow (`next`).
 */

export type Mark = "step" | "rule" | "element" | "exception" | "trigger" | "issue";
export interface ViewEntry {
  id: string;
  text: string;
  mark: Mark | null;
  embed: { kind: string; html: string; title: string; missing?: boolean } | null;
}
export interface ViewTree {
  byId: Map<string, ViewEntry>;
  kids: Map<string | null, string[]>;
}

export type AttackPart = "rule" | "elements" | "exceptions" | "triggers";
export interface AttackItem {
  text: string;
  /** The entry it came from. */
  entryId: string;
}
export interface AttackTopic {
  id: string;
  title: string;
  rule: AttackItem[];
  elements: AttackItem[];
  exceptions: AttackItem[];
  triggers: AttackItem[];
}

const PREFIX: [RegExp, AttackPart][] = [
  [/^rules?\s*[:—–-]\s*/i, "rule"],
  [/^elements?\s*[:—–-]\s*/i, "elements"],
  [/^(exceptions?|defen[cs]es?)\s*[:—–-]\s*/i, "exceptions"],
  [/^(trigger facts?|triggers?)\s*[:—–-]\s*/i, "triggers"],
];
const GROUP: [RegExp, AttackPart][] = [
  [/^elements?\s*:?$/i, "elements"],
  [/^(exceptions?|defen[cs]es?)\s*:?$/i, "exceptions"],
  [/^(trigger facts?|triggers?)\s*:?$/i, "triggers"],
];
const MARK_PART: Partial<Record<Mark, AttackPart>> = {
  rule: "rule",
  element: "elements",
  exception: "exceptions",
  trigger: "triggers",
};

const kidsOf = (t: ViewTree, id: string | null) => t.kids.get(id) ?? [];
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The rule and elements an embedded official topic shows (outline-embeds.service.ts writes them). */
function topicEmbedParts(html: string): { rule: string | null; elements: string[] } {
  const rule = html.match(/<p><strong>Rule:<\/strong>([\s\S]*?)<\/p>/);
  const list = html.match(/<strong>Elements:<\/strong><\/p><ol>([\s\S]*?)<\/ol>/);
  const elements = list ? [...list[1].matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => plain(m[1])) : [];
  return { rule: rule ? plain(rule[1]) : null, elements };
}

/** The attack outline: one card per top-level entry. */
export function attackOutline(t: ViewTree): AttackTopic[] {
  return kidsOf(t, null).map((topicId) => {
    const topic: AttackTopic = {
      id: topicId,
      title: t.byId.get(topicId)?.text || "Untitled",
      rule: [],
      elements: [],
      exceptions: [],
      triggers: [],
    };
    const walk = (id: string, inherited: AttackPart | null) => {
      const e = t.byId.get(id);
      if (!e) return;
      let group: AttackPart | null = null;
      const part = (e.mark && MARK_PART[e.mark]) || null;
      const prefixed = PREFIX.find(([re]) => re.test(e.text));
      const grouped = GROUP.find(([re]) => re.test(e.text.trim()));
      if (part) topic[part].push({ text: prefixed ? e.text.replace(prefixed[0], "") : e.text, entryId: id });
      else if (prefixed && e.text.replace(prefixed[0], "").trim())
        topic[prefixed[1]].push({ text: e.text.replace(prefixed[0], ""), entryId: id });
      else if (grouped) group = grouped[1];
      else if (inherited && e.text.trim()) topic[inherited].push({ text: e.text, entryId: id });
      if (e.embed?.kind === "topic" && !e.embed.missing) {
        const p = topicEmbedParts(e.embed.html);
        if (p.rule) topic.rule.push({ text: p.rule, entryId: id });
        for (const el of p.elements) topic.elements.push({ text: el, entryId: id });
      }
      // Children of a group heading belong to its part; deeper entries keep it only from a group.
      for (const k of kidsOf(t, id)) walk(k, group);
    };
    for (const k of kidsOf(t, topicId)) walk(k, null);
    const self = t.byId.get(topicId);
    if (self?.embed?.kind === "topic" && !self.embed.missing) {
      const p = topicEmbedParts(self.embed.html);
      if (p.rule) topic.rule.unshift({ text: p.rule, entryId: topicId });
      for (const el of p.elements) topic.elements.push({ text: el, entryId: topicId });
    }
    return topic;
  });
}

const NOT_ISSUES = new Set<Mark>(["rule", "element", "exception", "trigger", "step"]);

/** The one-page checklist: issue names in order, with their depth (1 = top). */
export function checklist(t: ViewTree): { id: string; text: string; depth: number }[] {
  const out: { id: string; text: string; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const id of kidsOf(t, parent)) {
      const e = t.byId.get(id);
      if (!e) continue;
      const heading = kidsOf(t, id).length > 0 || e.mark === "issue";
      const grouped = GROUP.some(([re]) => re.test(e.text.trim()));
      if (heading && !grouped && !(e.mark && NOT_ISSUES.has(e.mark)) && e.text.trim())
        out.push({ id, text: e.text, depth });
      if (!grouped) walk(id, depth + 1);
    }
  };
  walk(null, 1);
  return out;
}

export interface FlowStep {
  id: string;
  text: string;
  details: string[];
  next: FlowStep[];
}

/** Entries that have at least one child marked step, in outline order (the topics with a flowchart). */
export function flowchartTopics(t: ViewTree): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  const walk = (parent: string | null) => {
    for (const id of kidsOf(t, parent)) {
      if (kidsOf(t, id).some((k) => t.byId.get(k)?.mark === "step"))
        out.push({ id, text: t.byId.get(id)?.text || "Untitled" });
      walk(id);
    }
  };
  walk(null);
  return out;
}

/** The flow of `topicId`: its step children in order. */
export function flowchart(t: ViewTree, topicId: string): FlowStep[] {
  const steps = (parent: string): FlowStep[] =>
    kidsOf(t, parent)
      .filter((k) => t.byId.get(k)?.mark === "step")
      .map((id) => ({
        id,
        text: t.byId.get(id)?.text ?? "",
        details: kidsOf(t, id)
          .filter((k) => t.byId.get(k)?.mark !== "step")
          .map((k) => t.byId.get(k)?.text ?? "")
          .filter(Boolean),
        next: steps(id),
      }));
  return steps(topicId);
}

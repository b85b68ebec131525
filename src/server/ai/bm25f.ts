/**
 * A small BM25F index (S. Robertson, H. Zaragoza, "The Probabilistic Relevance Framework: BM25 and
 * Beyond", 2009, §3.8): per-field term frequencies are length-normalised, weighted by field boost
 * and summed into one pseudo-frequency before the BM25 saturation. Everything query-independent is
 * computed at build time, so a search is one pass over the postings of the query's terms.
 *
 * We use it instead of MiniSearch because the corpus is indexed with bigrams (phrases such as
 * "proximate cause" matter), which MiniSearch's radix tree indexes ~20× slower, and we need neither
 * prefix nor fuzzy search (spelling is repaired against the vocabulary before searching).
 */

export interface Bm25fOptions<F extends string> {
  fields: readonly F[];
  boosts: Record<F, number>;
  k1?: number;
  b?: number;
}

export class Bm25fIndex<F extends string> {
  /** term → [start, end) into the flat posting arrays (compact: one Map entry per term). */
  private readonly spans = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly docs: Int32Array;
  private readonly tfs: Float32Array;
  private readonly keys: string[] = [];
  private readonly k1: number;

  /** `docs`: id and the tokens of each field (already tokenized and stemmed). */
  constructor(input: { key: string; fields: Record<F, string[]> }[], opts: Bm25fOptions<F>) {
    this.k1 = opts.k1 ?? 1.2;
    const b = opts.b ?? 0.75;
    const avg = {} as Record<F, number>;
    for (const f of opts.fields)
      avg[f] = input.reduce((n, d) => n + d.fields[f].length, 0) / Math.max(1, input.length) || 1;
    const postings = new Map<string, { docs: number[]; tf: number[] }>();
    input.forEach((d, i) => {
      this.keys.push(d.key);
      const pseudo = new Map<string, number>();
      for (const f of opts.fields) {
        const toks = d.fields[f];
        if (!toks.length) continue;
        const norm = 1 - b + (b * toks.length) / avg[f];
        const w = opts.boosts[f] / norm;
        for (const t of toks) pseudo.set(t, (pseudo.get(t) ?? 0) + w);
      }
      for (const [t, tf] of pseudo) {
        let p = postings.get(t);
        if (!p) {
          p = { docs: [], tf: [] };
          postings.set(t, p);
        }
        p.docs.push(i);
        p.tf.push(tf);
      }
    });
    let total = 0;
    for (const p of postings.values()) total += p.docs.length;
    this.starts = new Int32Array(postings.size + 1);
    this.docs = new Int32Array(total);
    this.tfs = new Float32Array(total);
    let at = 0;
    let n = 0;
    for (const [t, p] of postings) {
      this.spans.set(t, n);
      this.starts[n] = at;
      this.docs.set(p.docs, at);
      this.tfs.set(p.tf, at);
      at += p.docs.length;
      n++;
    }
    this.starts[n] = at;
  }

  get size(): number {
    return this.keys.length;
  }

  /** Documents holding `term` in any field. */
  docFrequency(term: string): number {
    const s = this.spans.get(term);
    return s === undefined ? 0 : this.starts[s + 1] - this.starts[s];
  }

  /** Scores every document matching at least one term; `weights` maps term → query weight. Best first. */
  search(weights: Map<string, number>): { key: string; score: number }[] {
    const n = this.keys.length;
    const scores = new Map<number, number>();
    for (const [term, w] of weights) {
      const s = this.spans.get(term);
      if (s === undefined || w <= 0) continue;
      const from = this.starts[s];
      const to = this.starts[s + 1];
      const df = to - from;
      const idf = bm25Idf(n, df);
      for (let j = from; j < to; j++) {
        const tf = this.tfs[j];
        const score = (w * idf * tf * (this.k1 + 1)) / (tf + this.k1);
        scores.set(this.docs[j], (scores.get(this.docs[j]) ?? 0) + score);
      }
    }
    return [...scores].map(([i, score]) => ({ key: this.keys[i], score })).sort((a, b) => b.score - a.score);
  }
}

/** BM25's idf (Robertson–Spärck Jones, with the +1 that keeps it positive) of a term found in `df` of `n` documents. */
export function bm25Idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

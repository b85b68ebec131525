/**
 * Keeps one SearchIndex per process, built lazily on the first question (or by `warm()` at boot)
 * and rebuilt when the official content seed changes: the seed's hash in `content_state` is
 * compared at most once every `checkMs` (another process may re-seed a shared PostgreSQL).
 * Concurrent callers share one build.
 */
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { currentContentHash, readCorpus } from "./corpus";
import { buildSearchIndex, type SearchIndex } from "./search-index";

export class IndexCache {
  private index: SearchIndex | null = null;
  private building: Promise<SearchIndex> | null = null;
  private checkedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
    private readonly checkMs = 2000,
  ) {}

  /** The current index; rebuilds first when the content hash changed. */
  async get(): Promise<SearchIndex> {
    const now = Date.now();
    if (this.index && now - this.checkedAt < this.checkMs) return this.index;
    const hash = await currentContentHash(this.db);
    this.checkedAt = now;
    if (this.index && this.index.corpus.hash === hash) return this.index;
    if (!this.building) {
      this.building = this.build().finally(() => {
        this.building = null;
      });
    }
    return this.building;
  }

  private async build(): Promise<SearchIndex> {
    const t0 = performance.now();
    const corpus = await readCorpus(this.db);
    const index = buildSearchIndex(corpus);
    this.index = index;
    this.logger?.info(
      {
        topics: corpus.topics.size,
        briefs: corpus.briefs.size,
        provisions: corpus.provisions.size,
        ms: Math.round(performance.now() - t0),
      },
      "companion index built",
    );
    return index;
  }
}

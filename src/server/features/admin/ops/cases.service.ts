/**
 * The cases page (issue 17 §2): the case-law library (decision 020) for administrators — list,
 * edit metadata, delete, and import a folder on the server as the same `case-law.import` job an
 * upload starts (the files are copied into storage first, so the job reads them as an upload).
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AdminCaseRow } from "../../../../contract/admin-ops";
import type { DbOrTx } from "../../../db/client";
import { opinions, user } from "../../../db/schema";
import type { JobQueue } from "../../../jobs/queue";
import type { SessionUser } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import type { Storage } from "../../../storage/types";
import type { StoredUpload } from "../../case-law/import.job";
import { MAX_IMPORT_FILE_BYTES } from "../../case-law/import.service";
import { startUploadImport } from "../../case-law/upload.service";

const SORTS = { createdAt: opinions.createdAt, caseName: opinions.name, decidedOn: opinions.decidedOn } as const;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const select = {
  id: opinions.id,
  caseName: opinions.name,
  citation: opinions.citation,
  court: opinions.court,
  decidedOn: opinions.decidedOn,
  subjectId: opinions.subjectId,
  ownerEmail: user.email,
  createdAt: opinions.createdAt,
};
type Selected = { [K in keyof typeof select]: unknown };
const toRow = (r: Selected): AdminCaseRow => ({
  id: r.id as string,
  caseName: r.caseName as string,
  citation: (r.citation as string | null) ?? null,
  court: (r.court as string | null) ?? null,
  decidedOn: (r.decidedOn as string | null) ?? null,
  subjectId: (r.subjectId as string | null) ?? null,
  ownerEmail: (r.ownerEmail as string | null) ?? null,
  createdAt: (r.createdAt as Date).toISOString(),
});

/** One page of opinions: `scope` library (shared) or uploads (students'), `q` name or citation. */
export async function listCases(
  db: DbOrTx,
  f: {
    q?: string;
    scope?: "library" | "uploads";
    subject?: string;
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminCaseRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.scope === "library") parts.push(isNull(opinions.ownerId));
  if (f.scope === "uploads") parts.push(isNotNull(opinions.ownerId));
  if (f.subject) parts.push(eq(opinions.subjectId, f.subject));
  if (f.q) parts.push(or(ilike(opinions.name, like(f.q)), ilike(opinions.citation, like(f.q))));
  const where = parts.length ? and(...parts) : undefined;
  const by = f.dir === "asc" ? asc : desc;
  const col = SORTS[f.sort as keyof typeof SORTS] ?? opinions.createdAt;
  const [list, [total]] = await Promise.all([
    db
      .select(select)
      .from(opinions)
      .leftJoin(user, eq(user.id, opinions.ownerId))
      .where(where)
      .orderBy(by(col), by(opinions.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(opinions).where(where),
  ]);
  return { rows: list.map(toRow), total: total.n };
}

/** One opinion's row; NOT_FOUND otherwise. */
export async function getCase(db: DbOrTx, id: string): Promise<AdminCaseRow> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "No such opinion.");
  const [r] = await db
    .select(select)
    .from(opinions)
    .leftJoin(user, eq(user.id, opinions.ownerId))
    .where(eq(opinions.id, id));
  if (!r) throw new AppError("NOT_FOUND", "No such opinion.");
  return toRow(r);
}

/**
 * Edits metadata; the new name and citation are added to the opinion's search vectors (weight A)
 * so searching by them finds it at once. Returns the row before and after.
 */
export async function updateCase(
  db: DbOrTx,
  id: string,
  patch: {
    caseName?: string;
    citation?: string | null;
    court?: string | null;
    decidedOn?: string | null;
    subjectId?: string | null;
  },
): Promise<{ before: AdminCaseRow; after: AdminCaseRow }> {
  const before = await getCase(db, id);
  const set: Partial<typeof opinions.$inferInsert> = {};
  if (patch.caseName !== undefined) set.name = patch.caseName;
  if (patch.citation !== undefined) set.citation = patch.citation || null;
  if (patch.court !== undefined) set.court = patch.court || null;
  if (patch.decidedOn !== undefined) {
    set.decidedOn = patch.decidedOn;
    set.year = patch.decidedOn ? Number(patch.decidedOn.slice(0, 4)) : null;
  }
  if (patch.subjectId !== undefined) set.subjectId = patch.subjectId;
  if (Object.keys(set).length) {
    const terms = `${patch.caseName ?? ""} ${patch.citation ?? ""}`.trim();
    await db
      .update(opinions)
      .set({
        ...set,
        ...(terms
          ? {
              search: sql`${opinions.search} || setweight(to_tsvector('english', ${terms}), 'A')`,
              head: sql`${opinions.head} || setweight(to_tsvector('english', ${terms}), 'A')`,
            }
          : {}),
      })
      .where(eq(opinions.id, id));
  }
  return { before, after: await getCase(db, id) };
}

/** Deletes an opinion (its text and passages go with it by cascade); returns its row. */
export async function deleteCase(db: DbOrTx, id: string): Promise<AdminCaseRow> {
  const row = await getCase(db, id);
  await db.delete(opinions).where(eq(opinions.id, id));
  return row;
}

const IMPORTABLE = new Set([".md", ".markdown", ".txt", ".html", ".htm", ".json"]);
const MAX_FOLDER_FILES = 2000;

/**
 * Copies the opinion files directly in `folder` (not sub-folders) into storage and enqueues the
 * import into the shared library. NOT_FOUND: no such folder; VALIDATION_FAILED: no importable
 * file, or more than 2,000. Files over 20 MB are skipped (the job would refuse them anyway).
 */
export async function importFolder(opts: {
  storage: Storage;
  jobs: JobQueue;
  user: SessionUser;
  folder: string;
  subject?: string;
}): Promise<{ jobId: string; files: number }> {
  const dir = resolve(opts.folder);
  let names: string[];
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error("not a folder");
    names = (await readdir(dir)).sort();
  } catch {
    throw new AppError("NOT_FOUND", `No folder at ${dir} on the server.`);
  }
  const picked: { path: string; name: string; size: number }[] = [];
  for (const name of names) {
    if (!IMPORTABLE.has(extname(name).toLowerCase())) continue;
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (s?.isFile() && s.size <= MAX_IMPORT_FILE_BYTES) picked.push({ path, name, size: s.size });
  }
  if (!picked.length)
    throw new AppError("VALIDATION_FAILED", "path: the folder holds no .md, .txt, .html or .json file to import.");
  if (picked.length > MAX_FOLDER_FILES)
    throw new AppError(
      "VALIDATION_FAILED",
      `path: the folder holds ${picked.length} files; import at most ${MAX_FOLDER_FILES} at a time.`,
    );
  const batch = randomUUID();
  const files: StoredUpload[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => opts.storage.delete(f.key).catch(() => undefined)));
  };
  try {
    for (const [i, f] of picked.entries()) {
      const key = `uploads/case-law/${batch}/${i}`;
      await opts.storage.put(key, createReadStream(f.path));
      files.push({ key, name: f.name, size: f.size });
    }
  } catch (err) {
    await discard();
    throw err;
  }
  const fields: Record<string, string> = { scope: "library", ...(opts.subject ? { subject: opts.subject } : {}) };
  const jobId = await startUploadImport({ jobs: opts.jobs, upload: { files, fields, discard }, user: opts.user });
  return { jobId, files: files.length };
}

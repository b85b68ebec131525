/**
 * Outline import and OutlineIQ routes (issue 16 §5, §7; decision 062). Unlimited / Trial
 * (`outline_iq`): Free gets 403 UPGRADE_REQUIRED.
 *   POST   /api/outlines/import                  multipart `file` → 201 {outline}
 *   POST   /api/outline-analyses                 multipart `file` (+ subjectId, syllabus) or JSON {outlineId, …}
 *                                                → 202 {id, state, jobId}                     (stable)
 *   GET    /api/outline-analyses                 → {analyses}
 *   GET    /api/outline-analyses/:id             → {id, state, …report}                      (stable)
 *   POST   /api/outline-analyses/:id/rerun       → 202 {id, state, jobId}
 *   DELETE /api/outline-analyses/:id             → {ok}
 */
import { Hono } from "hono";
import { z } from "zod";
import { MAX_OUTLINE_FILE_BYTES, MAX_SYLLABUS_CHARS, outlineIoApi } from "../../../contract/outline-analyses";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import type { Storage } from "../../storage/types";
import { deleteAnalysis, getAnalysis, listAnalyses, rerunAnalysis, startAnalysis } from "./analysis/analysis.service";
import { checkPdf } from "./outline-extract";
import { importOutlineFile } from "./outline-import";
import { type ReceivedOutlineFile, readStored, receiveOutlineFile } from "./outline-upload";

/** One outline file and a few fields: the file limit plus 1 MB of multipart overhead and fields. */
const uploadLimit = bodyLimit({
  maxBytes: MAX_OUTLINE_FILE_BYTES + 1024 * 1024,
  hint: "Outline files can be up to 20 MB.",
  streamed: true,
});

const jsonStart = z.object({
  outlineId: z.string().min(1).max(100),
  subjectId: z.string().max(100).nullish(),
  syllabus: z.string().max(MAX_SYLLABUS_CHARS).optional(),
});

/** Refuses an encrypted or image-only PDF at once (the file is deleted). */
async function vetPdf(storage: Storage, f: ReceivedOutlineFile) {
  if (f.format !== "pdf") return;
  try {
    const bytes = await readStored(storage, f.key);
    if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-")
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `${f.name} is not a PDF. Upload a Word document (.docx), a PDF, Markdown (.md) or plain text (.txt).`,
      );
    await checkPdf(bytes, f.name);
  } catch (err) {
    await storage.delete(f.key).catch(() => {});
    throw err;
  }
}

export function outlineIoRoutes() {
  const r = new Hono<AppEnv>();
  const gated = { feature: "outline_iq" as const };

  handle(
    r,
    outlineIoApi.import,
    async (c, { user }) => {
      const { storage, database } = c.get("deps");
      const f = await receiveOutlineFile({ storage, contentType: c.req.header("content-type"), body: c.req.raw.body });
      try {
        const bytes = await readStored(storage, f.key);
        const outline = await importOutlineFile({
          db: database.db,
          userId: user.id,
          name: f.name,
          bytes,
          now: nowOf(c),
        });
        return withStatus(201, { outline });
      } finally {
        await storage.delete(f.key).catch(() => {});
      }
    },
    { ...gated, middleware: [uploadLimit] },
  );

  handle(
    r,
    outlineIoApi.start,
    async (c, { user }) => {
      const { storage, database, jobs } = c.get("deps");
      const type = c.req.header("content-type") ?? "";
      if (/^application\/json\b/i.test(type)) {
        const raw = await c.req.text();
        if (raw.length > 200_000) throw new AppError("PAYLOAD_TOO_LARGE", "The request is larger than 200 KB.");
        let parsed: z.infer<typeof jsonStart>;
        try {
          const res = jsonStart.safeParse(JSON.parse(raw));
          if (!res.success) {
            const issue = res.error.issues[0];
            throw new AppError("VALIDATION_FAILED", `${issue.path.join(".") || "body"}: ${issue.message}`);
          }
          parsed = res.data;
        } catch (err) {
          if (err instanceof AppError) throw err;
          throw new AppError("BAD_REQUEST", "The body is not valid JSON.");
        }
        const started = await startAnalysis({
          db: database.db,
          jobs,
          userId: user.id,
          source: { kind: "outline", outlineId: parsed.outlineId },
          subjectId: parsed.subjectId,
          syllabus: parsed.syllabus,
          now: nowOf(c),
        });
        return withStatus(202, started);
      }
      const f = await receiveOutlineFile({ storage, contentType: type, body: c.req.raw.body });
      await vetPdf(storage, f);
      try {
        const started = await startAnalysis({
          db: database.db,
          jobs,
          userId: user.id,
          source: { kind: "file", key: f.key, name: f.name, format: f.format },
          subjectId: f.fields.subjectId || null,
          syllabus: (f.fields.syllabus ?? "").slice(0, MAX_SYLLABUS_CHARS),
          now: nowOf(c),
        });
        return withStatus(202, started);
      } catch (err) {
        await storage.delete(f.key).catch(() => {});
        throw err;
      }
    },
    { ...gated, middleware: [uploadLimit] },
  );

  handle(
    r,
    outlineIoApi.list,
    async (c, { user }) => ({ analyses: await listAnalyses({ db: c.get("deps").database.db, userId: user.id }) }),
    gated,
  );
  handle(
    r,
    outlineIoApi.get,
    async (c, { user, params }) => getAnalysis({ db: c.get("deps").database.db, userId: user.id, id: params.id }),
    gated,
  );
  handle(
    r,
    outlineIoApi.rerun,
    async (c, { user, params, body }) => {
      const { database, jobs } = c.get("deps");
      return withStatus(
        202,
        await rerunAnalysis({
          db: database.db,
          jobs,
          userId: user.id,
          id: params.id,
          syllabus: body.syllabus,
          now: nowOf(c),
        }),
      );
    },
    gated,
  );
  handle(
    r,
    outlineIoApi.remove,
    async (c, { user, params }) => {
      const { database, storage } = c.get("deps");
      await deleteAnalysis({ db: database.db, storage, userId: user.id, id: params.id });
      return { ok: true as const };
    },
    gated,
  );
  return r;
}

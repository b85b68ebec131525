/**
 * One lesson in the course editor (issue 15 §4): title, kind, preview flag, and by kind — video:
 * a resumable upload with a progress bar (tus; the `courses.video` job then stores the file and
 * reads its duration) while the browser reads the duration and makes the poster frame
 * (video-probe.ts; decision 069), or an external URL, WebVTT captions (the transcript is built from them) or
 * a pasted transcript; reading: Markdown; practice: question ids from the bank.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field, Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { isJobDone, useJob } from "../../jobs/api";
import { formatDuration } from "../api";
import { type EditorLesson, editorApi, type LessonFields, type LessonKind, uploadVideo } from "./api";
import { probeVideo } from "./video-probe";

const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900";

export function LessonEditor({
  lesson: l,
  courseId,
  busy,
  onSave,
  onRemove,
}: {
  lesson: EditorLesson;
  courseId: string;
  busy: boolean;
  onSave: (patch: LessonFields) => void;
  onRemove: () => void;
}) {
  const [title, setTitle] = useState(l.title);
  const [kind, setKind] = useState<LessonKind>(l.kind);
  const [isPreview, setPreview] = useState(l.isPreview);
  const [body, setBody] = useState(l.body);
  const [videoUrl, setVideoUrl] = useState(l.videoUrl ?? "");
  const [duration, setDuration] = useState(l.durationS ? String(l.durationS) : "");
  const [questionIds, setQuestionIds] = useState(l.questionIds.join("\n"));
  const id = (s: string) => `lesson-${l.id}-${s}`;
  // Reset to the saved fields when they change on the server (not when another edit replaced the
  // course object, which would throw away what is being typed).
  const saved = JSON.stringify([l.title, l.kind, l.isPreview, l.body, l.videoUrl, l.durationS, l.questionIds]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` stands for the fields read here
  useEffect(() => {
    setTitle(l.title);
    setKind(l.kind);
    setPreview(l.isPreview);
    setBody(l.body);
    setVideoUrl(l.videoUrl ?? "");
    setDuration(l.durationS ? String(l.durationS) : "");
    setQuestionIds(l.questionIds.join("\n"));
  }, [saved]);
  const save = () => {
    const d = Number.parseInt(duration, 10);
    onSave({
      title: title.trim(),
      kind,
      isPreview,
      body,
      videoUrl: videoUrl.trim() || null,
      durationS: Number.isFinite(d) && d > 0 ? d : null,
      questionIds: questionIds
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    });
  };
  return (
    <form
      className="space-y-4 border-t border-slate-200 p-3 dark:border-slate-800"
      aria-label={`Edit ${l.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_8rem]">
        <Field label="Lesson title" htmlFor={id("title")}>
          <Input id={id("title")} value={title} maxLength={200} required onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field label="Kind" htmlFor={id("kind")}>
          <Select id={id("kind")} value={kind} onChange={(v) => setKind(v as LessonKind)}>
            <option value="video">Video</option>
            <option value="reading">Reading</option>
            <option value="practice">Practice</option>
          </Select>
        </Field>
        <Field label="Duration (s)" htmlFor={id("duration")} hint={l.hasUpload ? "Read from the video" : undefined}>
          <Input
            id={id("duration")}
            inputMode="numeric"
            value={duration}
            onChange={(e) => setDuration(e.target.value.replace(/\D/g, ""))}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isPreview} onChange={(e) => setPreview(e.target.checked)} />
        Free preview (playable by anyone signed in)
      </label>
      {kind === "video" && (
        <VideoFields lesson={l} courseId={courseId} videoUrl={videoUrl} setVideoUrl={setVideoUrl} idOf={id} />
      )}
      <Field
        label={kind === "reading" ? "Reading (Markdown)" : "Notes under the lesson (Markdown)"}
        htmlFor={id("body")}
      >
        <textarea
          id={id("body")}
          className={textarea}
          rows={kind === "reading" ? 10 : 3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </Field>
      {kind === "practice" && (
        <Field label="Question ids from the bank (one per line)" htmlFor={id("questions")}>
          <textarea
            id={id("questions")}
            className={textarea}
            rows={4}
            value={questionIds}
            onChange={(e) => setQuestionIds(e.target.value)}
          />
        </Field>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !title.trim()}>
          Save lesson
        </Button>
        <Button type="button" variant="destructive" onClick={onRemove} disabled={busy}>
          Delete lesson
        </Button>
      </div>
    </form>
  );
}

function VideoFields({
  lesson: l,
  courseId,
  videoUrl,
  setVideoUrl,
  idOf,
}: {
  lesson: EditorLesson;
  courseId: string;
  videoUrl: string;
  setVideoUrl: (s: string) => void;
  idOf: (s: string) => string;
}) {
  const qc = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [posterNote, setPosterNote] = useState<string | null>(null);
  const [posterUrl, setPosterUrl] = useState<string | null>(null);
  const [transcript, setTranscript] = useState("");
  const job = useJob(jobId);
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin-course", courseId] });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished job
  useEffect(() => {
    const j = job.data;
    if (!j || !isJobDone(j.state)) return;
    if (j.state === "succeeded") {
      const r = j.result as { durationS: number | null; durationFrom?: "container" | "browser" | null };
      const from = r.durationFrom === "browser" ? " (read by this browser)" : "";
      setNote(`Video stored${r.durationS ? `; duration ${formatDuration(r.durationS)}${from}` : ""}.`);
    } else setNote(`Storing the video ${j.state}: ${j.error ?? ""}`);
    setJobId(null);
    void refresh();
  }, [job.data]);
  useEffect(
    () => () => {
      if (posterUrl) URL.revokeObjectURL(posterUrl);
    },
    [posterUrl],
  );
  /** Poster frame from the chosen file, made in this browser and uploaded while the video uploads. */
  const makePoster = async (probe: ReturnType<typeof probeVideo>) => {
    try {
      const image = await probe.poster();
      if (!image) return setPosterNote("No poster: this browser cannot draw a frame of the video.");
      setPosterUrl(URL.createObjectURL(image));
      await editorApi.poster(l.id, image);
      setPosterNote("Poster frame made from the video and saved.");
      void refresh();
    } catch (e) {
      setPosterNote(`No poster: ${(e as Error).message}`);
    } finally {
      probe.close();
    }
  };
  const start = async () => {
    const f = file.current?.files?.[0];
    if (!f) return setNote("Choose a video file first.");
    setNote("Reading the video…");
    setPosterNote(null);
    abort.current = new AbortController();
    const probe = probeVideo(f);
    // The browser's duration goes with the upload; the server keeps an MP4's own (decision 069).
    const durationS = await probe.durationS().catch(() => null);
    void makePoster(probe);
    setNote(null);
    try {
      const id = await uploadVideo(l.id, f, (s, t) => setSent({ sent: s, total: t }), abort.current.signal, durationS);
      setJobId(id);
      setNote("Uploaded; storing the video and reading its duration…");
    } catch (e) {
      setNote(
        (e as Error).name === "AbortError" ? "Paused. Start again to resume where it stopped." : (e as Error).message,
      );
    }
  };
  const percent = sent ? Math.floor((sent.sent / Math.max(1, sent.total)) * 100) : 0;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-medium">Video</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {l.hasUpload
          ? `An uploaded video is attached (${l.videoContentType}).`
          : l.videoUrl
            ? "An external video URL is set."
            : "No video yet."}{" "}
        {l.hasCaptions ? `Captions: yes (${l.transcriptCues} transcript lines).` : "No captions."}{" "}
        {l.hasPoster ? "Poster: yes." : "No poster."}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={idOf("file")} className="block text-sm font-medium">
            Upload a video (MP4, WebM or QuickTime, up to 2 GB; resumable)
          </label>
          <input
            id={idOf("file")}
            ref={file}
            type="file"
            accept="video/mp4,video/webm,video/quicktime"
            className="mt-1 block text-sm"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={start}
          disabled={Boolean(sent && sent.sent < sent.total && abort.current && !abort.current.signal.aborted)}
        >
          Upload
        </Button>
        {sent && sent.sent < sent.total && (
          <Button type="button" variant="ghost" onClick={() => abort.current?.abort()}>
            Pause
          </Button>
        )}
      </div>
      {sent && (
        <div>
          <progress className="h-2 w-full" max={100} value={percent} aria-label="Upload progress" />
          <p className="text-xs text-slate-500" aria-live="polite">
            {percent} % ({(sent.sent / 1_048_576).toFixed(1)} of {(sent.total / 1_048_576).toFixed(1)} MB)
          </p>
        </div>
      )}
      {note && (
        <p className="text-sm" role="status">
          {note}
        </p>
      )}
      {(posterNote || posterUrl) && (
        <div className="flex items-center gap-3">
          {posterUrl && (
            <img src={posterUrl} alt="Poster frame" className="h-16 w-auto rounded border border-slate-200" />
          )}
          {posterNote && (
            <p className="text-sm" role="status" data-testid="poster-note">
              {posterNote}
            </p>
          )}
        </div>
      )}
      <Field label="Or an external video URL" htmlFor={idOf("url")}>
        <Input
          id={idOf("url")}
          type="url"
          value={videoUrl}
          placeholder="https://…"
          onChange={(e) => setVideoUrl(e.target.value)}
        />
      </Field>
      <div>
        <label htmlFor={idOf("vtt")} className="block text-sm font-medium">
          Captions (WebVTT; the transcript is built from them)
        </label>
        <input
          id={idOf("vtt")}
          type="file"
          accept=".vtt,text/vtt"
          className="mt-1 block text-sm"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            try {
              await editorApi.captions(l.id, f);
              setNote("Captions stored; transcript rebuilt.");
              void refresh();
            } catch (err) {
              setNote((err as Error).message);
            }
          }}
        />
      </div>
      <Field label="Or paste a transcript (mm:ss text, one line per cue)" htmlFor={idOf("transcript")}>
        <textarea
          id={idOf("transcript")}
          className={textarea}
          rows={3}
          value={transcript}
          onChange={(e) => setTranscript(e.target.value)}
        />
      </Field>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!transcript.trim()}
        onClick={async () => {
          try {
            await editorApi.transcript(l.id, transcript);
            setTranscript("");
            setNote("Transcript saved.");
            void refresh();
          } catch (err) {
            setNote((err as Error).message);
          }
        }}
      >
        Save transcript
      </Button>
    </fieldset>
  );
}

/**
 * The lesson video (issue 15 §3; decision 059): media-chrome's controls around the native
 * <video> element. Speeds 0.5–3×, media-chrome's keyboard shortcuts (Space/k play, ←/→ seek,
 * ↑/↓ volume, f fullscreen, c captions, m mute), picture-in-picture, WebVTT captions, chapters,
 * and a transcript beside the video that follows playback, seeks on click and can be searched.
 * The resume position is saved to the server (every 10 s of playback, on pause and on leaving);
 * the lesson is marked complete by itself at 90 % watched. Captions are drawn above the control
 * bar (`CaptionsOverlay`), never under it.
 */
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaPlaybackRateButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from "media-chrome/react";
import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { AUTO_COMPLETE_SHARE, PLAYBACK_RATES } from "../../../contract/courses";
import { Input } from "../../components/ui/input";
import type { Lesson } from "./api";

const SAVE_EVERY_S = 10;
const clock = (s: number) => {
  const t = Math.max(0, Math.floor(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};

/** Space between the lowest caption line and the top of the control bar, px. */
const CAPTION_GAP_PX = 8;

/** The browser's own cue rendering, made invisible (the overlay draws the captions). */
const NATIVE_CUES_HIDDEN =
  "video[data-captions-overlay]::cue{color:transparent;background-color:transparent;text-shadow:none}";

/** A cue's text without WebVTT tags (<v Name>, <i>, timestamps) and with its entities decoded. */
const cueText = (t: string) =>
  t
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

/**
 * The captions, drawn by us above media-chrome's control bar. The browser draws WebVTT cues at
 * the bottom of the video, under the control bar (two rows at 375 px), and Chromium ignores the
 * cue settings that would lift them (`lineAlign`). So the track keeps its mode — the CC button
 * and media-chrome's `c` key switch it between showing and hidden as before — the native
 * rendering is made invisible (`::cue`), and this overlay shows the active cues of a showing
 * track, its bottom `CAPTION_GAP_PX` above the bar, its font 5 % of the player's height (as the
 * browser's). `noautohide` keeps it when the controls fade.
 */
function CaptionsOverlay({
  box,
  video,
}: {
  box: React.RefObject<HTMLDivElement | null>;
  video: React.RefObject<HTMLVideoElement | null>;
}) {
  const [lines, setLines] = useState<string[]>([]);
  const [place, setPlace] = useState({ bottom: 52, font: 18 });
  useEffect(() => {
    const el = video.current;
    const bar = box.current?.querySelector("media-control-bar");
    if (!el) return;
    const show = () => {
      const t = Array.from(el.textTracks).find(
        (x) => (x.kind === "captions" || x.kind === "subtitles") && x.mode === "showing",
      );
      setLines(t?.activeCues ? Array.from(t.activeCues).map((c) => cueText((c as VTTCue).text)) : []);
    };
    const measure = () => {
      const h = el.getBoundingClientRect().height;
      setPlace({
        bottom: (bar?.getBoundingClientRect().height ?? 44) + CAPTION_GAP_PX,
        font: Math.max(12, Math.round(h * 0.05)),
      });
    };
    const watched = new Set<TextTrack>();
    const hook = () => {
      for (const t of Array.from(el.textTracks))
        if (!watched.has(t)) {
          watched.add(t);
          t.addEventListener("cuechange", show);
        }
      show();
    };
    hook();
    el.textTracks.addEventListener("addtrack", hook);
    el.textTracks.addEventListener("change", show);
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (bar) ro.observe(bar);
    measure();
    return () => {
      for (const t of watched) t.removeEventListener("cuechange", show);
      el.textTracks.removeEventListener("addtrack", hook);
      el.textTracks.removeEventListener("change", show);
      ro.disconnect();
    };
  }, [box, video]);
  if (!lines.length) return null;
  return (
    <div
      {...{ noautohide: "" }}
      aria-hidden="true"
      data-testid="captions"
      className="pointer-events-none absolute inset-x-0 flex justify-center px-[5%]"
      style={{ bottom: place.bottom }}
    >
      <span
        className="whitespace-pre-line rounded bg-black/80 px-2 py-0.5 text-center leading-snug text-white"
        style={{ fontSize: place.font }}
      >
        {lines.join("\n")}
      </span>
    </div>
  );
}

export function VideoLesson({
  lesson,
  completed,
  onPosition,
  onComplete,
}: {
  lesson: Lesson;
  completed: boolean;
  /** Save the resume position (seconds). */
  onPosition: (positionS: number) => void;
  /** Mark the lesson complete (called once, at 90 % watched). */
  onComplete: (positionS: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [time, setTime] = useState(0);
  const lastSaved = useRef(lesson.progress.positionS);
  const done = useRef(completed);
  done.current = completed;
  const v = lesson.video!;
  const durationS = lesson.durationS;

  // Resume where the student stopped (unless at the very end).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const resume = () => {
      const at = lesson.progress.positionS;
      if (at > 0 && (!Number.isFinite(el.duration) || at < el.duration - 2)) el.currentTime = at;
    };
    if (el.readyState >= 1) resume();
    else el.addEventListener("loadedmetadata", resume, { once: true });
    return () => el.removeEventListener("loadedmetadata", resume);
  }, [lesson.progress.positionS]);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const onTime = () => {
      const t = el.currentTime;
      setTime(t);
      if (Math.abs(t - lastSaved.current) >= SAVE_EVERY_S) {
        lastSaved.current = t;
        onPosition(t);
      }
      // A recording without a duration in its header (MediaRecorder WebM) reports Infinity until
      // played through: use the lesson's stored duration then.
      const total = Number.isFinite(el.duration) ? el.duration : (durationS ?? 0);
      if (!done.current && total > 0 && t / total >= AUTO_COMPLETE_SHARE) {
        done.current = true;
        lastSaved.current = t;
        onComplete(t);
      }
    };
    const save = () => {
      if (Math.abs(el.currentTime - lastSaved.current) >= 0.5) {
        lastSaved.current = el.currentTime;
        onPosition(el.currentTime);
      }
    };
    el.addEventListener("timeupdate", onTime);
    el.addEventListener("pause", save);
    el.addEventListener("seeked", save);
    return () => {
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("pause", save);
      el.removeEventListener("seeked", save);
      save();
    };
  }, [onPosition, onComplete, durationS]);

  const seek = (s: number) => {
    if (video.current) video.current.currentTime = s;
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0" ref={box}>
        <MediaController className="block aspect-video w-full overflow-hidden rounded-xl bg-black">
          {/* biome-ignore lint/a11y/useMediaCaption: captions come as a <track> when the lesson has them */}
          <video
            ref={video}
            slot="media"
            src={v.src}
            poster={v.poster ?? undefined}
            preload="metadata"
            playsInline
            crossOrigin={v.src.startsWith("/") ? undefined : "anonymous"}
            data-testid="lesson-video"
            data-captions-overlay=""
            aria-label={lesson.title}
          >
            {v.captions && <track kind="captions" src={v.captions} srcLang="en" label="English" default />}
          </video>
          {v.captions && <CaptionsOverlay box={box} video={video} />}
          {v.captions && <style>{NATIVE_CUES_HIDDEN}</style>}
          <MediaControlBar className="w-full flex-wrap">
            <MediaPlayButton />
            <MediaSeekBackwardButton seekOffset={10} />
            <MediaSeekForwardButton seekOffset={10} />
            <MediaTimeRange className="min-w-24 flex-1" />
            <MediaTimeDisplay showDuration />
            <MediaMuteButton />
            <MediaVolumeRange className="hidden sm:block" />
            <MediaPlaybackRateButton rates={[...PLAYBACK_RATES]} />
            {v.captions && <CaptionsToggle video={video} />}
            <MediaPipButton />
            <MediaFullscreenButton />
          </MediaControlBar>
        </MediaController>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Keys: Space or k play/pause · ← → 10 s · ↑ ↓ volume · m mute · c captions · f fullscreen
        </p>
        {lesson.chapters.length > 0 && (
          <nav aria-label="Chapters" className="mt-4">
            <h2 className="text-sm font-semibold">Chapters</h2>
            <ol className="mt-2 flex flex-wrap gap-2">
              {lesson.chapters.map((c, i) => {
                const end = lesson.chapters[i + 1]?.startS ?? Number.POSITIVE_INFINITY;
                const current = time >= c.startS && time < end;
                return (
                  <li key={`${c.startS}-${c.title}`}>
                    <button
                      type="button"
                      onClick={() => seek(c.startS)}
                      aria-current={current ? "true" : undefined}
                      className={clsx(
                        "rounded-lg border px-3 py-1.5 text-left text-sm",
                        current
                          ? "border-brand-500 bg-brand-50 dark:bg-brand-500/15"
                          : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800",
                      )}
                    >
                      <span className="tabular-nums text-slate-700 dark:text-slate-300">{clock(c.startS)}</span>{" "}
                      {c.title}
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
        )}
      </div>
      <Transcript cues={lesson.transcript} time={time} onSeek={seek} />
    </div>
  );
}

function Transcript({ cues, time, onSeek }: { cues: Lesson["transcript"]; time: number; onSeek: (s: number) => void }) {
  const [q, setQ] = useState("");
  const box = useRef<HTMLOListElement>(null);
  const active = cues.findIndex((c) => time >= c.startS && time < c.endS);
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return cues.map((c, i) => ({ c, i })).filter(({ c }) => !needle || c.text.toLowerCase().includes(needle));
  }, [cues, q]);
  // Keep the current cue in view inside the transcript box (not the page).
  useEffect(() => {
    const list = box.current;
    const el = list?.querySelector<HTMLElement>(`[data-cue="${active}"]`);
    if (!list || !el) return;
    const top = el.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - el.clientHeight)
      list.scrollTop = top - list.clientHeight / 3;
  }, [active]);
  if (!cues.length)
    return (
      <aside aria-label="Transcript" className="text-sm text-slate-500 dark:text-slate-400">
        No transcript for this lesson.
      </aside>
    );
  return (
    <aside
      aria-label="Transcript"
      className="flex max-h-[28rem] min-w-0 flex-col rounded-xl border border-slate-200 dark:border-slate-800"
    >
      <div className="border-b border-slate-200 p-2 dark:border-slate-800">
        <h2 className="sr-only">Transcript</h2>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            aria-label="Search the transcript"
            placeholder="Search the transcript"
            className="pl-9"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      </div>
      <ol ref={box} className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="transcript">
        {shown.map(({ c, i }) => (
          <li key={`${c.startS}-${i}`} data-cue={i}>
            <button
              type="button"
              onClick={() => onSeek(c.startS)}
              aria-current={i === active ? "true" : undefined}
              className={clsx(
                "flex w-full gap-2 rounded-md px-2 py-1 text-left text-sm",
                i === active
                  ? "bg-brand-50 font-medium text-brand-900 dark:bg-brand-500/15 dark:text-brand-100"
                  : "hover:bg-slate-50 dark:hover:bg-slate-800",
              )}
            >
              <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">{clock(c.startS)}</span>
              <span>{c.text}</span>
            </button>
          </li>
        ))}
        {!shown.length && <li className="p-2 text-sm text-slate-500">No line matches.</li>}
      </ol>
    </aside>
  );
}

/**
 * Captions on/off for the lesson's WebVTT track. media-chrome's own captions button puts
 * aria-checked on role="button" (an axe aria-allowed-attr violation), so this is a native button
 * with aria-pressed; it follows the track's mode, so media-chrome's 'c' shortcut stays in step.
 */
function CaptionsToggle({ video }: { video: React.RefObject<HTMLVideoElement | null> }) {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const tracks = video.current?.textTracks;
    if (!tracks) return;
    const sync = () => setOn(Array.from(tracks).some((t) => t.kind === "captions" && t.mode === "showing"));
    sync();
    tracks.addEventListener("change", sync);
    return () => tracks.removeEventListener("change", sync);
  }, [video]);
  const toggle = () => {
    for (const t of Array.from(video.current?.textTracks ?? [])) {
      if (t.kind === "captions") t.mode = on ? "hidden" : "showing";
    }
    setOn(!on);
  };
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={toggle}
      className="bg-[var(--media-control-background,rgba(20,20,30,0.7))] px-3 text-sm font-semibold text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white"
    >
      CC<span className="sr-only"> (captions)</span>
    </button>
  );
}

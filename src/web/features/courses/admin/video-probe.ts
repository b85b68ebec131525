/**
 * Reads a chosen video in the admin's browser (decision 069, "Poster and duration from the
 * browser"): the server has no video decoder, the browser has one. The file is opened in an
 * off-screen `<video>` from an object URL (nothing is uploaded by this module).
 *
 * - `durationS()`: the element's `duration` in seconds. A WebM from MediaRecorder has no duration
 *   in its header (`duration` is `Infinity`); seeking far past the end makes the browser scan to
 *   the last cluster, fire `durationchange` and report the real one.
 * - `poster()`: the frame at 10 % of the video (at most 5 s in), drawn on a canvas at most
 *   1280 px wide and encoded as JPEG at quality 0.8. Null when the browser cannot decode it.
 */

/** Widest poster we make, in CSS pixels. */
export const POSTER_MAX_WIDTH = 1280;
const POSTER_QUALITY = 0.8;
const POSTER_AT_MAX_S = 5;
const TIMEOUT_MS = 10_000;

function once(el: HTMLMediaElement, events: string[], ms = TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = (e: Event) => {
      clear();
      resolve(e.type);
    };
    const fail = () => {
      clear();
      reject(new Error("The browser cannot read this video."));
    };
    const timer = setTimeout(() => {
      clear();
      reject(new Error("Reading the video took too long."));
    }, ms);
    const clear = () => {
      clearTimeout(timer);
      for (const ev of events) el.removeEventListener(ev, done);
      el.removeEventListener("error", fail);
    };
    for (const ev of events) el.addEventListener(ev, done);
    el.addEventListener("error", fail);
  });
}

export interface VideoProbe {
  /** Seconds (finite, > 0), or null when the browser cannot tell. */
  durationS(): Promise<number | null>;
  /** A JPEG of a frame near the start, or null. Call after `durationS()`. */
  poster(): Promise<Blob | null>;
  /** Releases the element and the object URL. */
  close(): void;
}

/** Opens `file` off-screen; see the file comment. */
export function probeVideo(file: Blob): VideoProbe {
  const url = URL.createObjectURL(file);
  const v = document.createElement("video");
  v.muted = true;
  v.playsInline = true;
  v.preload = "auto";
  v.src = url;
  let duration: number | null = null;
  const loaded = v.readyState >= 1 ? Promise.resolve("") : once(v, ["loadedmetadata"]);

  const durationS = async () => {
    await loaded;
    let d = v.duration;
    if (d === Number.POSITIVE_INFINITY || Number.isNaN(d)) {
      const changed = once(v, ["durationchange"]);
      v.currentTime = 1e101;
      await changed.catch(() => undefined);
      d = v.duration;
      const back = once(v, ["seeked"]);
      v.currentTime = 0;
      await back.catch(() => undefined);
    }
    duration = Number.isFinite(d) && d > 0 ? d : null;
    return duration;
  };

  const poster = async () => {
    await loaded;
    if (!v.videoWidth || !v.videoHeight) return null;
    const at = duration ? Math.min(duration * 0.1, POSTER_AT_MAX_S) : 0;
    const seeked = once(v, ["seeked"]);
    v.currentTime = at;
    await seeked;
    if (v.readyState < 2) await once(v, ["loadeddata", "canplay"]).catch(() => undefined);
    const scale = Math.min(1, POSTER_MAX_WIDTH / v.videoWidth);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", POSTER_QUALITY));
  };

  return {
    durationS,
    poster,
    close() {
      v.removeAttribute("src");
      v.load();
      URL.revokeObjectURL(url);
    },
  };
}

/**
 * Screenshots of the real application, captured by `npm run screenshots`
 * (tests/e2e/screenshots.capture.ts drives the running app in Chromium and rewrites
 * `screenshots.json` and `src/web/public/screenshots/`). Nothing here is a mock-up.
 */
import manifest from "./screenshots.json";

export interface Screenshot {
  id: string;
  /** Public URL of the image, e.g. /screenshots/case-brief.jpg. */
  src: string;
  title: string;
  caption: string;
  /** Landing section it illustrates (caselaw, notes, outlines, study, chat, courses) or null. */
  feature: string | null;
  width: number;
  height: number;
}

export const SCREENSHOTS: Screenshot[] = manifest as Screenshot[];

export const screenshotFor = (feature: string): Screenshot | undefined =>
  SCREENSHOTS.find((s) => s.feature === feature);

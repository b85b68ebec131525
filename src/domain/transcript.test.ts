import { describe, expect, it } from "vitest";
import { parsePastedTranscript, parseTimestamp, parseWebVtt } from "./transcript";

describe("transcripts", () => {
  it("reads timestamps", () => {
    expect(parseTimestamp("01:02:03.500")).toBe(3723.5);
    expect(parseTimestamp("02:03")).toBe(123);
    expect(parseTimestamp("nope")).toBeNull();
  });

  it("builds cues from WebVTT, skipping NOTE blocks and stripping tags", () => {
    const vtt =
      "WEBVTT - lesson\n\nNOTE made by hand\n\n1\n00:00.000 --> 00:02.500 align:start\n<v Ada>Battery needs</v>\nintent to touch.\n\n00:02.500 --> 00:04.000\nNot intent &amp; harm.\n";
    expect(parseWebVtt(vtt)).toEqual([
      { startS: 0, endS: 2.5, text: "Battery needs intent to touch." },
      { startS: 2.5, endS: 4, text: "Not intent & harm." },
    ]);
    expect(() => parseWebVtt("1\n00:00 --> 00:01\nx")).toThrow(/WEBVTT/);
  });

  it("builds cues from a pasted transcript", () => {
    expect(parsePastedTranscript("intro words\n0:00 Hello\nand welcome\n[1:05] - Next part\n", 90)).toEqual([
      { startS: 0, endS: 65, text: "Hello and welcome" },
      { startS: 65, endS: 90, text: "Next part" },
    ]);
  });
});

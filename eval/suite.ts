/**
 * The issue-13 evaluation sets (issue 13 §8), written blind by someone who had not read the engine:
 *   facts-*      fact patterns and plain questions   hit@3, "I don't know" on covered questions
 *   mbe-*        MBE stems with (A)–(D)               MBE accuracy (the keyed choice in "**Best answer: (X)**")
 *   followups-*  two-turn conversations               hit@3 of the second answer
 *   scope-*      out-of-scope requests of 3 kinds     declined, decline kind, law topics named in declines
 * Each set has dev splits (`-dev` to `-dev5`: tuning) and two blind splits (`-blind`, and
 * `-blind2`, written later by another helper; decision 073), run only to measure with
 * `npm run eval -- --suite blind` (both, the Business Associations / Professional Responsibility
 * blind facts set of issue 18, the scope `-blind3` and `-blind4` of stop 23, `facts-blind3` of stop 24, and `facts-blind4`,
 * `followups-blind3` and `scope-blind5` of stop 25, `scope-blind6` of stop 26, `facts-blind5`, `followups-blind4` and
 * `mbe-blind3` of stop 27, `facts-blind6` and `followups-blind5` of stop 28, `facts-blind7` and `followups-blind6` of stop 29, `facts-blind8` and `followups-blind7` of stop 30, `facts-blind9`, `followups-blind8`, `facts-blind10`, `followups-blind9`, `facts-blind11` and `followups-blind10` of stop 31, `facts-blind12`, `followups-blind11`, `facts-blind13` and `followups-blind12` of stop 32, `followups-blind13`, `facts-blind14`, `followups-blind14`, `facts-blind15` and `followups-blind15` of stop 33, `facts-blind16`, `followups-blind16`, `facts-blind17`, `followups-blind17`, `facts-blind18`, `followups-blind18`, `facts-blind19`, `followups-blind19`, `followups-blind20` and `followups-blind21` of stop 34, `facts-blind20` to `facts-blind24` and `followups-blind22` to `followups-blind31` of stop 35, `facts-blind25`, `facts-blind26` and `followups-blind32` to `followups-blind41` of stop 36, `mbe-blind4` of stop 37) or `--suite blind2`; each split is reported on its own lines. Each set runs in its own child (`eval/run.ts --set <name>`);
 * this prints one line per set and exits 1 when a set is below its floor.
 *
 * FLOORS are what the engine reached on the dev splits when they were set (issue 13: CI fails
 * below them); the targets are printed beside them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface Summary {
  set: string;
  inScope: number;
  hit3: number;
  idk: number;
  validity: number;
  outOfScope: number;
  declined: number;
  declineKinds: number | null;
  lawInDeclines: number;
  mbe: number | null;
  p95: number;
}

/** Floors (percent) per family; the targets in TARGETS. */
const FLOORS_FIRST = {
  facts: { hit3: 98, idkMax: 0 },
  mbe: { mbe: 60 },
  followups: { hit3: 100 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/** The second dev split (decision 057), written before tuning: the floors reached on it. */
const FLOORS_SECOND: typeof FLOORS_FIRST = {
  facts: { hit3: 98, idkMax: 0 },
  mbe: { mbe: 80 },
  followups: { hit3: 100 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/** The third dev split (decision 073), written before tuning: the floors reached on it. */
const FLOORS_THIRD: typeof FLOORS_FIRST = {
  facts: { hit3: 95, idkMax: 0 },
  mbe: { mbe: 60 },
  followups: { hit3: 90 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/**
 * The fourth dev split (decision 073, "A fourth dev split"): 70 distinctions between neighbouring
 * doctrines and 60 follow-ups of varied shapes, written by another helper without reading the
 * engine; measured untouched first (facts 85.7 %, follow-ups 78.3 %), then tuned on; floors at what
 * the branch reached (87.1 %, 86.7 %). No MBE or scope file: those lines read "(missing)".
 */
const FLOORS_FOURTH: typeof FLOORS_FIRST = {
  facts: { hit3: 87, idkMax: 0 },
  mbe: { mbe: 60 },
  followups: { hit3: 86 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/**
 * Business Associations and Professional Responsibility (issue 18 §1), a facts set only: 60 dev items
 * written blind to the engine, measured untouched first (hit@3 76.7 %, "I don't know" 8.3 %), then
 * tuned on by class (lexicon, legal cues, lawyer-by-practice, twin doctrines) to 98.3 % and 1.7 %;
 * floor a little under that.
 */
const FLOORS_BAPR: typeof FLOORS_FIRST = {
  facts: { hit3: 96, idkMax: 2 },
  mbe: { mbe: 60 },
  followups: { hit3: 90 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/**
 * The fifth dev split (decision 098): 27 MBE stems, 3 per subject, written blind to the engine at
 * stop 37 with several keyed on an exception to the general rule; measured untouched first (44.4 %),
 * then tuned on by class to 51.9 %; the floor is what it reached. No facts, follow-up or scope file:
 * those lines read "(missing)".
 */
const FLOORS_FIFTH: typeof FLOORS_FIRST = {
  facts: { hit3: 92, idkMax: 2 },
  mbe: { mbe: 51 },
  followups: { hit3: 90 },
  scope: { declined: 100, lawInDeclines: 0 },
};
/** The blind splits are gated at the targets (issue 13, Targets), not at a tuning floor. */
const FLOORS_BLIND: typeof FLOORS_FIRST = {
  facts: { hit3: 92, idkMax: 2 },
  mbe: { mbe: 60 },
  followups: { hit3: 90 },
  scope: { declined: 100, lawInDeclines: 0 },
};
const FLOORS_BY_PART: Record<string, typeof FLOORS_FIRST> = {
  dev: FLOORS_FIRST,
  dev2: FLOORS_SECOND,
  dev3: FLOORS_THIRD,
  dev4: FLOORS_FOURTH,
  dev5: FLOORS_FIFTH,
  "bapr-dev": FLOORS_BAPR,
  blind: FLOORS_BLIND,
  blind2: FLOORS_BLIND,
  blind3: FLOORS_BLIND,
  blind4: FLOORS_BLIND,
  blind5: FLOORS_BLIND,
  blind6: FLOORS_BLIND,
  blind7: FLOORS_BLIND,
  blind8: FLOORS_BLIND,
  blind9: FLOORS_BLIND,
  blind10: FLOORS_BLIND,
  blind11: FLOORS_BLIND,
  blind12: FLOORS_BLIND,
  blind13: FLOORS_BLIND,
  blind14: FLOORS_BLIND,
  blind15: FLOORS_BLIND,
  blind16: FLOORS_BLIND,
  blind17: FLOORS_BLIND,
  blind18: FLOORS_BLIND,
  blind19: FLOORS_BLIND,
  blind20: FLOORS_BLIND,
  blind21: FLOORS_BLIND,
  blind22: FLOORS_BLIND,
  blind23: FLOORS_BLIND,
  blind24: FLOORS_BLIND,
  blind25: FLOORS_BLIND,
  blind26: FLOORS_BLIND,
  blind27: FLOORS_BLIND,
  blind28: FLOORS_BLIND,
  blind29: FLOORS_BLIND,
  blind30: FLOORS_BLIND,
  blind31: FLOORS_BLIND,
  blind32: FLOORS_BLIND,
  blind33: FLOORS_BLIND,
  blind34: FLOORS_BLIND,
  blind35: FLOORS_BLIND,
  blind36: FLOORS_BLIND,
  blind37: FLOORS_BLIND,
  blind38: FLOORS_BLIND,
  blind39: FLOORS_BLIND,
  blind40: FLOORS_BLIND,
  blind41: FLOORS_BLIND,
  "bapr-blind": FLOORS_BLIND,
};
const TARGETS =
  "targets: facts hit@3 ≥ 92%, IDK ≤ 2%; MBE ≥ 60%; follow-ups hit@3 ≥ 90%; scope 100% declined, 0 law topics";

/**
 * The blind parts written after the first two (stops 23–36): each holds only some families, so a
 * family's missing file is skipped, not reported as "(missing)".
 */
const LATER_BLIND_PARTS = [
  "blind3",
  "blind4",
  "blind5",
  "blind6",
  "blind7",
  "blind8",
  "blind9",
  "blind10",
  "blind11",
  "blind12",
  "blind13",
  "blind14",
  "blind15",
  "blind16",
  "blind17",
  "blind18",
  "blind19",
  "blind20",
  "blind21",
  "blind22",
  "blind23",
  "blind24",
  "blind25",
  "blind26",
  "blind27",
  "blind28",
  "blind29",
  "blind30",
  "blind31",
  "blind32",
  "blind33",
  "blind34",
  "blind35",
  "blind36",
  "blind37",
  "blind38",
  "blind39",
  "blind40",
  "blind41",
];

export function runSuite(split: "dev" | "blind" | "blind2"): number {
  // The dev split is three sets per family, each written later than the one before (decisions 057, 073);
  // the blind split is the first blind set and a second one written later by another hand (decision 073).
  // The BA/PR sets (issue 18) are facts sets only: the other families of those splits are not listed.
  const splits =
    split === "dev"
      ? ["dev", "dev2", "dev3", "dev4", "dev5", "bapr-dev"]
      : split === "blind"
        ? ["blind", "blind2", ...LATER_BLIND_PARTS, "bapr-blind"]
        : [split];
  const root = resolve(import.meta.dirname, "..");
  const dir = mkdtempSync(join(tmpdir(), "lexmate-eval-"));
  const lines: string[] = [];
  const failures: string[] = [];
  for (const part of splits)
    for (const family of ["facts", "mbe", "followups", "scope"] as const) {
      const set = `${family}-${part}`;
      const FLOORS = FLOORS_BY_PART[part] ?? FLOORS_FIRST;
      if (!existsSync(resolve(root, `eval/${set}.yaml`))) {
        // The BA/PR sets are facts only; blind3 is facts, follow-ups, scope and MBE (stops 23–25, 27), blind4
        // facts, scope and follow-ups (stops 23, 25, 27), blind5 scope, facts and follow-ups (stops 25, 27, 28), blind6 scope, facts and follow-ups (stops 26, 28, 29), blind7 facts and follow-ups (stops 29, 30), blind8 facts and follow-ups (stops 30, 31), blind9 facts and follow-ups, blind10 facts and follow-ups, blind11 facts (stop 31) and follow-ups (stop 32), blind12 facts and follow-ups, blind13 facts (stop 32) and follow-ups (stop 33), blind14 and blind15 facts and follow-ups (stop 33), blind16 to blind19 facts and follow-ups, blind20 and blind21 follow-ups (stop 34), blind20 to blind24 facts and blind22 to blind31 follow-ups (stop 35), blind25 and blind26 facts and blind32 to blind41 follow-ups (stop 36).
        if (part.startsWith("bapr-") || LATER_BLIND_PARTS.includes(part)) continue;
        lines.push(`  ${set.padEnd(16)} (missing)`);
        continue;
      }
      const out = join(dir, `${set}.json`);
      try {
        execFileSync(
          process.execPath,
          ["--import", "tsx", resolve(root, "eval/run.ts"), "--set", set, "--summary", out],
          {
            stdio: ["ignore", process.env.EVAL_VERBOSE ? "inherit" : "ignore", "inherit"],
          },
        );
      } catch {
        failures.push(`${set}: the run failed (invalid citations or a set problem); run npm run eval -- --set ${set}`);
        if (!existsSync(out)) continue;
      }
      const r = JSON.parse(readFileSync(out, "utf8")) as Summary;
      const f = (x: number | null) => (x === null ? "—" : `${x.toFixed(1)}%`);
      if (family === "facts") {
        lines.push(
          `  ${set.padEnd(16)} hit@3 ${f(r.hit3)}  I don't know on covered ${f(r.idk)}  (${r.inScope} questions)`,
        );
        if (r.hit3 < FLOORS.facts.hit3) failures.push(`${set}: hit@3 ${f(r.hit3)} < ${FLOORS.facts.hit3}%`);
        if (r.idk > FLOORS.facts.idkMax) failures.push(`${set}: I don't know ${f(r.idk)} > ${FLOORS.facts.idkMax}%`);
      } else if (family === "mbe") {
        lines.push(`  ${set.padEnd(16)} MBE accuracy ${f(r.mbe)}  hit@3 ${f(r.hit3)}  (${r.inScope} stems)`);
        if ((r.mbe ?? 0) < FLOORS.mbe.mbe) failures.push(`${set}: MBE accuracy ${f(r.mbe)} < ${FLOORS.mbe.mbe}%`);
      } else if (family === "followups") {
        lines.push(`  ${set.padEnd(16)} follow-up hit@3 ${f(r.hit3)}  (${r.inScope} conversations)`);
        if (r.hit3 < FLOORS.followups.hit3)
          failures.push(`${set}: follow-up hit@3 ${f(r.hit3)} < ${FLOORS.followups.hit3}%`);
      } else {
        // A scope set may hold legal questions near the boundary too (blind2): they must be answered.
        const boundary = r.inScope
          ? `  boundary questions answered ${f(100 - r.idk)} (hit@3 ${f(r.hit3)}, ${r.inScope})`
          : "";
        lines.push(
          `  ${set.padEnd(16)} declined ${f(r.declined)}  right kind ${f(r.declineKinds)}  law topics in declines ${r.lawInDeclines}  (${r.outOfScope} requests)${boundary}`,
        );
        if (r.declined < FLOORS.scope.declined) failures.push(`${set}: declined ${f(r.declined)} < 100%`);
        if (r.inScope && r.idk > 0) failures.push(`${set}: ${f(r.idk)} of the boundary legal questions declined`);
        if (r.lawInDeclines > FLOORS.scope.lawInDeclines)
          failures.push(`${set}: ${r.lawInDeclines} declines name a law topic`);
      }
    }
  console.log(`\nIssue 13 sets (${split}):\n${lines.join("\n")}\n  ${TARGETS}`);
  for (const x of failures) console.log(`BELOW FLOOR: ${x}`);
  if (failures.length) {
    console.log(`\nEVAL FAILED: the ${split} sets are below their floors`);
    return 1;
  }
  console.log(`\nThe ${split} sets hold their floors.`);
  return 0;
}

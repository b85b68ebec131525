/**
 * Outline numbering (issue 16 §2: "numbering styles (I. A. 1. a. (i))"), shared by the editor and
 * the exports. Level 1 is upper-case Roman (I.), then capitals (A.), Arabic (1.), lower case
 * (a.), lower-case Roman in parentheses ((i)), lower case in parentheses ((a)); deeper levels
 * repeat the cycle. `index` counts siblings from 0.
 */

const ROMAN: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** 1 → "I", 14 → "XIV". */
export function roman(n: number): string {
  let out = "";
  let left = n;
  for (const [v, s] of ROMAN) {
    while (left >= v) {
      out += s;
      left -= v;
    }
  }
  return out;
}

/** 1 → "a", 26 → "z", 27 → "aa". */
export function letters(n: number): string {
  let out = "";
  let left = n;
  while (left > 0) {
    const r = (left - 1) % 26;
    out = String.fromCharCode(97 + r) + out;
    left = Math.floor((left - 1) / 26);
  }
  return out;
}

/** The label of the `index`-th (from 0) entry at `depth` (from 1): "I.", "A.", "1.", "a.", "(i)", "(a)". */
export function outlineLabel(depth: number, index: number): string {
  const n = index + 1;
  switch ((depth - 1) % 6) {
    case 0:
      return `${roman(n)}.`;
    case 1:
      return `${letters(n).toUpperCase()}.`;
    case 2:
      return `${n}.`;
    case 3:
      return `${letters(n)}.`;
    case 4:
      return `(${roman(n).toLowerCase()})`;
    default:
      return `(${letters(n)})`;
  }
}

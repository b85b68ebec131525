/**
 * Offline password-strength estimate with zxcvbn-ts (common + English dictionaries).
 * A password scoring below 3 of 4 ("safely unguessable") is refused as "easy to guess" (SPEC.md §5).
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

let factory: ZxcvbnFactory | null = null;

/** Score 0–4; `userInputs` (email, name) count as guessable words. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory.check(password, userInputs).score;
}

export const MIN_PASSWORD_SCORE = 3;
export const isEasyToGuess = (password: string, userInputs: string[] = []) =>
  passwordScore(password, userInputs) < MIN_PASSWORD_SCORE;

/**
 * The one "premium required" error of official study content (SPEC.md §6, decision 025): official
 * premium flashcards need the `flashcards` feature, the question bank needs `question_bank`.
 * Answers 403 UPGRADE_REQUIRED with `details.feature` naming the feature the plan lacks.
 */
import type { FeatureId } from "../../../domain/plans";
import { AppError } from "../../lib/errors";

export type PremiumContent = Extract<FeatureId, "flashcards" | "question_bank">;

const MESSAGES: Record<PremiumContent, string> = {
  flashcards: "Official flashcards are part of Unlimited. Upgrade to study them.",
  question_bank: "The question bank is part of Unlimited. Upgrade to use it.",
};

/** `AppError("UPGRADE_REQUIRED")` for premium content the user's plan does not include. */
export const premiumRequired = (feature: PremiumContent): AppError =>
  new AppError("UPGRADE_REQUIRED", MESSAGES[feature], { feature });

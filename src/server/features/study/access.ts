/**
 * Who may study what (SPEC.md §3, §6; decision 025): a student's own cards always; official cards
 * of free sample decks always; every other official card only with the `flashcards` feature
 * (Trial, premium, unlimited). Bank questions need `question_bank`.
 */
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { hasFeature, type TierName } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { decks, flashcards } from "../../db/schema";
import { getSubscriptionSummary } from "../billing/subscriptions.service";

export interface Access {
  tier: TierName;
  /** Official premium decks and cards. */
  officialCards: boolean;
  questionBank: boolean;
}

/** What the user's tier (at `now`, UTC) opens: official premium cards, the question bank. */
export async function accessOf({ db, userId, now }: { db: DbOrTx; userId: string; now: Date }): Promise<Access> {
  const { tierName } = await getSubscriptionSummary(db, userId, now);
  return {
    tier: tierName,
    officialCards: hasFeature(tierName, "flashcards"),
    questionBank: hasFeature(tierName, "question_bank"),
  };
}

/** SQL condition on `decks` (joined) for decks the user may study. */
export function deckVisible(userId: string, access: Access): SQL {
  const official = access.officialCards
    ? eq(decks.isOfficial, true)
    : and(eq(decks.isOfficial, true), eq(decks.isFree, true));
  return and(isNull(decks.retiredAt), or(eq(decks.createdBy, userId), official)) as SQL;
}

/** SQL condition on `flashcards` joined with `decks`. */
export function cardVisible(userId: string, access: Access): SQL {
  return and(isNull(flashcards.retiredAt), deckVisible(userId, access)) as SQL;
}

/** `tags && ARRAY[...]` for a text[] column. */
export const overlaps = (col: SQL | typeof flashcards.tags, values: string[]) =>
  sql`${col} && ${sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`}`;

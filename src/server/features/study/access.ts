/**
 * Who may study what (SPEC.md §3, §6; decision 025 as amended for issue 12 item 22): flashcards are Unlimited (and Trial)
 * only, so with the `flashcards` feature (Trial, premium, unlimited) a student studies their own
 * cards and every official card, and without it (Free) nothing: the study routes answer 403
 * UPGRADE_REQUIRED and the study counts (overview, stats) are zero. Bank questions need
 * `question_bank`. The landing's demo cards (not `isPremium`) and the content API's free sample
 * decks stay readable to everyone; they are not studied (no schedule).
 */
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { hasFeature, type TierName } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { decks, flashcards } from "../../db/schema";
import { getSubscriptionSummary } from "../billing/subscriptions.service";

export interface Access {
  tier: TierName;
  /** The `flashcards` feature: own and official decks and cards (none at all without it). */
  officialCards: boolean;
  questionBank: boolean;
}

/** What the user's tier (at `now`, UTC) opens: official premium cards, the question bank. */
export async function accessOf({ db, userId, now }: { db: DbOrTx; userId: string; now: Date }): Promise<Access> {
  const { tierName } = await getSubscriptionSummary({ db, userId, now });
  return {
    tier: tierName,
    officialCards: hasFeature(tierName, "flashcards"),
    questionBank: hasFeature(tierName, "question_bank"),
  };
}

/** SQL condition on `decks` (joined) for decks the user may study. */
export function deckVisible(userId: string, access: Access): SQL {
  if (!access.officialCards) return sql`false`;
  return and(isNull(decks.retiredAt), or(eq(decks.createdBy, userId), eq(decks.isOfficial, true))) as SQL;
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

/**
 * Study home counts and statistics (issue 6 §1, §3). Days are the student's local days
 * (settings.timeZone); bucketing uses 24-hour steps from local midnight (a DST day may shift one
 * hour of reviews into a neighbour bucket).
 */
import { sql } from "drizzle-orm";
import type { DeckOverview } from "../../../contract/study";
import { LEARN_AHEAD_MS, localDate, studyDay } from "../../../domain/study";
import { type Db, num, rows } from "../../db/client";
import { decks, flashcards, questions, studySchedules } from "../../db/schema";
import { type Access, accessOf, cardVisible } from "./access";
import { todayCounts } from "./study-queue.service";
import { getStudySettings } from "./study-settings.service";

const DAY = 86_400_000;

export type { DeckOverview };

/**
 * Every deck the student can see: their own and every official one (every deck `locked` on Free,
 * which may not study: SPEC.md §6), with total / new / due / learning counts.
 */
export async function studyOverview(opts: { db: Db; userId: string; now: Date }) {
  const { db, userId, now } = opts;
  const access = await accessOf({ db, userId, now });
  const settings = await getStudySettings({ db, userId });
  const day = studyDay(now, settings.timeZone);
  const ahead = new Date(now.getTime() + LEARN_AHEAD_MS);
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select d.id, d.title, d.description, d.subject_id, d.topic_id, d.is_official, d.is_free,
          count(f.id) as total,
          count(f.id) filter (where s.item_id is null) as new,
          count(f.id) filter (where s.state = 2 and s.due < ${day.end}) as due,
          count(f.id) filter (where s.state in (1, 3) and s.due <= ${ahead}) as learning
        from decks d
        left join flashcards f on f.deck_id = d.id and f.retired_at is null
        left join study_schedules s on s.user_id = ${userId} and s.item_type = 'card' and s.item_id = f.id
        where d.retired_at is null and (d.created_by = ${userId} or d.is_official)
        group by d.id
        order by d.is_official, d.subject_id, d.title`,
  );
  const decks: DeckOverview[] = list.map((d) => ({
    id: String(d.id),
    title: String(d.title),
    description: String(d.description ?? ""),
    subjectId: (d.subject_id as string) ?? null,
    topicId: (d.topic_id as string) ?? null,
    isOfficial: !!d.is_official,
    isFree: !!d.is_free,
    // Without the flashcards feature (Free) no deck can be studied, own decks included (SPEC.md §6).
    locked: !access.officialCards,
    total: num(d.total),
    new: num(d.new),
    due: num(d.due),
    learning: num(d.learning),
  }));
  let questionsDue = 0;
  if (access.questionBank) {
    const [q] = await rows<{ n: unknown }>(
      db,
      sql`select count(*) as n from study_schedules s join questions q on q.id = s.item_id
          where s.user_id = ${userId} and s.item_type = 'question' and q.retired_at is null
            and ((s.state = 2 and s.due < ${day.end}) or (s.state in (1, 3) and s.due <= ${ahead}))`,
    );
    questionsDue = num(q?.n);
  }
  const done = await todayCounts({ db, userId, dayStart: day.start });
  return {
    decks,
    questionsDue,
    today: done,
    settings,
    access: { tier: access.tier, officialCards: access.officialCards, questionBank: access.questionBank },
  };
}

/**
 * Schedules of items the student can study now (the queue's rule): visible cards (own, free
 * samples, premium with the plan; not retired) and, with the question bank, live questions.
 * A schedule kept from a Trial on a premium card counts again once the plan comes back.
 */
function studiableSchedules(userId: string, access: Access) {
  return sql`(select s.* from ${studySchedules} s
      left join ${flashcards} on s.item_type = 'card' and ${flashcards.id} = s.item_id
      left join ${decks} on ${decks.id} = ${flashcards.deckId}
      left join ${questions} q on s.item_type = 'question' and q.id = s.item_id
      where s.user_id = ${userId}
        and ((s.item_type = 'card' and ${flashcards.id} is not null and ${cardVisible(userId, access)})
          or (s.item_type = 'question' and ${access.questionBank ? sql`true` : sql`false`} and q.id is not null and q.retired_at is null)))`;
}

/** Statistics page data: today, true retention, 30-day forecast, 365-day heatmap, card states. */
export async function studyStats(opts: { db: Db; userId: string; now: Date }) {
  const { db, userId, now } = opts;
  const access = await accessOf({ db, userId, now });
  const live = studiableSchedules(userId, access);
  const settings = await getStudySettings({ db, userId });
  const day = studyDay(now, settings.timeZone);
  const start = day.start.getTime();
  const done = await todayCounts({ db, userId, dayStart: day.start });
  const horizon = new Date(start + 30 * DAY);
  const since = new Date(start - 364 * DAY);

  const [forecastRows, heatRows, retentionRows, stateRows] = await Promise.all([
    rows<{ d: unknown; n: unknown }>(
      db,
      sql`select greatest(0, floor(extract(epoch from (due - ${day.start}::timestamptz)) / 86400))::int as d, count(*) as n
          from ${live} s where state <> 0 and due < ${horizon} group by 1 order by 1`,
    ),
    rows<{ d: unknown; n: unknown }>(
      db,
      sql`select floor(extract(epoch from (reviewed_at - ${day.start}::timestamptz)) / 86400)::int as d, count(*) as n
          from study_review_logs where user_id = ${userId} and reviewed_at >= ${since} group by 1 order by 1`,
    ),
    rows<{
      today_n: unknown;
      today_pass: unknown;
      week_n: unknown;
      week_pass: unknown;
      month_n: unknown;
      month_pass: unknown;
    }>(
      db,
      sql`select count(*) filter (where reviewed_at >= ${day.start}) as today_n,
                 count(*) filter (where reviewed_at >= ${day.start} and rating > 1) as today_pass,
                 count(*) filter (where reviewed_at >= ${new Date(start - 6 * DAY)}) as week_n,
                 count(*) filter (where reviewed_at >= ${new Date(start - 6 * DAY)} and rating > 1) as week_pass,
                 count(*) as month_n, count(*) filter (where rating > 1) as month_pass
          from study_review_logs where user_id = ${userId} and state = 2 and reviewed_at >= ${new Date(start - 29 * DAY)}`,
    ),
    rows<{ state: unknown; n: unknown }>(db, sql`select state, count(*) as n from ${live} s group by state`),
  ]);

  const forecast = Array.from({ length: 30 }, (_, i) => ({
    date: localDate(new Date(start + i * DAY + 12 * 3_600_000), settings.timeZone),
    due: 0,
  }));
  for (const r of forecastRows) {
    const i = num(r.d);
    if (i >= 0 && i < 30) forecast[i].due += num(r.n);
  }
  const heatmap = heatRows.map((r) => ({
    date: localDate(new Date(start + num(r.d) * DAY + 12 * 3_600_000), settings.timeZone),
    reviews: num(r.n),
  }));
  const rr = retentionRows[0];
  const ratio = (pass: unknown, n: unknown) => (num(n) ? num(pass) / num(n) : null);
  const states = { new: 0, learning: 0, review: 0, relearning: 0 };
  for (const s of stateRows) states[(["new", "learning", "review", "relearning"] as const)[num(s.state)]] += num(s.n);

  return {
    dueToday: forecast[0].due,
    reviewedToday: done.ratingsToday,
    newToday: done.newToday,
    trueRetention: {
      today: ratio(rr?.today_pass, rr?.today_n),
      last7Days: ratio(rr?.week_pass, rr?.week_n),
      last30Days: ratio(rr?.month_pass, rr?.month_n),
      reviews30Days: num(rr?.month_n),
    },
    desiredRetention: settings.desiredRetention,
    forecast,
    heatmap,
    states,
    timeZone: settings.timeZone,
  };
}

/**
 * The study plan to exam day (issue 18 §4, decision 080): the student's exam settings, the
 * day-by-day plan and peer figures. Dates are calendar dates `YYYY-MM-DD`; minutes may be
 * fractional (items are timed in seconds: `PLAN_ESTIMATES`).
 */
import { z } from "zod";
import { EXAM_FORMATS, WEEKLY_HOURS_RANGE } from "../domain/study-plan";
import { defineRoute } from "./route";

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

export const examSettingsSchema = z.object({
  examDate: date,
  format: z.enum(EXAM_FORMATS),
  weeklyHours: z.number().int(),
  daysOff: z.array(z.number().int()).describe("weekdays without study, 0 = Sunday … 6 = Saturday"),
});

/**
 * The exam settings a student saves. The date must be a real calendar date after today and at
 * most about two years out (checked by the service against the student's today: 400
 * VALIDATION_FAILED otherwise). At least one study day a week.
 */
export const examSettingsBody = z.object({
  examDate: date.refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "must be a real calendar date",
  ),
  format: z.enum(EXAM_FORMATS),
  weeklyHours: z.number().int().min(WEEKLY_HOURS_RANGE[0]).max(WEEKLY_HOURS_RANGE[1]),
  daysOff: z
    .array(z.number().int().min(0).max(6))
    .max(6, "leave at least one study day a week")
    .refine((a) => new Set(a).size === a.length, "each weekday once")
    .default([]),
});

const topicRef = z.object({ topicId: z.string(), subjectId: z.string(), title: z.string() });

export const planDaySchema = z.object({
  date,
  weekday: z.number().int(),
  daysLeft: z.number().int(),
  off: z.boolean(),
  minutesAvailable: z.number(),
  minutesPlanned: z.number(),
  reviews: z.number().int(),
  backlog: z.number().int(),
  reviewMinutes: z.number(),
  newCards: z.array(z.object({ subjectId: z.string(), count: z.number().int() })),
  newMinutes: z.number(),
  practice: z.object({ questions: z.number().int(), minutes: z.number(), topics: z.array(topicRef) }).nullable(),
  timed: z.object({ questions: z.number().int(), minutes: z.number() }).nullable(),
});

const peerFigure = z.object({
  subjectId: z.string().nullable().describe("null: all subjects"),
  questions: z.number().int().describe("questions you answered in this group"),
  you: z.number().describe("your first-attempt accuracy, 0–1"),
  peers: z
    .number()
    .nullable()
    .describe("other students' first-attempt accuracy on the same questions; null below the threshold"),
  peerUsers: z.number().int().nullable().describe("distinct other students; null below the threshold"),
});

const plan = ["study"];
export const studyPlanApi = {
  getExam: defineRoute({
    method: "get",
    path: "/api/study/exam",
    summary: "Your exam settings (date, format, weekly hours, days off), or null when none is set.",
    tags: plan,
    responses: { 200: z.object({ exam: examSettingsSchema.nullable() }) },
  }),
  putExam: defineRoute({
    method: "put",
    path: "/api/study/exam",
    summary:
      "Set your exam: date (after today, at most two years out), format mbe-ube | nextgen, weekly hours 1–80, days off (weekdays 0–6, at least one study day).",
    tags: plan,
    body: examSettingsBody,
    responses: { 200: z.object({ exam: examSettingsSchema }) },
  }),
  deleteExam: defineRoute({
    method: "delete",
    path: "/api/study/exam",
    summary: "Clear your exam settings (the plan and the exam-day scheduling stop).",
    tags: plan,
    responses: { 204: { contentType: "text/plain", description: "No Content: empty body" } },
  }),
  plan: defineRoute({
    method: "get",
    path: "/api/study/plan",
    summary:
      "Your study plan from today to the day before the exam: each day's reviews, new cards by subject, practice on weak topics and timed sessions, within your minutes; re-planned from today on every call. exam null: no exam set.",
    tags: plan,
    responses: {
      200: z.object({
        exam: examSettingsSchema.nullable(),
        plan: z
          .object({
            today: date,
            examDate: date,
            format: z.enum(EXAM_FORMATS),
            daysLeft: z.number().int(),
            minutesPerStudyDay: z.number(),
            desiredRetention: z.number().describe("the retention ratings get today (rises toward the exam)"),
            days: z.array(planDaySchema),
            weakTopics: z.array(
              topicRef.extend({
                attempts: z.number().int(),
                correct: z.number().int(),
                accuracy: z.number(),
                weight: z.number(),
                score: z.number(),
                unknown: z.boolean(),
              }),
            ),
            unplannedReviews: z.number().int(),
            unplannedNewCards: z.number().int(),
          })
          .nullable(),
      }),
    },
  }),
  peers: defineRoute({
    method: "get",
    path: "/api/study/peers",
    summary:
      "Your first-attempt accuracy on the questions you answered against everyone else's on the same questions, overall and by subject; the peer figure only when at least `threshold` other students answered them.",
    tags: plan,
    responses: {
      200: z.object({ threshold: z.number().int(), overall: peerFigure.nullable(), bySubject: z.array(peerFigure) }),
    },
  }),
};

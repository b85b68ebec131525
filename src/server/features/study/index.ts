/** Study mode's HTTP surface (issue 6), mounted under /api by app.ts. */
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { deckRoutes } from "./decks.routes";
import { quizRoutes } from "./quiz.routes";
import { studyRoutes } from "./study.routes";

/**
 * An id holding a NUL character (`%00`) matches no row, but PostgreSQL refuses it in a `text`
 * comparison with an error: answer 404 before any query runs.
 */
const nulIdIsNotFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/%00/i.test(new URL(c.req.url).pathname)) throw new AppError("NOT_FOUND", "Not found.");
  await next();
};

export function studyFeatureRoutes() {
  const r = new Hono<AppEnv>();
  for (const path of ["/study/*", "/quizzes/*", "/question-bank/*"]) {
    r.use(path, nulIdIsNotFound);
  }
  r.route("/", studyRoutes());
  r.route("/", deckRoutes());
  r.route("/", quizRoutes());
  return r;
}

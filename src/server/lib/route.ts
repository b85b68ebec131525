/**
 * Mounts a contract route (src/contract/route.ts, decision 047) on a feature router:
 *
 *   handle(r, notesApi.get, async (c, { user, params }) => ({ note: await getNote({ ... }) }));
 *
 * In order, before the handler runs: authorization from `def.auth` (401 UNAUTHENTICATED, admin
 * routes 404 for non-admins), the optional `feature` gate (403 UPGRADE_REQUIRED, SPEC.md §6), path
 * params (a NUL or over-long id is 404: no such row can exist), query and JSON body (400
 * VALIDATION_FAILED naming the field). The handler returns the JSON body of the route's first
 * success status, `withStatus(status, body)` for another declared status, or a `Response` for a
 * non-JSON answer. The route is registered for the OpenAPI document as it is mounted.
 *
 * Under NODE_ENV=test every JSON answer is parsed with its schema and a mismatch (or a status the
 * route does not declare) is reported with console.error, which fails the running test
 * (tests/setup/fail-on-console-error.ts): the whole integration suite checks the contract.
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { ReplyOf, RouteDef } from "../../contract/route";
import { isRawResponse } from "../../contract/route";
import type { FeatureId } from "../../domain/plans";
import type { AppEnv, SessionUser } from "./context";
import { AppError } from "./errors";
import { parseBody, parseQuery, requireFeature, requireUser } from "./http";
import { registerRoute } from "./openapi";

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<D extends RouteDef> {
  /** The signed-in user; null only on `auth: "public"` routes. */
  user: D["auth"] extends "public" ? SessionUser | null : SessionUser;
  params: D["params"] extends z.ZodType ? z.output<D["params"]> : Record<string, string>;
  query: Out<D["query"]>;
  body: Out<D["body"]>;
}

const STATUS = Symbol("lexmate.status");

/** A JSON answer with a status other than the route's first success status. */
export interface WithStatus<B> {
  [STATUS]: number;
  body: B;
}

/** Answers `body` with `status` (which the route must declare). */
export function withStatus<B>(status: number, body: B): WithStatus<B> {
  return { [STATUS]: status, body };
}

export type HandlerResult<D extends RouteDef> = ReplyOf<D> | WithStatus<ReplyOf<D>> | Response;

export interface HandleOptions {
  /** Route middleware run before authorization (e.g. `bodyLimit(...)`). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Gate the route behind a plan feature (403 UPGRADE_REQUIRED; SPEC.md §6). */
  feature?: FeatureId;
}

const paramText = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => !s.includes("\u0000"));

function defaultParams(path: string): z.ZodObject {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return z.object(Object.fromEntries(names.map((n) => [n, paramText])));
}

function firstSuccess(def: RouteDef): number {
  return Math.min(...Object.keys(def.responses).map(Number));
}

function checkContract(c: Context<AppEnv>, def: RouteDef, status: number, body: unknown) {
  const spec = def.responses[status];
  const where = `${def.method.toUpperCase()} ${def.path} ${status}`;
  if (!spec) {
    console.error(`contract: ${where} is not a declared response status`);
    return;
  }
  if (isRawResponse(spec)) return;
  const r = (spec as z.ZodType).safeParse(body);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    console.error(`contract: the answer of ${where} does not match its schema: ${issues.join("; ")}`);
  }
  void c;
}

/**
 * Mounts `def` on `router` (whose mount point is `/api`) with `handler`. See the file comment.
 * Throws AppError UNAUTHENTICATED / NOT_FOUND / UPGRADE_REQUIRED / VALIDATION_FAILED as above.
 */
export function handle<D extends RouteDef>(
  router: Hono<AppEnv>,
  def: D,
  handler: (c: Context<AppEnv>, input: HandlerInput<D>) => Promise<HandlerResult<D>> | HandlerResult<D>,
  options: HandleOptions = {},
): void {
  registerRoute(def, options.feature);
  const relative = def.path.replace(/^\/api/, "");
  const params = def.params ?? defaultParams(def.path);
  const primary = firstSuccess(def);
  const run: MiddlewareHandler<AppEnv> = async (c) => {
    let user: SessionUser | null = c.get("user");
    const auth = def.auth ?? "user";
    if (auth !== "public") {
      user = options.feature ? await requireFeature(c, options.feature) : requireUser(c);
      if (auth === "admin" && !user.isAdmin) throw new AppError("NOT_FOUND", "No such API route.");
    }
    const p = params.safeParse(c.req.param());
    if (!p.success) {
      if (def.params) {
        const first = p.error.issues[0];
        throw new AppError("VALIDATION_FAILED", `${first.path.join(".") || "params"}: ${first.message}`, {
          issues: p.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        });
      }
      throw new AppError("NOT_FOUND", "Not found.");
    }
    const input = {
      user,
      params: p.data,
      query: def.query ? parseQuery(c, def.query) : undefined,
      body: def.body ? await parseBody(c, def.body) : undefined,
    } as HandlerInput<D>;
    const result = await handler(c, input);
    if (result instanceof Response) {
      if (c.get("deps").env.NODE_ENV === "test" && !def.responses[result.status] && result.status < 400)
        checkContract(c, def, result.status, undefined);
      return result;
    }
    const tagged = result && typeof result === "object" && STATUS in (result as object);
    const status = tagged ? (result as WithStatus<unknown>)[STATUS] : primary;
    const body = tagged ? (result as WithStatus<unknown>).body : result;
    if (c.get("deps").env.NODE_ENV === "test") checkContract(c, def, status, body);
    return c.json(body as object, status as 200);
  };
  const chain = [...(options.middleware ?? []), run];
  router.on(def.method.toUpperCase(), relative, ...(chain as [MiddlewareHandler<AppEnv>]));
}

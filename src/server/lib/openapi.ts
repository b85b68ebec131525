/**
 * The OpenAPI 3.1 document behind `GET /api/openapi.json`, built from the contract route
 * declarations (src/contract/route.ts, decision 047) that `handle()` registers as it mounts them.
 * `documentRoute()` is the older registry, kept only for routes not yet declared in the contract.
 */
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../contract/errors";
import { isRawResponse, type RouteDef } from "../../contract/route";
import type { FeatureId } from "../../domain/plans";

export interface RouteDoc {
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  summary: string;
  tags?: string[];
  auth?: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

const registry: RouteDoc[] = [];
const contractRoutes: { def: RouteDef; feature?: FeatureId }[] = [];

/** @deprecated Declare the route in src/contract and mount it with `handle()`. */
export function documentRoute(doc: RouteDoc): void {
  if (!registry.some((r) => r.method === doc.method && r.path === doc.path)) registry.push(doc);
}

/** Records a contract route for the document (called by `handle()`); a route mounted twice is listed once. */
export function registerRoute(def: RouteDef, feature?: FeatureId): void {
  if (!contractRoutes.some((r) => r.def.method === def.method && r.def.path === def.path))
    contractRoutes.push({ def, feature });
}

/** Every contract route registered so far (tests compare them with the app's mounted routes). */
export const registeredRoutes = (): readonly RouteDef[] => contractRoutes.map((r) => r.def);

const toSchema = (s: z.ZodType, io: "input" | "output" = "input") => z.toJSONSchema(s, { unrepresentable: "any", io });

const envelope = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, details: {} },
    },
  },
};

function contractOperation(def: RouteDef, feature?: FeatureId) {
  const pathNames = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const paramShape = (def.params?.shape ?? {}) as Record<string, z.ZodType>;
  const parameters: Record<string, unknown>[] = pathNames.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: paramShape[name] ? toSchema(paramShape[name]) : { type: "string", minLength: 1, maxLength: 200 },
  }));
  const query = def.query as z.ZodType & { shape?: Record<string, z.ZodType> };
  if (query?.shape) {
    for (const [name, schema] of Object.entries(query.shape)) {
      parameters.push({ name, in: "query", required: !schema.safeParse(undefined).success, schema: toSchema(schema) });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(def.responses)) {
    responses[status] = isRawResponse(spec)
      ? { description: spec.description, content: { [spec.contentType]: { schema: {} } } }
      : { description: "OK", content: { "application/json": { schema: toSchema(spec, "output") } } };
  }
  const codes = new Set<ErrorCode>(def.errors ?? []);
  if (def.query || def.body || def.params) codes.add("VALIDATION_FAILED");
  if ((def.auth ?? "user") !== "public") codes.add("UNAUTHENTICATED");
  if (feature) codes.add("UPGRADE_REQUIRED");
  if (def.auth === "admin" || def.path.includes(":")) codes.add("NOT_FOUND");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: list.join(", "),
      content: { "application/json": { schema: envelope } },
    };
  }
  return {
    summary: def.summary,
    tags: def.tags,
    ...(def.stable ? { "x-stable": true } : {}),
    ...(feature ? { "x-feature": feature } : {}),
    ...((def.auth ?? "user") !== "public" ? { security: [{ sessionCookie: [] }] } : {}),
    parameters,
    ...(def.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(def.body) } } } }
      : def.rawBody
        ? {
            requestBody: {
              required: true,
              description: def.rawBody.description,
              content: { [def.rawBody.contentType]: { schema: {} } },
            },
          }
        : {}),
    responses,
  };
}

/** Builds the OpenAPI document of every described route plus better-auth's documented ones. */
export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { def, feature } of contractRoutes) {
    const p = def.path.replace(/:(\w+)/g, "{$1}");
    paths[p] ??= {};
    paths[p][def.method] = contractOperation(def, feature);
  }
  for (const r of registry) {
    if (contractRoutes.some(({ def }) => def.method === r.method && def.path === r.path)) continue;
    const p = r.path.replace(/:(\w+)/g, "{$1}");
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    if (r.query) {
      for (const [name, schema] of Object.entries(r.query.shape))
        params.push({ name, in: "query", required: false, schema: toSchema(schema as z.ZodType) as never });
    }
    paths[p] ??= {};
    paths[p][r.method] = {
      summary: r.summary,
      tags: r.tags,
      ...(r.auth ? { security: [{ sessionCookie: [] }] } : {}),
      parameters: params,
      ...(r.body
        ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(r.body) } } } }
        : {}),
      responses: Object.fromEntries(
        Object.entries(r.responses).map(([code, res]) => [
          code,
          {
            description: res.description,
            ...(res.schema ? { content: { "application/json": { schema: toSchema(res.schema) } } } : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Lexmate API",
      version,
      description:
        'Errors use one envelope: {"error":{"code","message"}}. Auth endpoints live under /api/auth (better-auth). Request bodies are limited to 1 MB unless a route says otherwise: 413 PAYLOAD_TOO_LARGE.',
    },
    components: {
      securitySchemes: { sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" } },
    },
    paths,
  };
}

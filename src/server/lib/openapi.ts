/**
 * A small route registry that feeds `GET /api/openapi.json` (OpenAPI 3.1) from the same zod
 * schemas the handlers validate with. Feature routers call `documentRoute()` next to each route.
 */
import { z } from "zod";

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

export function documentRoute(doc: RouteDoc): void {
  if (!registry.some((r) => r.method === doc.method && r.path === doc.path)) registry.push(doc);
}

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: "any", io: "input" });

/** Builds the OpenAPI document of every described route plus better-auth's documented ones. */
export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of registry) {
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

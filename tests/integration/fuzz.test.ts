/**
 * The API fuzz suite (issue 12): walks every operation of `/api/openapi.json` with hostile input
 * generated from its own schemas (fast-check, fixed seed so a failure replays), as an anonymous
 * caller, a Free user and a Trial user, and fails on any 5xx or any error answer that is not the
 * JSON envelope `{error:{code,message}}`.
 *
 * Size: `FUZZ_REQUESTS` (default 20,000 under CI on PGlite, 2,000 elsewhere). The figures are
 * printed at the end.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { makeFree } from "../helpers/users";

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  maxLength?: number;
  format?: string;
};
interface Parameter {
  name: string;
  in: "path" | "query";
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? (process.env.CI && !process.env.DATABASE_URL ? 20_000 : 2_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** Operations that end the caller's session or never end; they are tested elsewhere. */
const SKIP = new Set(["delete /api/account", "get /api/realtime"]);

const NASTY = [
  "",
  "\u0000",
  "a\u0000b",
  "../../etc/passwd",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${7*7}",
  "\uD800",
  "😀".repeat(300),
  "x".repeat(70_000),
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "true",
  "[]",
  "{}",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  " ",
  "\n",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "javascript:alert(1)",
  "data:text/html,x",
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A JSON text nested `n` deep (kept as text: fast-check would walk a deep object recursively). */
const deepText = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;

/** Schema-shaped values whose leaves are often hostile. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return hostileJson;
  const alts = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => fromSchema(s, depth + 1)), hostileJson);
  if (schema.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, hostileJson);
  if (schema.const !== undefined) return fc.oneof({ weight: 3, arbitrary: fc.constant(schema.const) }, hostileJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: Math.min(schema.maxLength ?? 60, 60) }) },
        { weight: 2, arbitrary: hostileString },
        ...(schema.format === "uuid" ? [{ weight: 2, arbitrary: fc.uuid() }] : []),
        { weight: 1, arbitrary: hostileJson },
      );
    case "integer":
    case "number":
      return fc.oneof(
        fc.integer({ min: -5, max: 200 }),
        fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5),
        hostileJson,
      );
    case "boolean":
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, hostileJson);
    case "array":
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 }) },
        hostileJson,
      );
    case "object": {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, depth + 1)]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(props, { requiredKeys: [] }) },
        { weight: 1, arbitrary: hostileJson },
      );
    }
    default:
      return hostileJson;
  }
}

/** A path segment; a lone surrogate becomes the raw bytes of one (invalid UTF-8 on the wire). */
function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
}

interface Planned {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

function plan(method: string, template: string, op: Operation, n: number, seed: number): Planned[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const jsonSchema = op.requestBody?.content?.["application/json"]?.schema;
  const hasBody = !!op.requestBody;
  const request = fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.oneof(hostileString, fc.uuid())]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema)])), { requiredKeys: [] }),
    body: hasBody
      ? fc.oneof(
          {
            weight: 6,
            arbitrary: fromSchema(jsonSchema).map((v) => ({
              raw: JSON.stringify(v) ?? "null",
              type: "application/json",
            })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom("{", "null", "[]", '"x"', '{"a":', "\u0000")
              .map((raw) => ({ raw, type: "application/json" })),
          },
          { weight: 1, arbitrary: fc.constant({ raw: deepText(6000), type: "application/json" }) },
          {
            weight: 1,
            arbitrary: fromSchema(jsonSchema).map((v) => ({ raw: JSON.stringify(v) ?? "null", type: "text/plain" })),
          },
        )
      : fc.constant(undefined),
  });
  return fc.sample(request, { numRuns: n, seed }).map((r) => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(String(r.path[name] ?? "x")));
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(r.query)) {
      if (v === undefined) continue;
      qs.set(k, typeof v === "string" ? v : JSON.stringify(v));
    }
    const q = qs.toString();
    return {
      method: method.toUpperCase(),
      path: q ? `${path}?${q}` : path,
      body: r.body?.raw,
      contentType: r.body?.type,
    };
  });
}

let server: TestServer;
let callers: { name: string; c: Client }[];
beforeAll(async () => {
  server = await startTestServer();
  const free = await signedInUser(server, "fuzz-free@example.com");
  await makeFree(server, free);
  const trial = await signedInUser(server, "fuzz-trial@example.com");
  callers = [
    { name: "anonymous", c: client(server.url) },
    { name: "free", c: free },
    { name: "trial", c: trial },
  ];
}, 120_000);
afterAll(() => server?.close());

describe("API fuzz", () => {
  it(
    "no operation answers 5xx or a non-envelope error to hostile input",
    async () => {
      const doc = (
        await client(server.url).json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json")
      ).body;
      const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => !SKIP.has(`${method} ${path}`) && !path.startsWith("/api/auth"))
          .map(([method, op]) => ({ method, path, op })),
      );
      const per = Math.max(1, Math.ceil(TOTAL / (ops.length * callers.length)));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let opIndex = 0;
      for (const { method, path, op } of ops) {
        opIndex++;
        for (const [ci, { name, c }] of callers.entries()) {
          for (const req of plan(method, path, op, per, SEED + opIndex * 7 + ci)) {
            const res = await c.fetch(req.path, {
              method: req.method,
              body: req.body,
              headers: req.contentType ? { "content-type": req.contentType } : {},
            });
            sent++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const type = res.headers.get("content-type") ?? "";
            let text = "";
            if (type.includes("text/event-stream")) await res.body?.cancel();
            else text = await res.text();
            const where = `${name} ${req.method} ${req.path.slice(0, 160)} → ${res.status}`;
            if (res.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
            else if (res.status >= 400) {
              let ok = false;
              try {
                const b = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
                ok = typeof b.error?.code === "string" && typeof b.error?.message === "string";
              } catch {
                ok = false;
              }
              if (!ok) failures.push(`${where} non-envelope error: ${text.slice(0, 200)}`);
            }
          }
        }
      }
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      console.log(
        `fuzz: ${sent} requests over ${ops.length} operations × ${callers.length} callers; ${summary.join(" ")}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
    },
    60 * 60_000,
  );
});

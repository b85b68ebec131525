/**
 * Fails when any module under src/ imports itself through a chain of runtime imports (issue 11 §2).
 * The import graph comes from esbuild's metafile (the same parser that bundles the app), so
 * `import type` — erased before run time — never counts. madge was the first choice; its parser
 * needs TypeScript 5's JavaScript API, which TypeScript 7 (native) does not ship.
 * Usage: node scripts/check-circles.mjs   → exit 1 and one line per circle.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(p);
  }
})("src");

const result = await build({
  entryPoints: files,
  bundle: true,
  write: false,
  metafile: true,
  outdir: "/tmp/lexmate-circles",
  packages: "external",
  platform: "node",
  format: "esm",
  logLevel: "silent",
  loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".jpg": "empty", ".html": "text" },
});

const graph = new Map();
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  graph.set(
    file,
    input.imports.filter((i) => !i.external && i.path.startsWith("src/")).map((i) => i.path),
  );
}

// Tarjan's strongly connected components: every component with more than one module is a circle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const on = new Set();
const circles = [];
function connect(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(comp.sort());
  }
}
for (const v of graph.keys()) if (!idx.has(v)) connect(v);

if (circles.length) {
  for (const c of circles) console.error(`import circle: ${c.join(" ↔ ")}`);
  process.exit(1);
}
console.log(`no import circles (${graph.size} modules)`);

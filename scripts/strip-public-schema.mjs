// drizzle-kit writes `"public".` into foreign keys; strip it so migrations follow search_path
// (tests and multi-tenant setups run every table in a schema of their own).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const dir = "src/server/db/migrations";
for (const f of readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
  const path = `${dir}/${f}`;
  writeFileSync(path, readFileSync(path, "utf8").replaceAll('"public".', ""));
}

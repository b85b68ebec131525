/**
 * Serves the built SPA from `env.WEB_DIST`: hashed files under /assets/ are immutable for a year,
 * `index.html` is `no-cache`, and any other GET that is not a file gets `index.html` (client routes).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "./context";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

export function serveWeb(app: Hono<AppEnv>, deps: AppDeps) {
  const root = resolve(deps.env.WEB_DIST);
  const indexFile = join(root, "index.html");
  app.get("*", (c) => {
    const path = decodeURIComponent(c.req.path);
    const file = normalize(join(root, path));
    if (file.startsWith(root) && path !== "/" && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith("/assets/");
      return new Response(readFileSync(file), {
        headers: {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        },
      });
    }
    if (!existsSync(indexFile)) {
      return c.text("The web client is not built. Run `npm run build` (npm start does this for you).", 503);
    }
    return new Response(readFileSync(indexFile), {
      headers: { "content-type": TYPES[".html"], "cache-control": "no-cache" },
    });
  });
}

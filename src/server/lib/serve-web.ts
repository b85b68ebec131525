/**
 * Serves the built SPA from `env.WEB_DIST`: hashed files under /assets/ are immutable for a year,
 * `index.html` is `no-cache`, and any other GET that is not a file gets `index.html` (client routes).
 * A path with malformed percent-encoding is not a file: it gets `index.html` too (the SPA shows 404),
 * never a 500. `index.html` is read once, the first time it exists, and served with the request
 * host's boot data (brand variant and domain flag, src/server/features/public).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import type { Hono } from "hono";
import { bootFor, injectBoot } from "../features/public/public.routes";
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
  let indexHtml: string | null = null;
  app.get("*", (c) => {
    const file = staticFile(root, c.req.path);
    if (file) {
      const immutable = c.req.path.startsWith("/assets/");
      return new Response(readFileSync(file), {
        headers: {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        },
      });
    }
    if (!indexHtml && existsSync(indexFile)) indexHtml = readFileSync(indexFile, "utf8");
    if (!indexHtml) {
      return c.text("The web client is not built. Run `npm run build` (npm start does this for you).", 503);
    }
    return new Response(injectBoot(indexHtml, bootFor(c)), {
      headers: { "content-type": TYPES[".html"], "cache-control": "no-cache" },
    });
  });
}

/** The file under `root` a request path names, or null (not a file, outside root, or malformed encoding). */
function staticFile(root: string, rawPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (path === "/") return null;
  const file = normalize(join(root, path));
  return file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : null;
}

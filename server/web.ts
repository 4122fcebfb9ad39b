// Serves the Vite-built UI from web/dist on the same origin as the API: index.html for "/" (never cached,
// so a new release is picked up at once) and the content-hashed files under /assets (cached for a year).
import { Hono } from "hono";
import { compress } from "hono/compress";
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "./lib/context.ts";

export const WEB_DIST = fileURLToPath(new URL("../web/dist", import.meta.url));

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

export function webRoutes(dir = WEB_DIST): Hono<AppEnv> | null {
  if (!existsSync(join(dir, "index.html"))) return null;
  const r = new Hono<AppEnv>();
  r.use("*", compress());
  const send = async (file: string, cache: string) => {
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": cache,
        "x-content-type-options": "nosniff",
      },
    });
  };
  r.get("/", () => send(join(dir, "index.html"), "no-cache"));
  r.get("/index.html", () => send(join(dir, "index.html"), "no-cache"));
  r.get("/assets/*", async (c) => {
    let rel: string;
    try {
      rel = normalize(decodeURIComponent(c.req.path)).replace(/^\/+/, "");
    } catch {
      return c.notFound(); // malformed percent-encoding
    }
    if (!rel.startsWith("assets/") || rel.includes("..")) return c.notFound();
    const file = join(dir, rel);
    if (!isFile(file)) return c.notFound(); // missing, or a folder (/assets/)
    return await send(file, "public, max-age=31536000, immutable");
  });
  return r;
}

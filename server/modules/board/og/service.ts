// GET /api/board/og?url: the link preview of a page (shared/board/posts.ts OgPreview), read server-side by
// fetch-page.ts (SSRF rules there) and parsed by parse.ts. Answers are kept in memory for OG_CACHE_MS, at most
// CACHE_MAX pages per app (the oldest used goes first), and callers asking for a page being fetched wait for
// that fetch instead of starting another. Failures are not kept. Any signed-in board user may ask: the answer
// holds only what the page shows anyone.
//   400 board.og_url_invalid  not an http(s) URL (or one with user:password)
//   400 board.og_forbidden    the host (or a redirect's) resolves to a loopback, private, link-local or other
//                             internal address
//   502 board.og_unreachable  no answer, an error status, too many redirects, or OG_TIMEOUT_MS passed
import { OG_CACHE_MS } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { OgPreview } from "../../../../shared/board/posts.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { checkedUrl, fetchPage, hostGuard, PageError } from "./fetch-page.ts";
import { decodeHtml, parseMeta } from "./parse.ts";

const CACHE_MAX = 1000;

interface Entry {
  at: number;
  preview: OgPreview;
}

interface Cache {
  done: Map<string, Entry>;
  pending: Map<string, Promise<OgPreview>>;
}

/** One cache per app (tests build several apps in one process, each with its own config). */
const caches = new WeakMap<AppDeps, Cache>();

function cacheOf(deps: AppDeps): Cache {
  let c = caches.get(deps);
  if (!c) caches.set(deps, c = { done: new Map(), pending: new Map() });
  return c;
}

const HTML_TYPES = ["text/html", "application/xhtml+xml"];

async function read(url: string, allowPrivate: boolean): Promise<OgPreview> {
  const page = await fetchPage(url, { guard: hostGuard(allowPrivate) });
  const mediaType = page.contentType.split(";")[0].trim();
  const empty: OgPreview = { url, title: null, description: null, image: null, siteName: null };
  // Only HTML is parsed; an image's address is its own preview.
  if (mediaType.startsWith("image/")) return { ...empty, image: page.url };
  if (!HTML_TYPES.includes(mediaType)) return empty;
  return { url, ...parseMeta(decodeHtml(page.body, page.contentType), page.url) };
}

function appErrorOf(e: unknown): unknown {
  if (!(e instanceof PageError)) return e;
  if (e.reason === "INVALID") return new AppError(400, BOARD_ERRORS.ogUrlInvalid);
  if (e.reason === "FORBIDDEN") return new AppError(400, BOARD_ERRORS.ogForbidden);
  return new AppError(502, BOARD_ERRORS.ogUnreachable);
}

export async function ogPreview(caller: Caller, rawUrl: string): Promise<OgPreview> {
  const allowPrivate = caller.deps.config.OG_ALLOW_PRIVATE_HOSTS;
  let url: string;
  try {
    url = checkedUrl(rawUrl).href;
  } catch (e) {
    throw appErrorOf(e);
  }
  // An answer read with private hosts allowed is never one for the rules without (a config change at run time).
  const key = `${allowPrivate ? "any" : "public"} ${url}`;
  const cache = cacheOf(caller.deps);
  const now = caller.deps.clock.now().getTime();
  const hit = cache.done.get(key);
  if (hit && now - hit.at < OG_CACHE_MS) {
    // Most recently used last: the Map's order is the eviction order.
    cache.done.delete(key);
    cache.done.set(key, hit);
    return hit.preview;
  }
  if (hit) cache.done.delete(key);
  let pending = cache.pending.get(key);
  if (!pending) {
    pending = read(url, allowPrivate).finally(() => cache.pending.delete(key));
    cache.pending.set(key, pending);
  }
  let preview: OgPreview;
  try {
    preview = await pending;
  } catch (e) {
    throw appErrorOf(e);
  }
  cache.done.delete(key);
  cache.done.set(key, { at: caller.deps.clock.now().getTime(), preview });
  while (cache.done.size > CACHE_MAX) cache.done.delete(cache.done.keys().next().value!);
  return preview;
}

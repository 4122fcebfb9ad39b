// Reads the start of a web page for a link preview, safely for the internal network (SSRF):
// - only http: and https: URLs without user:password; any port (sites do serve on 8080 and the like: what keeps
//   the call off the internal network is the address check, and a public host's ports are open to anyone);
// - the host is resolved once and every address must be public (server/lib/host-guard.ts); the connection
//   goes to that checked address (node:http's lookup answers it, the name kept for Host, SNI and the
//   certificate), so a DNS answer that changes after the check (rebinding) is never dialled;
// - redirects are followed by hand, at most OG_MAX_REDIRECTS, each hop checked again as above;
// - at most OG_MAX_BYTES of the (decoded) body are read, then the connection is closed; OG_TIMEOUT_MS bounds
//   the whole call, every hop included.
// With OG_ALLOW_PRIVATE_HOSTS (tests, on-premise intranets) the address check is off.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { OG_MAX_BYTES, OG_MAX_REDIRECTS, OG_TIMEOUT_MS } from "../../../../shared/board/constants.ts";
import { HostForbiddenError, resolveTarget } from "../../../lib/host-guard.ts";

/** Why a page could not be read: the URL itself (INVALID), where it points (FORBIDDEN), or the fetch (UNREACHABLE). */
export class PageError extends Error {
  constructor(readonly reason: "INVALID" | "FORBIDDEN" | "UNREACHABLE", detail: string) {
    super(`og ${reason}: ${detail}`);
  }
}

export interface FetchedPage {
  /** Where the page was finally read from (after redirects). */
  url: string;
  /** The Content-Type header, lower case ("" when absent). */
  contentType: string;
  /** At most maxBytes of the body, decoded from its Content-Encoding. */
  body: Uint8Array;
}

/** The address to dial for a host (checked), or null to dial the name as it is; throws PageError. */
export type HostGuard = (host: string) => Promise<string | null>;

/** The guard of server/lib/host-guard.ts: every address public, the first one dialled; none with allowPrivate. */
export function hostGuard(allowPrivate: boolean): HostGuard {
  return async (host) => {
    if (allowPrivate) return null;
    try {
      return (await resolveTarget(host, false)).address;
    } catch (e) {
      if (e instanceof HostForbiddenError) throw new PageError("FORBIDDEN", `host ${host}`);
      throw new PageError("UNREACHABLE", `host ${host} does not resolve`);
    }
  };
}

export interface FetchOptions {
  guard: HostGuard;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };
const USER_AGENT = "Mozilla/5.0 (compatible; GroupwareLinkPreview/1.0)";

/** The URL when a preview may be fetched from it (scheme, credentials); throws PageError. */
export function checkedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new PageError(base ? "UNREACHABLE" : "INVALID", "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PageError(base ? "UNREACHABLE" : "INVALID", `scheme ${url.protocol}`);
  if (url.username || url.password) throw new PageError(base ? "UNREACHABLE" : "INVALID", "credentials in the URL");
  if (!url.hostname) throw new PageError("INVALID", "no host");
  url.hash = "";
  return url;
}

type LookupCallback = (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/** A node:net lookup that answers the address checked beforehand, whatever DNS says now. */
function pinnedLookup(address: string) {
  const family = isIP(address) === 6 ? 6 : 4;
  return (_host: string, opts: { all?: boolean } | number | undefined, cb: LookupCallback) => {
    if (typeof opts === "object" && opts?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Uint8Array;
}

function decoderOf(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** One request: the status, the redirect target and, for a 2xx answer, at most maxBytes of the body. */
function requestOnce(url: URL, address: string | null, maxBytes: number, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const mod = url.protocol === "https:" ? https : http;
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const req = mod.request({
      protocol: url.protocol,
      host,
      port: url.port || DEFAULT_PORTS[url.protocol],
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: {
        host: url.host,
        "user-agent": USER_AGENT,
        accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
        "accept-language": "ko,en;q=0.8",
        "accept-encoding": "gzip, deflate, br",
      },
      ...(address ? { lookup: pinnedLookup(address) } : {}),
      ...(url.protocol === "https:" && isIP(host) === 0 ? { servername: host } : {}),
      agent: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      req.destroy();
      finish(() => reject(new PageError("UNREACHABLE", "timed out")));
    };
    signal.addEventListener("abort", onAbort);
    req.on("error", (e) => finish(() => reject(new PageError("UNREACHABLE", e.message))));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === "string" ? res.headers.location : null;
      const contentType = String(res.headers["content-type"] ?? "").toLowerCase();
      if (status < 200 || status >= 300) {
        res.destroy();
        req.destroy();
        finish(() => resolve({ status, location, contentType, body: new Uint8Array() }));
        return;
      }
      const encoding = String(res.headers["content-encoding"] ?? "identity").toLowerCase().trim();
      const decoder = encoding === "identity" || encoding === "" ? null : decoderOf(encoding);
      if (encoding !== "identity" && encoding !== "" && !decoder) {
        res.destroy();
        req.destroy();
        finish(() => reject(new PageError("UNREACHABLE", `content-encoding ${encoding}`)));
        return;
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const done = () => {
        res.destroy();
        req.destroy();
        decoder?.destroy();
        const body = new Uint8Array(Math.min(size, maxBytes));
        let at = 0;
        for (const c of chunks) {
          const part = c.subarray(0, body.length - at);
          body.set(part, at);
          at += part.length;
          if (at >= body.length) break;
        }
        finish(() => resolve({ status, location, contentType, body }));
      };
      const stream: Readable = decoder ? res.pipe(decoder) : res;
      stream.on("data", (chunk: Uint8Array) => {
        if (settled) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) done();
      });
      stream.on("end", () => done());
      stream.on("error", (e: Error) => {
        // A compressed body cut short still gave its start.
        if (size > 0) done();
        else finish(() => reject(new PageError("UNREACHABLE", e.message)));
      });
      res.on("error", (e) => finish(() => reject(new PageError("UNREACHABLE", e.message))));
    });
    req.end();
  });
}

/** The promise's answer, or PageError UNREACHABLE once the signal aborts (a DNS lookup that hangs). */
function beforeDeadline<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new PageError("UNREACHABLE", "timed out"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new PageError("UNREACHABLE", "timed out"));
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Fetches the page: redirects followed and checked, limits applied. Throws PageError. */
export async function fetchPage(raw: string, opts: FetchOptions): Promise<FetchedPage> {
  const maxBytes = opts.maxBytes ?? OG_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? OG_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? OG_TIMEOUT_MS);
  let url = checkedUrl(raw);
  for (let hop = 0;; hop++) {
    const address = await beforeDeadline(opts.guard(url.hostname), signal);
    if (signal.aborted) throw new PageError("UNREACHABLE", "timed out");
    const res = await requestOnce(url, address, maxBytes, signal);
    if ([301, 302, 303, 307, 308].includes(res.status) && res.location) {
      if (hop >= maxRedirects) throw new PageError("UNREACHABLE", "too many redirects");
      url = checkedUrl(res.location, url);
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new PageError("UNREACHABLE", `status ${res.status}`);
    return { url: url.href, contentType: res.contentType, body: res.body };
  }
}

// The DAV front (RFC 4918, with RFC 6764 discovery and RFC 5397 current-user-principal): /.well-known/caldav
// and /.well-known/carddav redirect to /dav/; every request under /dav/ signs in with HTTP Basic and the
// mail-program password (auth.ts), the root and /dav/principals/<user>/ are answered here, and everything
// under /dav/<segment>/<user>/ goes to the provider of that segment (provider.ts): CalDAV's "calendars"
// (server/modules/calendar/dav) and CardDAV's "addressbooks" (server/modules/contacts/dav); the drive's WebDAV
// "files" (server/modules/drive/dav) takes /dav/files/ itself, the caller's own drive. The principal
// carries each enabled provider's home-set, and OPTIONS each provider's compliance class.
// Another user's principal or folder answers 404, as a missing one does. Errors are plain statuses (with a
// DAV:error body for preconditions), never the API's JSON.
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { users } from "../../db/schema/index.ts";
import type { AppEnv, Caller } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { DavAuthError, signInDav, WWW_AUTHENTICATE } from "./auth.ts";
import { conditionError, multistatus, type PropMap, propRequestOf, propResponse } from "./multistatus.ts";
import { DavError, type DavProvider, type DavRequest, type Depth } from "./provider.ts";
import { el, escapeXml, NS, parseXml, XmlError, type XmlElement } from "./xml.ts";

export const DAV_ROOT = "/dav/";
/** The largest body a DAV request may carry here (calendar objects, XML). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** A path segment as it goes into an href: percent-encoded, "@" kept (addresses are principals' names). */
export const hrefSegment = (s: string) => encodeURIComponent(s).replace(/%40/g, "@");

export const principalHref = (username: string) => `${DAV_ROOT}principals/${hrefSegment(username)}/`;

class BodyTooLarge extends Error {}

async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  if (!req.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

function depthOf(header: string | null, fallback: Depth): Depth {
  const d = header?.trim().toLowerCase();
  return d === "0" || d === "1" || d === "infinity" ? d : fallback;
}

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter((s) => s !== "").map((s) => decodeURIComponent(s).normalize("NFC"));
  } catch {
    return null;
  }
}

export function davRoutes(providers: DavProvider[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const compliance = ["1", "3", "extended-mkcol", ...providers.flatMap((p) => p.compliance)].join(", ");
  const methods = [...new Set(["OPTIONS", "GET", "HEAD", "PROPFIND", "REPORT", ...providers.flatMap((p) => p.methods)])].join(", ");
  const davHeaders = { DAV: compliance, Allow: methods };

  // RFC 6764 §5: the well-known URIs lead to the context path; clients then ask it for current-user-principal.
  const toRoot = () => new Response(null, { status: 301, headers: { location: DAV_ROOT } });
  for (const name of ["caldav", "carddav"]) {
    app.all(`/.well-known/${name}`, toRoot);
    app.all(`/.well-known/${name}/`, toRoot);
  }
  // Clients given only the server's address ask its root for current-user-principal: the root is the web UI.
  app.on("PROPFIND", "/", toRoot);

  const handler = async (c: Context<AppEnv>) => {
    const req = c.req.raw;
    const method = req.method.toUpperCase();
    if (method === "OPTIONS") return new Response(null, { status: 200, headers: { ...davHeaders, "content-length": "0" } });
    const deps = c.get("deps");
    let caller: Caller;
    try {
      const auth = await signInDav(deps, req.headers.get("authorization") ?? undefined, c.get("ip"));
      caller = { deps, auth, ip: c.get("ip"), userAgent: c.get("userAgent") };
    } catch (e) {
      if (!(e instanceof DavAuthError)) throw e;
      if (e.reason === "THROTTLED") {
        return new Response("Too many failed sign-ins\n", { status: 429, headers: { "retry-after": String(e.retryAfterSeconds) } });
      }
      return new Response("Sign in with your address and mail-program password\n", {
        status: 401, headers: { "www-authenticate": WWW_AUTHENTICATE, "content-type": "text/plain; charset=utf-8" },
      });
    }
    const url = new URL(req.url);
    const segments = segmentsOf(url.pathname);
    if (!segments || segments[0] !== "dav") return new Response(null, { status: 400 });
    let bodyText: Promise<string> | null = null;
    const text = () => bodyText ??= readBody(req);
    const xml = async (): Promise<XmlElement | null> => {
      const t = await text();
      return t.trim() ? parseXml(t) : null;
    };
    try {
      const res = await dispatch(caller, method === "HEAD" ? "GET" : method, segments.slice(1), url, req, text, xml);
      if (method !== "HEAD") return res;
      await res.body?.cancel(); // a file's stream: closed unread
      return new Response(null, { status: res.status, headers: res.headers });
    } catch (e) {
      if (e instanceof DavError) {
        if (e.condition) {
          const r = conditionError(e.status, e.condition.ns, e.condition.name);
          for (const [k, v] of Object.entries(e.headers)) r.headers.set(k, v);
          return r;
        }
        return new Response(null, { status: e.status, headers: e.headers });
      }
      if (e instanceof XmlError) return new Response(`Malformed XML: ${e.message}\n`, { status: 400 });
      if (e instanceof BodyTooLarge) return new Response(null, { status: 413 });
      // 507: over quota (RFC 4918 §11.5); other 5xx are the server's own failures.
      if (e instanceof AppError && (e.status < 500 || e.status === 507)) return new Response(null, { status: e.status });
      throw e;
    }
  };

  async function dispatch(
    caller: Caller, method: string, parts: string[], url: URL, req: Request,
    text: () => Promise<string>, xml: () => Promise<XmlElement | null>,
  ): Promise<Response> {
    const headers = req.headers;
    const me = caller.auth.username;
    const principal = principalHref(me);
    // Which providers the company uses: all of them only for the root and the principal (their home-sets);
    // a provider's own paths ask that provider alone (each asking costs queries, on every request).
    const enabledAll = async () => (await Promise.all(providers.map(async (p) => (await p.enabled(caller)) ? p : null))).filter((p) => p !== null);
    const depth = (fallback: Depth) => depthOf(headers.get("depth"), fallback);

    if (parts.length === 0 || (parts[0] === "principals" && parts.length <= 2)) {
      if (parts.length === 2 && parts[1] !== me) throw new DavError(404);
      if (method === "REPORT") return multistatus([]); // principal-property-search and the like: nobody else is listed
      if (method !== "PROPFIND") throw new DavError(405, undefined, { allow: "OPTIONS, PROPFIND, REPORT" });
      const req = propRequestOf(await xml());
      const entries: [string, PropMap][] = [];
      const principalEntry = async (): Promise<[string, PropMap]> => [principal, await principalProps(caller, principal, await enabledAll())];
      if (parts.length === 0) {
        entries.push([DAV_ROOT, baseProps(principal, "Groupware DAV")]);
      } else if (parts.length === 1) {
        entries.push([`${DAV_ROOT}principals/`, baseProps(principal, "Principals")]);
        if (depth("0") !== "0") entries.push(await principalEntry());
      } else {
        entries.push(await principalEntry());
      }
      return multistatus(entries.map(([href, props]) => propResponse(href, props, req)));
    }

    const provider = providers.find((p) => p.segment === parts[0]);
    if (!provider || !(await provider.enabled(caller))) throw new DavError(404);
    const userInPath = provider.userInPath ?? true;
    if (userInPath && (parts.length < 2 || parts[1] !== me)) throw new DavError(404);
    const r: DavRequest = {
      caller, method, rest: parts.slice(userInPath ? 2 : 1), trailingSlash: url.pathname.endsWith("/"), depth, headers, text, xml,
      url, body: () => req.body,
      home: userInPath ? `${DAV_ROOT}${provider.segment}/${hrefSegment(me)}/` : `${DAV_ROOT}${provider.segment}/`, principal,
    };
    return await provider.handle(r);
  }

  app.all("/dav", handler);
  app.all("/dav/*", handler);
  return app;
}

/** Properties every collection of the front has. */
function baseProps(principal: string, name: string): PropMap {
  return new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection")],
    ["{DAV:}displayname", escapeXml(name)],
    ["{DAV:}current-user-principal", el(NS.DAV, "href", escapeXml(principal))],
    ["{DAV:}principal-collection-set", el(NS.DAV, "href", `${DAV_ROOT}principals/`)],
    ["{DAV:}owner", null],
  ]);
}

async function principalProps(caller: Caller, principal: string, providers: DavProvider[]): Promise<PropMap> {
  const [u] = await caller.deps.db.select({ name: users.accountName }).from(users).where(eq(users.id, caller.auth.userId));
  const props: PropMap = new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection") + el(NS.DAV, "principal")],
    ["{DAV:}displayname", escapeXml(u?.name || caller.auth.username)],
    ["{DAV:}current-user-principal", el(NS.DAV, "href", escapeXml(principal))],
    ["{DAV:}principal-URL", el(NS.DAV, "href", escapeXml(principal))],
    ["{DAV:}principal-collection-set", el(NS.DAV, "href", `${DAV_ROOT}principals/`)],
    ["{DAV:}current-user-privilege-set", el(NS.DAV, "privilege", el(NS.DAV, "read"))],
  ]);
  for (const p of providers) {
    for (const [k, v] of p.principalProps(caller, `${DAV_ROOT}${p.segment}/${hrefSegment(caller.auth.username)}/`)) props.set(k, v);
  }
  return props;
}

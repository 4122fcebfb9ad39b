// CalDAV (RFC 4791) behind the DAV front: /dav/calendars/<user>/ is the user's calendar home, each calendar
// they may read is a collection in it (named by its id, or by the name a client made it under), each event
// object a resource "<UID>.ics" (or the name its client chose: names.ts). PROPFIND, PROPPATCH, REPORT,
// GET, PUT, DELETE and MKCALENDAR (also extended MKCOL, RFC 5689), through the calendar's services.
import type { PropMap, PropRequest } from "../../../dav/multistatus.ts";
import { multistatus, propRequestOf, propResponse, proppatchOf, propstat, textValue } from "../../../dav/multistatus.ts";
import { DavError, type DavProvider, type DavRequest } from "../../../dav/provider.ts";
import { child, children, clarkOf, el, NS, type XmlElement } from "../../../dav/xml.ts";
import { CALENDAR_TITLE_MAX } from "../../../../shared/calendar/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { type Collection, collectionByName, deleteCalendar, homeCollections, makeCalendar, updateCalendar } from "./collections.ts";
import { allObjects } from "./repo.ts";
import { bodyOf, deleteByName, etagOf, findByName, putObject } from "./objects.ts";
import { objectName } from "./names.ts";
import { collectionProps, homeProps, objectProps } from "./props.ts";
import { collectionHref, objectHref, report } from "./report.ts";

const CAL = (name: string) => `{${NS.CALDAV}}${name}`;
const COLOR = `{${NS.APPLE}}calendar-color`;
/** Properties clients set that the suite keeps no place for: accepted and not kept, so the rest of the change goes through. */
const IGNORED = new Set([`{${NS.APPLE}}calendar-order`, CAL("calendar-timezone"), `{${NS.CS}}calendar-availability`]);

export const caldavProvider: DavProvider = {
  segment: "calendars",
  compliance: ["calendar-access"],
  methods: ["PROPPATCH", "PUT", "DELETE", "MKCALENDAR", "MKCOL"],
  async enabled(caller: Caller) {
    return (await companyInfo(caller.deps, caller.auth.companyId)).useCalendar;
  },
  principalProps(caller: Caller, home: string): PropMap {
    return new Map([
      [CAL("calendar-home-set"), el(NS.DAV, "href", home)],
      [CAL("calendar-user-address-set"), el(NS.DAV, "href", `mailto:${caller.auth.username}`)],
      [CAL("schedule-inbox-URL"), null],
      [CAL("schedule-outbox-URL"), null],
    ]);
  },
  async handle(r: DavRequest): Promise<Response> {
    const [collectionSegment, objectSegment, ...more] = r.rest;
    if (more.length) throw new DavError(404);
    if (collectionSegment === undefined) return await home(r);
    if (objectSegment === undefined) return await collection(r, collectionSegment);
    return await resource(r, collectionSegment, objectSegment);
  },
};

async function home(r: DavRequest): Promise<Response> {
  if (r.method === "PROPFIND") {
    const req = propRequestOf(await r.xml());
    const out = [propResponse(r.home, homeProps(r.principal, r.home), req)];
    if (r.depth("1") !== "0") {
      for (const c of await homeCollections(r.caller)) out.push(propResponse(collectionHref(r, c), collectionProps(c, r.principal), req));
    }
    return multistatus(out);
  }
  if (r.method === "REPORT") return multistatus([]);
  throw new DavError(405);
}

async function requireCollection(r: DavRequest, name: string): Promise<Collection> {
  const c = await collectionByName(r.caller, name);
  if (!c) throw new DavError(404);
  return c;
}

async function collection(r: DavRequest, name: string): Promise<Response> {
  switch (r.method) {
    case "MKCALENDAR":
    case "MKCOL":
      return await mkcalendar(r, name);
    case "PROPFIND": {
      const c = await requireCollection(r, name);
      const req = propRequestOf(await r.xml());
      const out = [propResponse(collectionHref(r, c), collectionProps(c, r.principal), req)];
      if (r.depth("1") !== "0") {
        for (const row of await allObjects(r.caller.deps.db, c.cal)) out.push(propResponse(objectHref(r, c, objectName(row)), objectProps(row, req), req));
      }
      return multistatus(out);
    }
    case "REPORT":
      return await report(r, await requireCollection(r, name), await r.xml());
    case "PROPPATCH":
      return await proppatch(r, await requireCollection(r, name));
    case "DELETE": {
      const c = await requireCollection(r, name);
      await callService(() => deleteCalendar(r.caller, c.cal.id));
      return new Response(null, { status: 204 });
    }
    case "GET":
      await requireCollection(r, name);
      return new Response("", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    default:
      throw new DavError(405);
  }
}

/** Service errors as DAV statuses: its 400s (a DEFAULT calendar not deletable, a bad title) are 403 here. */
async function callService<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof AppError && e.status === 400) throw new DavError(403);
    throw e;
  }
}

/** #RRGGBB or #RRGGBBAA (Apple's) as the suite stores colours; null when it is neither. */
function colorOf(text: string): string | null {
  const m = /^#([0-9a-fA-F]{6})(?:[0-9a-fA-F]{2})?$/.exec(text.trim());
  return m ? `#${m[1].toLowerCase()}` : null;
}

function titleOf(text: string): string | null {
  const t = text.trim().normalize("NFC");
  return t && t.length <= CALENDAR_TITLE_MAX ? t : null;
}

async function mkcalendar(r: DavRequest, name: string): Promise<Response> {
  if (await collectionByName(r.caller, name)) throw new DavError(405, { ns: NS.DAV, name: "resource-must-be-null" });
  // Any name but an id's (digits) and control characters, Korean included (segments arrive NFC).
  if (/^\d+$/.test(name) || [...name].length > 64 || /[\p{Cc}/\\]/u.test(name)) throw new DavError(403);
  const root = await r.xml();
  const set = children(root ?? undefined, NS.DAV, "set").flatMap((s) => child(s, NS.DAV, "prop")?.children ?? []);
  if (r.method === "MKCOL") {
    const type = set.find((p) => p.ns === NS.DAV && p.name === "resourcetype");
    if (!type || !child(type, NS.CALDAV, "calendar")) throw new DavError(403, { ns: NS.DAV, name: "valid-resourcetype" });
  }
  const props: { title?: string; color?: string; description?: string } = {};
  for (const p of set) {
    const c = clarkOf(p);
    if (c === "{DAV:}displayname") props.title = titleOf(textValue(p)) ?? undefined;
    else if (c === COLOR) props.color = colorOf(textValue(p)) ?? undefined;
    else if (c === CAL("calendar-description")) props.description = textValue(p).normalize("NFC").slice(0, 1000);
    else if (c === CAL("supported-calendar-component-set")) {
      const comps = children(p, NS.CALDAV, "comp").map((x) => (x.attrs.get("name") ?? "").toUpperCase());
      if (!comps.includes("VEVENT")) throw new DavError(403, { ns: NS.CALDAV, name: "supported-calendar-component" });
    }
  }
  await makeCalendar(r.caller, name, props);
  return new Response(null, { status: 201, headers: { "cache-control": "no-cache" } });
}

async function proppatch(r: DavRequest, c: Collection): Promise<Response> {
  const root = await r.xml();
  if (!root || root.ns !== NS.DAV || root.name !== "propertyupdate") throw new DavError(400);
  const ops = proppatchOf(root);
  const patch: { title?: string; color?: string; description?: string } = {};
  const failed = new Map<string, XmlElement>();
  for (const op of ops) {
    const v = op.op === "set" ? textValue(op.value) : "";
    if (op.name.clark === "{DAV:}displayname" && op.op === "set" && titleOf(v)) patch.title = titleOf(v)!;
    else if (op.name.clark === COLOR && op.op === "set" && colorOf(v)) patch.color = colorOf(v)!;
    else if (op.name.clark === CAL("calendar-description")) patch.description = v.normalize("NFC").slice(0, 1000);
    else if (!IGNORED.has(op.name.clark)) failed.set(op.name.clark, op.value);
  }
  let denied = failed.size > 0;
  if (!denied && Object.keys(patch).length) {
    try {
      await updateCalendar(r.caller, c.cal.id, patch);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      denied = true;
    }
  }
  const names = ops.map((o) => el(o.name.ns, o.name.name));
  const failedNames = ops.filter((o) => failed.has(o.name.clark)).map((o) => el(o.name.ns, o.name.name));
  const okNames = ops.filter((o) => !failed.has(o.name.clark)).map((o) => el(o.name.ns, o.name.name));
  const stats = !denied
    ? propstat(names.join(""), 200)
    : failed.size
    ? propstat(failedNames.join(""), 403) + (okNames.length ? propstat(okNames.join(""), 424) : "")
    : propstat(names.join(""), 403);
  return multistatus([el(NS.DAV, "response", el(NS.DAV, "href", collectionHref(r, c)) + stats)]);
}

async function resource(r: DavRequest, collectionName: string, name: string): Promise<Response> {
  const c = await requireCollection(r, collectionName);
  switch (r.method) {
    case "GET": {
      const row = await findByName(r.caller.deps.db, c, name);
      if (!row) throw new DavError(404);
      const inm = r.headers.get("if-none-match");
      if (inm && inm.split(",").map((s) => s.trim()).some((t) => t === "*" || t === etagOf(row))) {
        return new Response(null, { status: 304, headers: { etag: etagOf(row) } });
      }
      return new Response(bodyOf(row), {
        status: 200,
        headers: { "content-type": "text/calendar; charset=utf-8", etag: etagOf(row), "last-modified": row.updatedAt.toUTCString() },
      });
    }
    case "PUT": {
      const result = await putObject(r.caller, c, name, await r.text(), r.headers);
      const headers: Record<string, string> = {};
      if (result.etag) headers.etag = result.etag;
      if (result.created) headers.location = objectHref(r, c, name);
      return new Response(null, { status: result.created ? 201 : 204, headers });
    }
    case "DELETE":
      await deleteByName(r.caller, c, name, r.headers);
      return new Response(null, { status: 204 });
    case "PROPFIND": {
      const row = await findByName(r.caller.deps.db, c, name);
      if (!row) throw new DavError(404);
      const req: PropRequest = propRequestOf(await r.xml());
      return multistatus([propResponse(objectHref(r, c, name), objectProps(row, req), req)]);
    }
    case "REPORT":
      throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
    default:
      throw new DavError(405);
  }
}


// REPORTs on a calendar collection: calendar-query (RFC 4791 §7.8) with filters and expand, calendar-multiget
// (§7.9), and sync-collection (RFC 6578) on the calendar's change log: the objects changed since a token's
// sequence (their properties), those gone (404), and the current token. A token of another calendar, from
// the future, or older than the log answers 403 valid-sync-token, and the client starts over.
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { multistatus, propRequestOf, propResponse, statusResponse } from "../../../dav/multistatus.ts";
import { child, children, NS, type XmlElement } from "../../../dav/xml.ts";
import { hrefSegment } from "../../../dav/routes.ts";
import { parseObject } from "../events/ical-read.ts";
import type { EventRow } from "../events/store.ts";
import type { Collection } from "./collections.ts";
import { busyPeriods, eventRangeOf, expandObject, freeBusyText, matches, type TimeRange, timeRangeOf } from "./filter.ts";
import { ICS, objectName, uidOfName } from "./names.ts";
import { findByName } from "./objects.ts";
import { objectProps, seqOfToken, syncTokenOf } from "./props.ts";
import * as repo from "./repo.ts";

export const collectionHref = (r: DavRequest, c: Collection) => `${r.home}${hrefSegment(c.name)}/`;
export const objectHref = (r: DavRequest, c: Collection, name: string) => `${collectionHref(r, c)}${hrefSegment(name)}`;

export async function report(r: DavRequest, c: Collection, root: XmlElement | null): Promise<Response> {
  if (!root) throw new DavError(400);
  if (root.ns === NS.CALDAV && root.name === "calendar-query") return await calendarQuery(r, c, root);
  if (root.ns === NS.CALDAV && root.name === "calendar-multiget") return await multiget(r, c, root);
  if (root.ns === NS.DAV && root.name === "sync-collection") return await syncCollection(r, c, root);
  if (root.ns === NS.CALDAV && root.name === "free-busy-query") return await freeBusy(r, c, root);
  throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
}

/** The expand range of <C:calendar-data><C:expand/></C:calendar-data>, if asked. */
function expandOf(root: XmlElement): TimeRange | null {
  const data = child(child(root, NS.DAV, "prop"), NS.CALDAV, "calendar-data");
  const expand = child(data, NS.CALDAV, "expand");
  return expand ? timeRangeOf(expand) : null;
}

function responseOf(r: DavRequest, c: Collection, row: EventRow, root: XmlElement, expand: TimeRange | null): string {
  const req = propRequestOf(root);
  let data: string | undefined;
  if (expand) {
    try {
      data = expandObject(parseObject(row.ical), expand);
    } catch { /* an object ical.js cannot read again: its stored text */ }
  }
  return propResponse(objectHref(r, c, objectName(row)), objectProps(row, req, data), req);
}

async function calendarQuery(r: DavRequest, c: Collection, root: XmlElement): Promise<Response> {
  const filter = child(root, NS.CALDAV, "filter");
  if (!filter) throw new DavError(400, { ns: NS.CALDAV, name: "valid-filter" });
  // A REPORT's Depth is 0 unless given (RFC 3253 §3.6): the collection itself, which is no calendar object.
  if (r.depth("0") === "0") return multistatus([]);
  const expand = expandOf(root);
  const range = eventRangeOf(filter);
  const { db } = r.caller.deps;
  // All-day events are stored from midnight of their own zone: a day more on each side finds them all.
  const rows = range
    ? await repo.objectsInRange(db, c.cal, range.start === null ? null : new Date(range.start - 86_400_000), range.end === null ? null : new Date(range.end + 86_400_000))
    : await repo.allObjects(db, c.cal);
  const out: string[] = [];
  for (const row of rows) {
    let ok = false;
    try {
      ok = matches(parseObject(row.ical), filter);
    } catch (e) {
      if (e instanceof DavError) throw e;
      r.caller.deps.log.error(`caldav: event ${row.id} cannot be read`, e);
    }
    if (ok) out.push(responseOf(r, c, row, root, expand));
  }
  return multistatus(out);
}

/** free-busy-query (§7.10): the busy times of the range as one VFREEBUSY (transparent and cancelled events left out). */
async function freeBusy(r: DavRequest, c: Collection, root: XmlElement): Promise<Response> {
  const tr = child(root, NS.CALDAV, "time-range");
  if (!tr) throw new DavError(400, { ns: NS.CALDAV, name: "valid-filter" });
  const range = timeRangeOf(tr);
  const rows = await repo.objectsInRange(r.caller.deps.db, c.cal, range.start === null ? null : new Date(range.start - 86_400_000), range.end === null ? null : new Date(range.end + 86_400_000));
  const periods: [number, number][] = [];
  for (const row of rows) {
    try {
      periods.push(...busyPeriods(parseObject(row.ical), range));
    } catch { /* an object ical.js cannot read: no busy time */ }
  }
  return new Response(freeBusyText(periods, range, r.caller.deps.clock.now()), { status: 200, headers: { "content-type": "text/calendar; charset=utf-8" } });
}

/** The object name an href of this collection points at; null for an href elsewhere. */
function nameInCollection(r: DavRequest, c: Collection, href: string): string | null {
  let path = href.trim();
  try {
    path = new URL(path, "http://x").pathname;
  } catch {
    return null;
  }
  const segments = path.split("/");
  const name = segments.pop()!;
  const parent = segments.join("/") + "/";
  let decodedParent: string, decodedName: string;
  try {
    decodedParent = decodeURIComponent(parent).normalize("NFC");
    decodedName = decodeURIComponent(name).normalize("NFC");
  } catch {
    return null;
  }
  const mine = decodeURIComponent(collectionHref(r, c));
  return decodedParent === mine && decodedName ? decodedName : null;
}

async function multiget(r: DavRequest, c: Collection, root: XmlElement): Promise<Response> {
  const hrefs = children(root, NS.DAV, "href").map((h) => h.text.trim());
  const expand = expandOf(root);
  const { db } = r.caller.deps;
  const names = hrefs.map((h) => nameInCollection(r, c, h));
  const uids = names.map((n) => (n === null ? null : uidOfName(n))).filter((u): u is string => u !== null);
  const byName = new Map<string, EventRow>();
  for (const row of await repo.objectsByUids(db, c.cal, uids)) byName.set(objectName(row), row);
  const out: string[] = [];
  for (let i = 0; i < hrefs.length; i++) {
    const name = names[i];
    const row = name === null ? undefined : byName.get(name) ?? await findByName(db, c, name);
    out.push(row ? responseOf(r, c, row, root, expand) : statusResponse(hrefs[i], 404));
  }
  return multistatus(out);
}

async function syncCollection(r: DavRequest, c: Collection, root: XmlElement): Promise<Response> {
  const tokenText = child(root, NS.DAV, "sync-token")?.text.trim() ?? "";
  const level = child(root, NS.DAV, "sync-level")?.text.trim() ?? "1";
  if (level !== "1" && level !== "infinite" && level !== "infinity") throw new DavError(400);
  const { db } = r.caller.deps;
  const current = c.cal.syncSeq;
  const token = syncTokenOf(c.cal.id, current);
  if (!tokenText) {
    const rows = await repo.allObjects(db, c.cal);
    return multistatus(rows.map((row) => responseOf(r, c, row, root, null)), token);
  }
  const seq = seqOfToken(tokenText, c.cal.id);
  if (seq === null || seq > current) throw new DavError(403, { ns: NS.DAV, name: "valid-sync-token" });
  if (seq < current) {
    const oldest = await repo.oldestLoggedSeq(db, c.viewer.companyId, c.cal.id);
    if (oldest !== null && oldest > seq + 1) throw new DavError(403, { ns: NS.DAV, name: "valid-sync-token" });
  }
  const changed = seq === current ? new Map<string, string | null>() : await repo.changesSince(db, c.viewer.companyId, c.cal.id, seq);
  const rows = await repo.objectsByUids(db, c.cal, [...changed.keys()]);
  const present = new Set(rows.map((row) => row.uid));
  const out = rows.map((row) => responseOf(r, c, row, root, null));
  // Gone: under the name its client gave it, else "<uid>.ics".
  for (const [uid, name] of changed) if (!present.has(uid)) out.push(statusResponse(objectHref(r, c, name ?? uid + ICS), 404));
  return multistatus(out, token);
}

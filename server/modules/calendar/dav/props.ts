// The properties CalDAV clients read (RFC 4791 §5.2, §6; RFC 6578 sync-token; calendarserver.org's getctag;
// Apple's calendar-color): of the calendar home, of each calendar collection and of each object.
import { el, escapeXml, NS } from "../../../dav/xml.ts";
import type { PropMap, PropRequest } from "../../../dav/multistatus.ts";
import { wants } from "../../../dav/multistatus.ts";
import type { EventRow } from "../events/store.ts";
import type { Collection } from "./collections.ts";
import { bodyOf, etagOf, MAX_OBJECT_BYTES } from "./objects.ts";

const SYNC_TOKEN_PREFIX = "http://groupware.invalid/ns/sync/";

/** The sync token of a calendar at a sequence of its change log: a URI (RFC 6578 §3.2). */
export const syncTokenOf = (calendarId: number, seq: number) => `${SYNC_TOKEN_PREFIX}${calendarId}-${seq}`;

/** The sequence a token of this calendar names; null when it is not one of its tokens. */
export function seqOfToken(token: string, calendarId: number): number | null {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return null;
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(token.slice(SYNC_TOKEN_PREFIX.length));
  if (!m || Number(m[1]) !== calendarId) return null;
  return Number(m[2]);
}

const href = (h: string) => el(NS.DAV, "href", escapeXml(h));
const privilege = (ns: string, name: string) => el(NS.DAV, "privilege", el(ns, name));

function privileges(writable: boolean, bind: boolean): string {
  const read = [privilege(NS.DAV, "read"), privilege(NS.DAV, "read-current-user-privilege-set"), privilege(NS.CALDAV, "read-free-busy")];
  const write = writable
    ? [privilege(NS.DAV, "write"), privilege(NS.DAV, "write-content"), privilege(NS.DAV, "write-properties")]
    : [];
  if (bind) write.push(privilege(NS.DAV, "bind"), privilege(NS.DAV, "unbind"));
  return [...read, ...write].join("");
}

const REPORTS = [
  [NS.CALDAV, "calendar-query"], [NS.CALDAV, "calendar-multiget"], [NS.CALDAV, "free-busy-query"], [NS.DAV, "sync-collection"],
] as const;
const reportSet = () => REPORTS.map(([ns, n]) => el(NS.DAV, "supported-report", el(NS.DAV, "report", el(ns, n)))).join("");

/** The calendar home (/dav/calendars/<user>/). */
export function homeProps(principal: string, home: string): PropMap {
  return new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection")],
    ["{DAV:}displayname", "Calendars"],
    ["{DAV:}current-user-principal", href(principal)],
    ["{DAV:}owner", href(principal)],
    ["{DAV:}current-user-privilege-set", privileges(false, true)],
    [`{${NS.CALDAV}}calendar-home-set`, href(home)],
    ["{DAV:}sync-token", null],
    [`{${NS.CS}}getctag`, null],
  ]);
}

/** A calendar collection. */
export function collectionProps(c: Collection, principal: string): PropMap {
  const token = syncTokenOf(c.cal.id, c.cal.syncSeq);
  const ownerIsMe = c.cal.ownerUserId === c.viewer.userId;
  return new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection") + el(NS.CALDAV, "calendar")],
    ["{DAV:}displayname", escapeXml(c.title)],
    [`{${NS.APPLE}}calendar-color`, escapeXml(c.color)],
    [`{${NS.CALDAV}}calendar-description`, c.cal.description ? escapeXml(c.cal.description) : null],
    [`{${NS.CALDAV}}supported-calendar-component-set`, el(NS.CALDAV, "comp").replace("/>", ` name="VEVENT"/>`)],
    [`{${NS.CALDAV}}supported-calendar-data`, el(NS.CALDAV, "calendar-data").replace("/>", ` content-type="text/calendar" version="2.0"/>`)],
    [`{${NS.CALDAV}}max-resource-size`, String(MAX_OBJECT_BYTES)],
    [`{${NS.CALDAV}}calendar-timezone`, null],
    [`{${NS.CS}}getctag`, escapeXml(token)],
    ["{DAV:}sync-token", escapeXml(token)],
    ["{DAV:}supported-report-set", reportSet()],
    ["{DAV:}current-user-privilege-set", privileges(c.writable, c.writable)],
    ["{DAV:}current-user-principal", href(principal)],
    ["{DAV:}owner", ownerIsMe ? href(principal) : null],
    [`{${NS.CS}}read-only`, null],
    ["{DAV:}getcontenttype", null],
  ]);
}

/** An object; calendar-data (the costly one) only when asked for, or the text of an expanded answer. */
export function objectProps(row: EventRow, req: PropRequest, data?: string): PropMap {
  // The body only when a property needs it: a listing of thousands of ETags reads no object text.
  let body: string | null = null;
  const bodyText = () => body ??= bodyOf(row);
  const props = new Map<string, string | null>([
    ["{DAV:}resourcetype", ""],
    ["{DAV:}getetag", escapeXml(etagOf(row))],
    ["{DAV:}getcontenttype", "text/calendar; charset=utf-8; component=vevent"],
    ["{DAV:}getlastmodified", row.updatedAt.toUTCString()],
    ["{DAV:}displayname", null],
  ]);
  if (wants(req, "{DAV:}getcontentlength")) props.set("{DAV:}getcontentlength", String(new TextEncoder().encode(bodyText()).length));
  if (wants(req, `{${NS.CALDAV}}calendar-data`, true)) props.set(`{${NS.CALDAV}}calendar-data`, escapeXml(data ?? bodyText()));
  return props;
}

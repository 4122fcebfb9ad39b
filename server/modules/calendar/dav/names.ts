// Names of calendar objects and collections in DAV paths. An object is stored once per UID in a calendar, so
// its name is "<UID>.ics" unless the client that made it chose another one (vdirsyncer and DAVx5 pick a
// random name for a UID holding "@" and the like; RFC 4791 leaves names to clients): that name is kept in the
// object's text as a VCALENDAR property (X-GW-DAV-NAME), found again with a text search in the calendar.
// A collection is named by the calendar id, or by the name a client made it under (MKCALENDAR), kept in the
// calendar's external_id ("dav:<name>": PRIVATE calendars have none of their own).
import type { EventRow } from "../events/store.ts";

export const NAME_PROPERTY = "X-GW-DAV-NAME";
const NAME_LINE = new RegExp(`^${NAME_PROPERTY}:(.*?)\\r?$`, "im");
const NAME_LINES = new RegExp(`^${NAME_PROPERTY}[:;].*(\\r?\\n[ \\t].*)*\\r?\\n`, "gim");

/** Names a client may give (kept unfolded on one line of the object text). */
export const CLIENT_NAME = /^[A-Za-z0-9_.+~@=-]{1,64}$/;

export const ICS = ".ics";

/** The name a client gave the object, when it is not "<UID>.ics". */
export function clientNameOf(text: string): string | null {
  return NAME_LINE.exec(text)?.[1]?.trim() || null;
}

/** The object's name in its collection. */
export function objectName(row: Pick<EventRow, "uid" | "ical">): string {
  return clientNameOf(row.ical) ?? row.uid + ICS;
}

/** The UID an object of this name has unless a client named it: "<UID>.ics". */
export function uidOfName(name: string): string | null {
  return name.toLowerCase().endsWith(ICS) && name.length > ICS.length ? name.slice(0, -ICS.length) : null;
}

/** The text without any name line, then with `name` when it is not the UID's own. */
export function withClientName(text: string, uid: string, name: string): string {
  const clean = text.replace(NAME_LINES, "");
  if (name === uid + ICS) return clean;
  return clean.replace(/^BEGIN:VCALENDAR\r?\n/i, (m) => `${m}${NAME_PROPERTY}:${name}\r\n`);
}

/** The text a client gets: the stored one without our name line. */
export function withoutClientName(text: string): string {
  return NAME_LINE.test(text) ? text.replace(NAME_LINES, "") : text;
}

/** The marker the text search looks for. */
export const nameMarker = (name: string) => `${NAME_PROPERTY}:${name}`;

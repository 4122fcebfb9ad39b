// GET /api/mails/view/calendar and its shared-folder variant (shared/mail/calendar.ts): the events of the
// calendar invitations a mail carries. The stored attachment list says which parts are invitations, so a
// mail without one answers at once; otherwise the raw message is parsed once (store/parse.ts parseStored, as
// attachment downloads do) and each invitation part read with ical.js. A part that cannot be read is logged
// and left out; the same event sent twice (Google: the text/calendar alternative and an invite.ics) is
// answered once.
import { type CalendarEvent, MAX_CALENDAR_EVENTS, MAX_CALENDAR_PART_BYTES, type MailCalendar } from "../../../../shared/mail/calendar.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { isBlocked } from "../store/blocked.ts";
import { parseStored } from "../store/parse.ts";
import { sharedMail } from "../shared/service.ts";
import { isCalendarAttachment } from "./calendar-parts.ts";
import { parseIcs } from "./calendar-ics.ts";
import * as repo from "./repo.ts";
import { mailNotFound } from "./service.ts";

interface CalendarPart {
  position: number;
  /** null: larger than MAX_CALENDAR_PART_BYTES, not read. */
  text: string | null;
  method: string | null;
}

/** The invitation parts of a raw message, by their positions in the stored attachment list. */
async function calendarParts(raw: Uint8Array, positions: number[]): Promise<CalendarPart[]> {
  const email = await parseStored(raw);
  const out: CalendarPart[] = [];
  for (const position of positions) {
    const a = email.attachments[position];
    if (!a) continue;
    const bytes = typeof a.content === "string" ? new TextEncoder().encode(a.content) : new Uint8Array(a.content as ArrayBuffer);
    if (bytes.length > MAX_CALENDAR_PART_BYTES) {
      out.push({ position, text: null, method: null });
      continue;
    }
    // postal-mime has decoded calendar parts to UTF-8 already; an .ics file part is read as UTF-8.
    out.push({ position, text: new TextDecoder().decode(bytes), method: a.method ?? null });
  }
  return out;
}

function eventKey(e: CalendarEvent): string {
  return [e.method, e.uid, e.recurrenceId?.local ?? "", e.sequence, e.start?.local ?? "", e.summary].join("\u0000");
}

/** The invitation events of a mail of the mailbox of `userId`. */
export async function calendarOf(deps: AppDeps, userId: number, mailId: number): Promise<MailCalendar> {
  const row = await repo.findMailWithMessage(deps.db, userId, mailId);
  if (!row) throw mailNotFound();
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  const positions = row.message.attachments.filter(isCalendarAttachment).map((a) => a.position);
  if (!positions.length) return { mailId, events: [] };

  let parts: CalendarPart[];
  try {
    parts = await calendarParts(await deps.blobs.get(row.message.blobKey), positions);
  } catch (e) {
    deps.log.warn("mail calendar: message could not be parsed", { mailId, error: String(e) });
    return { mailId, events: [] };
  }
  const events: CalendarEvent[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (part.text === null) {
      deps.log.warn("mail calendar: invitation part too large", { mailId, position: part.position });
      continue;
    }
    let found: CalendarEvent[];
    try {
      found = parseIcs(part.text, part.method);
    } catch (e) {
      deps.log.warn("mail calendar: unreadable invitation", { mailId, position: part.position, error: String(e) });
      continue;
    }
    for (const event of found) {
      const key = eventKey(event);
      if (seen.has(key) || events.length >= MAX_CALENDAR_EVENTS) continue;
      seen.add(key);
      events.push(event);
    }
  }
  return { mailId, events };
}

export function calendar(caller: Caller, mailId: number): Promise<MailCalendar> {
  return calendarOf(caller.deps, caller.auth.userId, mailId);
}

/** The shared variant: a mail of a folder shared with the caller (read), anything else 404 mail.not_found. */
export async function sharedCalendar(caller: Caller, mailId: number, ownerId?: number): Promise<MailCalendar> {
  const access = await sharedMail(caller, mailId, ownerId);
  return await calendarOf(caller.deps, access.ownerId, mailId);
}

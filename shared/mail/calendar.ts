// Calendar invitations carried by a mail (000 §7 "GET view/calendar"; the shape is not shown in the spec,
// designed here):
//
//   GET /api/mails/view/calendar?mailId=                 → MailCalendar (the caller's mail)
//   GET /api/share/mails/view/calendar?mailId=&ownerId=  → MailCalendar (a mail of a folder shared with
//                                                           the caller, read permission)
//
// An invitation is a text/calendar or application/ics part of the message, or an attachment named *.ics
// (MailView.hasCalendar says whether the mail has one). Its VEVENTs are answered as parsed; a mail without
// an invitation, or with one that cannot be parsed, answers an empty list. A missing or foreign mail answers
// 404 mail.not_found; a blocked mail 403 mail.blocked (its content is withheld, as its attachments are).
import { z } from "zod";

/** Most events answered for one mail (all parts together). */
export const MAX_CALENDAR_EVENTS = 50;
/** Most attendees answered for one event. */
export const MAX_CALENDAR_ATTENDEES = 500;
/** Calendar parts larger than this are not parsed (bytes). */
export const MAX_CALENDAR_PART_BYTES = 2 * 1024 * 1024;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const mailCalendarQuery = z.object({ mailId: id });
export const sharedMailCalendarQuery = mailCalendarQuery.extend({ ownerId: id.optional() });

/** The iTIP methods an invitation mail carries (RFC 5546); others are passed through as written. */
export type CalendarMethod = "REQUEST" | "CANCEL" | "REPLY" | "PUBLISH" | "COUNTER" | "REFRESH" | "ADD" | "DECLINECOUNTER" | string;

export interface CalendarTime {
  /**
   * The instant in UTC ("2026-12-03T01:00:00.000Z") when it is known; for an all-day date the date itself
   * ("2026-12-03"); for a floating time (no zone), or a zone that cannot be resolved, the wall clock as
   * written ("2026-12-03T10:00:00").
   */
  iso: string;
  /** The wall clock as written in the invitation ("2026-12-03T10:00:00", or the date for all-day). */
  local: string;
  /** The TZID as written, "UTC" for a UTC time, null for floating times and dates. */
  timezone: string | null;
  allDay: boolean;
}

export interface CalendarPerson {
  name: string;
  /** The address without "mailto:", lower-case; "" when the invitation gives none. */
  email: string;
}

export interface CalendarAttendee extends CalendarPerson {
  /** NEEDS-ACTION (default), ACCEPTED, DECLINED, TENTATIVE, DELEGATED. */
  partstat: string;
  /** REQ-PARTICIPANT (default), OPT-PARTICIPANT, NON-PARTICIPANT, CHAIR. */
  role: string;
}

export interface CalendarEvent {
  /** METHOD of the calendar object (or of the MIME part), upper-case; null when neither says. */
  method: CalendarMethod | null;
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: CalendarTime | null;
  /** DTEND, or DTSTART + DURATION; for all-day events the day after the last (exclusive, as written). */
  end: CalendarTime | null;
  /** The RRULE, as ical.js writes it ("FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE"); null when the event does not repeat. */
  rrule: string | null;
  /** RECURRENCE-ID of a changed or cancelled occurrence of a repeating event. */
  recurrenceId: CalendarTime | null;
  organizer: CalendarPerson | null;
  attendees: CalendarAttendee[];
  sequence: number;
  /** STATUS: CONFIRMED, TENTATIVE, CANCELLED; null when not given. */
  status: string | null;
}

export interface MailCalendar {
  mailId: number;
  events: CalendarEvent[];
}

// Types of the calendar's pure iCalendar libraries (import, export, fields for querying, iTIP). The stored
// form of an event is ONE calendar object text: a VCALENDAR holding the VEVENTs of one UID (the series
// master and its RECURRENCE-ID overrides) and the VTIMEZONEs they use, with no METHOD.
import { AppError } from "../../../lib/errors.ts";

/** Largest .ics file read by parseIcsFile, in bytes (issue 23, spec §5 "ICS 10 MB"). */
export const MAX_ICS_BYTES = 10 * 1024 * 1024;

/** Our PRODID, on every object and file we write. */
export const PRODID = "-//Groupware//Calendar 1.0//EN";

/** The file is larger than MAX_ICS_BYTES: 413 calendar.ics_too_large, params { maxBytes, bytes }. */
export class IcsTooLargeError extends AppError {
  constructor(readonly bytes: number) {
    super(413, "calendar.ics_too_large", { maxBytes: MAX_ICS_BYTES, bytes });
  }
}

/** Text that is not an iCalendar object, or holds no VEVENT: 400 calendar.ics_invalid, params { reason }. */
export class IcsInvalidError extends AppError {
  constructor(readonly reason: string) {
    super(400, "calendar.ics_invalid", { reason });
  }
}

/**
 * Why one event of a file was left out (errors) or changed to be kept (warnings). Stable codes:
 * - ics.parse_error        the event's text could not be read at all
 * - ics.no_start           no DTSTART
 * - ics.bad_date           DTSTART, DTEND, RECURRENCE-ID or DURATION not a valid date, time or duration
 * - ics.mixed_value_types  DTSTART a date and DTEND a date-time, or the other way round
 * - ics.end_before_start   DTEND (or DTSTART + DURATION) before DTSTART
 * - ics.bad_rrule          an RRULE without FREQ, with an unknown FREQ, or with both COUNT and UNTIL
 * - ics.duplicate          a second copy of an event (same UID and RECURRENCE-ID): the higher SEQUENCE kept
 * warnings (the event is kept):
 * - ics.no_uid             no UID: one was generated
 * - ics.unknown_timezone   a TZID that names no known zone and has no VTIMEZONE: read as floating time
 * - ics.timezone_mapped    a Windows or prefixed zone name replaced by its IANA name
 * - ics.bad_property       a property that could not be read was dropped (not one the event needs)
 * - ics.bad_alarm          a VALARM that could not be read was dropped
 * - ics.unsupported_component  a VTODO, VJOURNAL or VFREEBUSY was skipped (index: its place among them)
 */
export type IcsProblemCode =
  | "ics.parse_error"
  | "ics.no_start"
  | "ics.bad_date"
  | "ics.mixed_value_types"
  | "ics.end_before_start"
  | "ics.bad_rrule"
  | "ics.duplicate"
  | "ics.no_uid"
  | "ics.unknown_timezone"
  | "ics.timezone_mapped"
  | "ics.bad_property"
  | "ics.bad_alarm"
  | "ics.unsupported_component";

export interface IcsProblem {
  /** 0-based place of the VEVENT in the file (counting every VEVENT of every VCALENDAR in it). */
  index: number;
  /** The event's UID as written (or generated), null when it had none and was left out. */
  uid: string | null;
  code: IcsProblemCode;
  /** A short English detail for logs (the property, the TZID, ...); not for the UI, which uses `code`. */
  detail?: string;
}

/** One calendar object made from a file: the stored form, with the fields read from it. */
export interface IcsObject {
  uid: string;
  /** VCALENDAR text: VERSION, PRODID, the VTIMEZONEs used, the master VEVENT then the overrides. */
  text: string;
  fields: EventFields;
  /** The places in the file of the VEVENTs in it (0-based). */
  indexes: number[];
}

export interface IcsImportResult {
  objects: IcsObject[];
  /** Events left out, each with its reason. */
  errors: IcsProblem[];
  /** Events kept after a repair. */
  warnings: IcsProblem[];
  /** X-WR-CALNAME of the (first) VCALENDAR, null when none. */
  calendarName: string | null;
  /** X-WR-TIMEZONE, null when none. */
  calendarTimezone: string | null;
  /** Number of VEVENTs seen in the file. */
  eventCount: number;
}

export interface IcsPerson {
  /** Lower-case address without "mailto:"; "" when the value is not an address. */
  email: string;
  /** CN, "" when none. */
  name: string;
}

/** Attendee roles (spec §3): CHAIR, REQ-PARTICIPANT (default), OPT-PARTICIPANT, NON-PARTICIPANT. */
export type AttendeeRole = "CHAIR" | "REQ-PARTICIPANT" | "OPT-PARTICIPANT" | "NON-PARTICIPANT";
/** Part status (spec §3): NEEDS-ACTION (default), ACCEPTED, DECLINED, TENTATIVE; DELEGATED as RFC 5545. */
export type PartStat = "NEEDS-ACTION" | "ACCEPTED" | "DECLINED" | "TENTATIVE" | "DELEGATED";
export const PART_STATS: readonly PartStat[] = ["NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED"];

export interface IcsAttendee extends IcsPerson {
  role: AttendeeRole | string;
  partStat: PartStat | string;
  rsvp: boolean;
  /** CUTYPE: INDIVIDUAL (default), GROUP, RESOURCE, ROOM, UNKNOWN. */
  cutype: string;
}

/** A time as written in the object. */
export interface IcsTime {
  /** Wall clock "2026-12-03T10:00:00", or the date "2026-12-03" for all-day. */
  local: string;
  /** The TZID ("UTC" for a UTC time), null for a floating time or a date. */
  tzid: string | null;
  /** The instant; floating times and dates are read in the default zone (extractEvent's option). */
  instant: Date;
}

/** What the calendar core stores beside an object to query it (extractEvent). */
export interface EventFields {
  uid: string;
  /** Of the master (of the first override when the object has no master). */
  summary: string;
  location: string;
  description: string;
  isAllDay: boolean;
  /** TZID of the master's DTSTART; "UTC" for UTC, null for floating times and all-day dates. */
  tzid: string | null;
  /** DTSTART and the end (DTEND, or DTSTART + DURATION, or + 1 day / + 0 for a date / time without either). */
  start: IcsTime;
  end: IcsTime;
  /** Start of the earliest occurrence (EXDATEs and moved overrides taken into account). */
  firstStart: Date;
  /** End of the last occurrence; null for an endless series (an RRULE without COUNT or UNTIL). */
  lastEnd: Date | null;
  isRecurring: boolean;
  /** The master's RRULE as ical.js writes it ("FREQ=WEEKLY;COUNT=4;BYDAY=TH"), null when none. */
  rrule: string | null;
  /** RECURRENCE-IDs of the overrides (IcsTime.local form, each in its own zone), sorted. */
  overrides: string[];
  organizer: IcsPerson | null;
  attendees: IcsAttendee[];
  sequence: number;
  /** STATUS upper-case (CONFIRMED, TENTATIVE, CANCELLED), null when not given. */
  status: string | null;
  /** TRANSP:TRANSPARENT (does not block free/busy). */
  transparent: boolean;
  /** CLASS upper-case (PUBLIC, PRIVATE, CONFIDENTIAL), null when not given. */
  visibility: string | null;
  /** Minutes before the start of each VALARM with a relative trigger (negative: after the start). */
  alarms: number[];
  /** False when the object holds only overrides (an invitation to one occurrence). */
  hasMaster: boolean;
}

// The calendar's mail invitations (iTIP/iMIP, RFC 5546/6047), ICS import and export and the HOLIDAY calendar
// (issue 23 "People" and "In and out"; 001 §7 reply, counterReply, holiday). Shapes designed here.
//
// Invitations by mail (server/modules/calendar/itip-mail):
//   - an event with attendees outside the company: the organiser's server mails them METHOD:REQUEST when it is
//     created or changed, METHOD:CANCEL when it (or one occurrence) is deleted or they are taken off it;
//   - their REPLY arriving over inbound SMTP updates their part status in the organiser's event at once; a
//     COUNTER stays in the organiser's inbox (the mail itself is the proposal) until counterReply.
//
//   POST /api/calendar/reply {mailId, partStat?, comment?}     → ReplyResult
//        the invitation card of a mail in the caller's mailbox: a REQUEST is answered (partStat required:
//        ACCEPTED, TENTATIVE, DECLINED) with a REPLY mailed to the organiser and the event put into (or updated
//        in) the caller's DEFAULT calendar; a CANCEL removes the event (or the occurrence) from it. An
//        invitation from a colleague (the organiser's event is in this company) is answered as partStat.
//   GET  /api/calendar/reply/status?mailId=                    → InvitationStatus (what the card shows)
//   POST /api/calendar/counterReply {mailId, accept, comment?} → CounterReplyResult
//        the organiser decides on a COUNTER mail of their mailbox: accept moves the event to the proposed
//        times and mails everyone a new REQUEST; otherwise the proposer gets a DECLINECOUNTER.
//
// ICS (server/modules/calendar/inout):
//   POST /api/calendar/import?calendarId=   body: the .ics file (any content type; at most 10 MB, 413
//        calendar.ics_too_large) → IcsImportReport. Events whose UID the calendar has already are replaced.
//   GET  /api/calendar/export/{calendarId}  → text/calendar download of the calendar
//   GET  /api/calendar/export/event/{id}    → text/calendar download of one event (the whole series)
//
// Private subscription feeds (server/modules/calendar/inout/feed.ts), for a calendar the caller may read:
//   POST   /api/calendar/feed {calendarId}   → 201 FeedInfo with the secret address (shown this once; a new
//          POST replaces it, the old address stops working)
//   GET    /api/calendar/feed/{calendarId}   → FeedInfo (url null: only whether one exists)
//   DELETE /api/calendar/feed/{calendarId}   → 204 (revoked; 404 when there is none)
//   GET    /feeds/calendar/{token}.ics       → text/calendar without sign-in; 404 for a revoked or unknown
//          token, or when the user can no longer read the calendar
//
// HOLIDAY calendar (server/modules/calendar/holiday-calendar):
//   GET    /api/calendar/holiday?year=YYYY  → HolidayItem[] (public holidays and the company's, by date)
//   POST   /api/calendar/holiday {date, name} (company administrators) → 201 HolidayItem
//   DELETE /api/calendar/holiday/{id}       (company administrators) → 204
import { z } from "zod";

const id = z.coerce.number({ message: "common.validation" }).int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const REPLY_PART_STATS = ["ACCEPTED", "TENTATIVE", "DECLINED"] as const;
export type ReplyPartStat = (typeof REPLY_PART_STATS)[number];
export const REPLY_COMMENT_MAX = 500;

export const replyBody = z.object({
  mailId: id,
  partStat: z.string({ message: "calendar.partstat_invalid" }).trim().toUpperCase()
    .pipe(z.enum(REPLY_PART_STATS, { message: "calendar.partstat_invalid" })).optional(),
  comment: z.string().trim().max(REPLY_COMMENT_MAX, "common.validation").optional(),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const replyStatusQuery = z.object({ mailId: id });

export const counterReplyBody = z.object({
  mailId: id,
  accept: flag,
  comment: z.string().trim().max(REPLY_COMMENT_MAX, "common.validation").optional(),
});
export type CounterReplyBody = z.infer<typeof counterReplyBody>;

export interface ReplyResult {
  /** The method of the invitation answered. */
  method: "REQUEST" | "CANCEL";
  /** The event in the caller's calendar after the answer; null when a CANCEL removed it. */
  eventId: number | null;
  /** The caller's part status after the answer; null after a CANCEL. */
  partStat: string | null;
  /** A REPLY was mailed to the organiser (false for a colleague's invitation or a CANCEL). */
  mailed: boolean;
}

export interface InvitationStatus {
  /** METHOD of the mail's invitation (REQUEST, CANCEL, REPLY, COUNTER, ...); null when it has none. */
  method: string | null;
  uid: string | null;
  /** The event with that UID in the caller's calendars (their copy, or a colleague's event they attend). */
  eventId: number | null;
  /** The caller's part status there; null when not listed. */
  partStat: string | null;
  /** The invitation is older than the copy already stored (a later update arrived): answering is refused. */
  outdated: boolean;
  /** The caller organises the event (a REPLY or COUNTER about their own event). */
  organizer: boolean;
}

export interface CounterReplyResult {
  accepted: boolean;
  eventId: number;
  /** Addresses mailed (the new REQUEST's, or the proposer for a DECLINECOUNTER). */
  mailedTo: string[];
}

export const importQuery = z.object({ calendarId: id });

export interface IcsImportReport {
  /** Events (objects: a series with its overrides counts once) newly stored. */
  created: number;
  /** Objects whose UID the calendar had: replaced. */
  updated: number;
  /** VEVENTs seen in the file. */
  eventCount: number;
  /** Events left out, with their reason codes (server/modules/calendar/ics/types.ts IcsProblemCode). */
  errors: { index: number; uid: string | null; code: string }[];
  /** Events kept after a repair. */
  warnings: { index: number; uid: string | null; code: string }[];
}

export const feedBody = z.object({ calendarId: id });

export interface FeedInfo {
  calendarId: number;
  active: boolean;
  /** The secret address: only in the answer of POST. */
  url: string | null;
  createdAt: string | null;
  lastUsedAt: string | null;
}

export const holidayYearQuery = z.object({ year: z.coerce.number({ message: "calendar.holiday_year_invalid" }).int().min(1900).max(2100) });
export const HOLIDAY_NAME_MAX = 80;
export const holidayAddBody = z.object({
  date: z.string({ message: "calendar.time_invalid" }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, "calendar.time_invalid")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "calendar.time_invalid"),
  name: z.string({ message: "calendar.title_required" }).trim().min(1, "calendar.title_required").max(HOLIDAY_NAME_MAX, "calendar.title_too_long"),
});

export interface HolidayItem {
  /** "kr-…" for a public holiday, the company holiday's id as a string otherwise. */
  id: string;
  date: string;
  name: string;
  /** PUBLIC (the official list), COMPANY (added by an administrator). */
  kind: "PUBLIC" | "COMPANY";
  substitute: boolean;
}

export const INOUT_ERROR_MESSAGES = {
  "calendar.ics_too_large": "The calendar file may be at most 10 MB.",
  "calendar.ics_invalid": "This is not a calendar (.ics) file.",
  "calendar.itip_none": "This mail has no invitation to answer.",
  "calendar.itip_outdated": "This invitation has been updated since: open the latest one.",
  "calendar.itip_not_organizer": "Only the organiser can answer this proposal.",
  "calendar.itip_event_gone": "The event of this mail no longer exists.",
  "calendar.holiday_year_invalid": "Choose a year between 1900 and 2100.",
  "calendar.holiday_admin_only": "Only an administrator can change the company's holidays.",
} as const;

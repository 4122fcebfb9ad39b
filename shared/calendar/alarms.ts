// Calendar alarms that reach people (issue 23: "a due alarm reaches the user as a realtime notification in the
// browser, and by mail if they chose so"). Designed here; the spec gives only "alarms in minutes, hours, days".
//
// Whose alarms apply, and to whom
// - An event's alarms are the VALARMs its editors set in the event dialog (minutes / hours / days before the
//   start; each occurrence of a series uses the alarms of its own VEVENT, so an override may differ). There are
//   no per-attendee alarms: the alarms of the event are everyone's.
// - They reach:
//   1. the owner of the calendar holding the event (DEFAULT, PRIVATE, PUBLIC calendars); for an organisation or
//      project calendar, which has no owner, the user who made the event;
//   2. every internal attendee (a user of the same company listed as ATTENDEE) whose answer for that
//      occurrence is not DECLINED (accepted, tentative, or not answered yet), when the event is organised
//      inside the company (its one stored copy is what the attendees see). An invitation from outside is each
//      invitee's own copy in their own calendar, which reaches them as its owner (rule 1), never twice.
//   A calendar owner who is listed as an attendee and declined that occurrence gets nothing either. Only
//   active users of a company with the calendar switched on; nobody through sharing or a subscription (a
//   shared calendar's events alarm their owner, not everyone who may look at them).
// - HOLIDAY and EXTERNAL calendars never alarm (imported or synced VALARMs there are the other side's).
//
// When
// - Timed events: the occurrence's instant minus the offset, in the event's own zone (DST-correct).
// - All-day events: 00:00 of the first day in the event's zone (the zone it was made in, kept with it;
//   Asia/Seoul when it has none) minus the offset: "1 day before" an all-day event on the 5th is 00:00 on the 4th.
// - An alarm fires once per (event, occurrence start, offset). Moving an event plans its alarms at the new time
//   (and they fire again for it); a deleted event or occurrence fires nothing.
// - Alarms more than ALARM_GRACE_MINUTES late (the server was down) are skipped, never delivered stale.
//
// Delivery
// - Realtime: event CALENDAR_ALARM on the user's calendar topic (constants.ts calendarTopic) with ids only, as
//   every realtime payload (shared/realtime.ts: they cross instances through PostgreSQL NOTIFY, 64 characters a
//   value): CalendarAlarmData. The browser reads the title and place with GET /api/calendar/view/{id}.
// - Mail, for users who chose it: a short mail in the user's language, filed into their own inbox.
//
// Calls
//   GET /api/calendar/alarms/settings                       → AlarmSettings (alarm-settings.ts)
//   PUT /api/calendar/alarms/settings  AlarmSettings        → AlarmSettings
//   GET /api/calendar/alarms/recent                         → CalendarAlarmData[]: the alarms that reached the
//       caller in the last ALARM_GRACE_MINUTES (newest first, at most 20), for a browser that was not listening
//       when they fired (signed in or reloaded just after); the browser keeps which ones were dismissed.
// No zod in this file: the shell's alarm listener imports it (the zod schema is in alarm-settings.ts).

export const CALENDAR_ALARM_EVENT = "CALENDAR_ALARM";
/** How often the job looks for due alarms. */
export const ALARM_TICK_MS = 30_000;
/** How late an alarm may still be delivered. */
export const ALARM_GRACE_MINUTES = 15;

/** A type, not an interface: it is realtime EventData (shared/realtime.ts) as it is. */
export type CalendarAlarmData = {
  /** Instance id of the occurrence (constants.ts instanceId): GET /api/calendar/view/{id}. */
  id: string;
  eventId: number;
  /** The occurrence's start: an ISO instant, or "YYYY-MM-DD" for an all-day one. */
  start: string;
  /** 1 for an all-day occurrence. */
  allDay: number;
  minutesBefore: number;
  /** Epoch ms of the alarm's instant. */
  at: number;
};

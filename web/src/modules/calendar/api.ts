// The calendar's calls (shared/calendar/calendars.ts and events.ts list them), through the app's API client.
import type {
  CalendarAdd, CalendarConfig, CalendarEntry, CalendarUpdate, PublicCalendar, TreeStatus,
} from "@shared/calendar/calendars.ts";
import type {
  AlarmInput, AttendeeInput, EventDetail, EventItem, FreeBusy, RecurrenceRule,
} from "@shared/calendar/events.ts";
import type { EditScope, PartStat } from "@shared/calendar/constants.ts";
import type { Page } from "@shared/paging.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { api } from "../../lib/api.ts";

const BASE = "/api/calendar";

export const findCalendars = (signal?: AbortSignal) => api<CalendarEntry[]>(`${BASE}/find`, { signal });
export const findConfig = (signal?: AbortSignal) => api<CalendarConfig>(`${BASE}/find/config`, { signal });
export const addCalendar = (body: Partial<CalendarAdd> & { title: string }) => api<CalendarEntry>(`${BASE}/add`, { method: "POST", json: body });
export const updateCalendar = (body: CalendarUpdate) => api<CalendarEntry>(`${BASE}/update`, { method: "PUT", json: body });
export const deleteCalendar = (id: number) => api<void>(`${BASE}/delete/${id}`, { method: "DELETE" });
export const setTreeStatus = (calendarId: number, isChecked: boolean) =>
  api<TreeStatus>(`${BASE}/updateTreeStatus`, { method: "PUT", json: { calendarId, isChecked } });
export const findPublicCalendars = (keyword: string, page: number, signal?: AbortSignal) =>
  api<Page<PublicCalendar>>(`${BASE}/find/public`, { signal, query: { keyword: keyword || undefined, page, pageSize: 20 } });
export const subscribeCalendar = (calendarId: number) => api<CalendarEntry>(`${BASE}/subscribe`, { method: "POST", json: { calendarId } });
export const cancelSubscription = (id: number) => api<void>(`${BASE}/cancelSubscription/${id}`, { method: "DELETE" });

/** Events of these calendars between two instants (occurrences expanded; all-day by the zone's dates). */
export const findEvents = (calendars: number[], dtStart: string, dtEnd: string, timezone: string, signal?: AbortSignal) =>
  api<EventItem[]>(`${BASE}/event`, { signal, query: { calendars, dtStart, dtEnd, timezone } });

export interface EventBody {
  calendarId: number;
  summary: string;
  dtStart: string;
  dtEnd: string;
  isAllDay: boolean;
  timezone: string;
  location: string;
  description: string;
  attendees: AttendeeInput[];
  recurrence: RecurrenceRule | null;
  alarms: AlarmInput[];
}

export const createEvent = (body: EventBody) => api<EventDetail>(`${BASE}/event`, { method: "POST", json: body });
export const patchEvent = (id: string, body: Partial<EventBody> & { scope: EditScope; originCalendarId?: number }) =>
  api<EventDetail>(`${BASE}/event/${id}`, { method: "PATCH", json: body });
export const deleteEvent = (id: string, scope: EditScope) => api<void>(`${BASE}/event/${id}`, { method: "DELETE", query: { scope } });
/** An invitee's answer: the whole event (ALL) or one occurrence of a series (THIS, with its instance id). */
export const answerEvent = (id: string, partStat: PartStat, scope: "THIS" | "ALL" = "ALL") =>
  api<EventDetail>(`${BASE}/event/partStat`, { method: "PUT", json: { id, partStat, scope } });
export const viewEvent = (id: string, signal?: AbortSignal) => api<EventDetail>(`${BASE}/view/${id}`, { signal });
export const searchEvents = (keyword: string, page: number, signal?: AbortSignal) =>
  api<Page<EventItem>>(`${BASE}/search`, { signal, query: { keyword, page, pageSize: 20 } });
export const freeBusy = (userIds: number[], dtStart: string, dtEnd: string, timezone: string, signal?: AbortSignal) =>
  api<FreeBusy[]>(`${BASE}/freeBusy`, { method: "POST", json: { userIds, dtStart, dtEnd, timezone }, signal });

/** Colleagues by name or address: the call the mail composer's recipient fields use (people only here). */
export const findPeople = (query: string, signal?: AbortSignal) =>
  api<Page<AutocompleteItem>>("/api/autocomplete/email", { signal, query: { query, page: 0, pageSize: 10, typeList: ["USER"] } });

// Calendar calls (001 §7 "Calendar (api/calendar)"); the spec names them, the shapes are designed here.
//
//   GET    /api/calendar/find                     → CalendarEntry[] (the caller's tree: own, organisation,
//                                                   shared with them, subscribed; DEFAULT made on first use)
//   GET    /api/calendar/find/organCalendars      → OrganCalendarNode[] (the organisation tree; checked =
//                                                   the caller sees that organisation's calendar)
//   PUT    /api/calendar/organCalendar {organIds} → CalendarConfig (other organisations' calendars to see)
//   GET    /api/calendar/find/config              → CalendarConfig
//   POST   /api/calendar/add {title, color?, type?}            → 201 CalendarEntry
//   PUT    /api/calendar/update {id, title?, color?, type?}    → CalendarEntry (others' calendars: own colour only)
//   PUT    /api/calendar/updateTreeStatus {calendarId, isChecked} → TreeStatus
//   DELETE /api/calendar/delete/{id}             → 204 (own PRIVATE and PUBLIC calendars)
//   GET    /api/calendar/find/public?keyword&page&pageSize → Page<PublicCalendar> (colleagues' PUBLIC calendars)
//   POST   /api/calendar/subscribe {calendarId}  → 201 CalendarEntry (a PUBLIC calendar, or a shared one taken
//                                                   out of the tree before)
//   DELETE /api/calendar/cancelSubscription/{id} → 204
// Sharing a calendar goes through the share API with moduleType CALENDAR and objectId the calendar id.
import { z } from "zod";
import {
  CALENDAR_TITLE_MAX, type CalendarPrivilege, type CalendarViewType, CREATABLE_CALENDAR_TYPES,
} from "./constants.ts";

const id = z.coerce.number({ message: "common.validation" }).int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const calendarColor = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "calendar.color_invalid")
  .transform((v) => v.toLowerCase());
export const calendarTitle = z.string({ message: "calendar.title_required" }).trim()
  .min(1, "calendar.title_required").max(CALENDAR_TITLE_MAX, "calendar.title_too_long");
const creatableType = z.string().trim().toUpperCase().pipe(z.enum(CREATABLE_CALENDAR_TYPES));

export const calendarAddBody = z.object({
  title: calendarTitle,
  color: calendarColor.optional(),
  type: creatableType.default("PRIVATE"),
  description: z.string().max(1000).optional(),
});
export type CalendarAdd = z.infer<typeof calendarAddBody>;

export const calendarUpdateBody = z.object({
  id,
  title: calendarTitle.optional(),
  color: calendarColor.optional(),
  /** Own PRIVATE and PUBLIC calendars switch between the two. */
  type: creatableType.optional(),
  description: z.string().max(1000).optional(),
});
export type CalendarUpdate = z.infer<typeof calendarUpdateBody>;

export const treeStatusBody = z.object({ calendarId: id, isChecked: flag });
export interface TreeStatus {
  calendarId: number;
  isChecked: boolean;
}

export const subscribeBody = z.object({ calendarId: id });
export const organCalendarBody = z.object({ organIds: z.array(id).max(1000).default([]) });
export const publicCalendarQuery = z.object({
  keyword: z.string().trim().max(CALENDAR_TITLE_MAX).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One calendar as the caller sees it (001 §3 "Calendar"). */
export interface CalendarEntry {
  /** The calendar's id: what event calls take as calendarId. */
  id: number;
  type: CalendarViewType;
  /** The stored type of the calendar behind a SUBSCRIPTION / PUBLIC_SUBSCRIPTION entry. */
  calendarType: string;
  title: string;
  /** The caller's colour for it. */
  color: string;
  /** Checked in the caller's tree (updateTreeStatus). */
  selected: boolean;
  privilege: CalendarPrivilege;
  isSubscribed: boolean;
  /** The subscribed calendar (SUBSCRIPTION / PUBLIC_SUBSCRIPTION), else null. */
  targetCalendarId: number | null;
  organId: number | null;
  /** 001 §3 names both; here always the id. */
  calendarId: number;
  connectionId: number | null;
  ownerUserId: number | null;
  ownerName: string | null;
  isPublic: boolean;
  description: string | null;
  /** Own calendars: whether they are shared with anyone. */
  isShared: boolean;
}

/** 001 §3 "Calendar config and others". */
export interface CalendarConfig {
  subscribedOrgan: number[];
  subscribedProject: number[];
  timezone: string;
  defaultView: string;
  defaultColor: string;
  palette: readonly string[];
}

/** 001 §3 "Organisation tree node", checked = the caller sees that organisation's calendar. */
export interface OrganCalendarNode {
  id: number;
  parentId: number | null;
  name: string;
  email: string | null;
  childCount: number;
  children: OrganCalendarNode[];
  checked: boolean;
  /** The caller is a member: always shown, cannot be unchecked here. */
  isMember: boolean;
}

export interface PublicCalendar {
  id: number;
  title: string;
  color: string;
  ownerUserId: number;
  ownerName: string;
  isSubscribed: boolean;
}

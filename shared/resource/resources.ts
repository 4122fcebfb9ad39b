// The resources, types and bookings of 002 §3 "Resource booking" and the calls under api/resource (002 §7).
//
// Member calls (module gate useResource → 403 resource.disabled; a missing or foreign id → 404 with the
// matching *_not_found code):
//   GET    ?searchDate&type&range         resourcesQuery → ResourceDay: the bookable-type's resources (ALL: every
//                                         type), each with its bookings (REQUESTED, CONFIRMED) overlapping the
//                                         day or the ISO week (range=week) of searchDate, and whether the caller
//                                         may book it (bookable) and decides its bookings (approverOf)
//   GET    type?type                      one type's descriptor (ResourceTypeInfo) by code; 404 type_not_found
//   GET    types                          the types that have at least one resource, in tab order (built-ins
//                                         first, then custom by name), each with its resource count: the
//                                         booking screen's side pane (a type without resources is not offered
//                                         there; admin/types lists every type)
//   GET    book/{id}                      one booking (Booking)
//   GET    book/list?resourceId&searchDate&range   bookingListQuery → Booking[] of one resource
//   GET    book/mine?from&page&pageSize   BookingPage: the caller's bookings (not cancelled) ending after `from`
//                                         (epoch ms, default now), soonest first
//   GET    book/pending                   the bookings waiting for the caller's decision (resources they approve);
//                                         [] for anyone else
//   POST   book                           bookingBody → 201 BookingCreated. 409 resource.conflict with params
//                                         { conflicts: BookingConflict[] } when any occurrence overlaps a held
//                                         slot (nothing booked) unless skipConflicts, which books the rest and
//                                         lists the skipped ones. 403 not_allowed / not_bookable.
//   PATCH  book                           bookingUpdateBody → 200 Booking (the booker only; one occurrence);
//                                         409 resource.conflict as above; 409 booking_closed when cancelled or
//                                         rejected. A new time or resource on an approval resource asks again
//                                         (REQUESTED)
//   DELETE book/{id}?scope                200 BookingCancelled: cancel (the booker or an admin); scope=FOLLOWING
//                                         cancels this and the later occurrences of its series; 409
//                                         booking_closed when already cancelled or rejected
//   PUT    book/{id}/approve              200 Booking: the resource's approver confirms a REQUESTED booking
//                                         (403 not_approver; 409 not_pending when not REQUESTED)
//   PUT    book/{id}/reject               bookingRejectBody → 200 Booking (REJECTED, frees the slot)
//   GET    img/{id}                       the resource's image (blob); 404 when it has none
// Admin calls (company admin only, else 403 resource.admin_only):
//   GET    admin/resources                AdminResource[] (every status, with bookers and approver)
//   POST   admin/resources                resourceBody → 201 AdminResource
//   PUT    admin/resources/{id}           resourceBody → 200 AdminResource
//   DELETE admin/resources/{id}           200 BookingCancelled: the resource goes; its future bookings are
//                                         cancelled (listed) and their bookers notified
//   PUT    admin/resources/{id}/img       multipart "file" (IMAGE_TYPES, IMAGE_MAX_BYTES) → 200 AdminResource
//   DELETE admin/resources/{id}/img       200
//   GET    admin/types                    ResourceTypeInfo[] (built-ins and custom, with counts)
//   POST   admin/types                    typeBody → 201 ResourceTypeInfo (custom; at most CUSTOM_TYPES_MAX)
//   PUT    admin/types/{id}               typeBody → 200 (custom only)
//   DELETE admin/types/{id}                200 ResourceTypeInfo; 409 resource.type_in_use while resources have it
// Limits: 400 too_many_types / too_many_resources; 409 type_name_taken (names unique ignoring case). Ids of
// users and organisations in a body that are not the company's answer 400 common.validation.
//
// Bookings appear in the booker's calendar (their DEFAULT calendar, an event with the resource as its
// location, kept in step with the booking; cancelling removes it). Realtime RESOURCE_CHANGED on
// resourceTopic(companyId) with { resourceIds } after every change.
import { z } from "zod";
import {
  ALL_TYPES,
  BOOKER_SCOPES,
  BOOKING_NOTE_MAX,
  BOOKING_TITLE_MAX,
  BUILTIN_RESOURCE_TYPES,
  CUSTOM_TYPE_PATTERN,
  DATE_PATTERN,
  DESCRIPTION_MAX,
  RESOURCE_NAME_MAX,
  RESOURCE_STATUSES,
  TIME_PATTERN,
  TYPE_NAME_MAX,
} from "./constants.ts";
import type { BookingStatus, BookerScope, ResourceStatus } from "./constants.ts";

export interface ResourceTypeInfo {
  /** 0 for a built-in type. */
  id: number;
  /** MEETING_ROOM, CAR, EQUIPMENT or CUSTOM_<id>. */
  code: string;
  /** The custom type's name; null for a built-in (the UI translates its code). */
  name: string | null;
  resourceCount: number;
}

export interface Resource {
  id: number;
  type: string;
  name: string;
  description: string;
  /** People (meeting rooms, cars); null when not told. */
  capacity: number | null;
  location: string;
  status: ResourceStatus;
  hasImage: boolean;
  /** A booking needs the approver's yes (REQUESTED until then). */
  needsApproval: boolean;
  /** The caller may book it (status IN_USE and in its bookers). */
  bookable: boolean;
  /**
   * The caller decides its bookings: it needs approval and they are its approver (so the booking screen offers
   * "waiting for my approval" even while nothing waits).
   */
  approverOf: boolean;
  sortOrder: number;
}

export interface PersonRef {
  id: number;
  name: string;
  email: string;
  organName: string | null;
}

export interface OrganRef {
  id: number;
  name: string;
}

export interface AdminResource extends Resource {
  bookerScope: BookerScope;
  bookerUsers: PersonRef[];
  /** With their sub-organisations. */
  bookerOrgans: OrganRef[];
  approver: PersonRef | null;
}

/** 002 §3 Booking: id, resourceId, startDate, startTime, endDate, endTime (company time zone), and the rest. */
export interface Booking {
  id: number;
  resourceId: number;
  resourceName: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** Epoch milliseconds of the same instants. */
  startMillis: number;
  endMillis: number;
  title: string;
  note: string;
  status: BookingStatus;
  booker: PersonRef;
  /** The repeating booking it belongs to; null for a single one. */
  seriesId: number | null;
  /** Why the approver refused (REJECTED). */
  rejectReason: string | null;
  /** The caller booked it (may change and cancel it). */
  mine: boolean;
}

export interface ResourceWithBookings extends Resource {
  bookings: Booking[];
}

export interface ResourceDay {
  /** The first and last date covered (the day, or the ISO week Monday..Sunday). */
  fromDate: string;
  toDate: string;
  resources: ResourceWithBookings[];
}

export interface BookingConflict {
  /** The occurrence asked for. */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** The held booking it overlaps (its title only when the caller may see it: their own). */
  conflictingBookingId: number;
}

/** GET book/mine. */
export interface BookingPage {
  content: Booking[];
  total: number;
  page: number;
  pageSize: number;
}

/** DELETE book/{id} and DELETE admin/resources/{id}: the bookings that were cancelled. */
export interface BookingCancelled {
  cancelledIds: number[];
}

export interface BookingCreated {
  bookings: Booking[];
  /** With skipConflicts: the occurrences left out. */
  skipped: BookingConflict[];
}

const date = z.string().regex(DATE_PATTERN, "resource.invalid_range");
const time = z.string().regex(TIME_PATTERN, "resource.invalid_range");
const id = z.coerce.number().int().positive();
const typeCode = z.string().refine((v) => v === ALL_TYPES || (BUILTIN_RESOURCE_TYPES as readonly string[]).includes(v) || CUSTOM_TYPE_PATTERN.test(v), "resource.type_not_found");

export const resourcesQuery = z.object({
  searchDate: date.optional(),
  type: typeCode.default(ALL_TYPES),
  range: z.enum(["day", "week"]).default("day"),
});
export type ResourcesQuery = z.infer<typeof resourcesQuery>;

export const typeQuery = z.object({ type: typeCode });

export const bookingListQuery = z.object({ resourceId: id, searchDate: date.optional(), range: z.enum(["day", "week"]).default("day") });
export type BookingListQuery = z.infer<typeof bookingListQuery>;

export const myBookingsQuery = z.object({
  from: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Weekly (same weekday) or daily (working days Monday..Friday) repetition up to `until` (inclusive). */
export const repeatBody = z.object({
  frequency: z.enum(["DAILY", "WEEKLY"]),
  interval: z.number().int().min(1).max(4).default(1),
  until: date,
});
export type RepeatInput = z.infer<typeof repeatBody>;

const slot = {
  startDate: date,
  startTime: time,
  endDate: date,
  endTime: time,
};

export const bookingBody = z.object({
  resourceId: id,
  ...slot,
  title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
  note: z.string().max(BOOKING_NOTE_MAX).default(""),
  repeat: repeatBody.optional(),
  skipConflicts: z.boolean().default(false),
});
export type BookingInput = z.infer<typeof bookingBody>;

export const bookingUpdateBody = z.object({
  id,
  resourceId: id.optional(),
  ...slot,
  title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
  note: z.string().max(BOOKING_NOTE_MAX).default(""),
});
export type BookingUpdate = z.infer<typeof bookingUpdateBody>;

export const cancelQuery = z.object({ scope: z.enum(["ONE", "FOLLOWING"]).default("ONE") });
export const bookingRejectBody = z.object({ reason: z.string().trim().max(BOOKING_NOTE_MAX).default("") });

export const resourceBody = z.object({
  type: typeCode.refine((v) => v !== ALL_TYPES, "resource.type_not_found"),
  name: z.string().trim().min(1).max(RESOURCE_NAME_MAX),
  description: z.string().max(DESCRIPTION_MAX).default(""),
  capacity: z.number().int().min(1).max(10_000).nullable().default(null),
  location: z.string().trim().max(RESOURCE_NAME_MAX).default(""),
  status: z.enum(RESOURCE_STATUSES).default("IN_USE"),
  needsApproval: z.boolean().default(false),
  approverId: id.nullable().default(null),
  bookerScope: z.enum(BOOKER_SCOPES).default("ALL"),
  bookerUserIds: z.array(id).max(1000).default([]),
  bookerOrganIds: z.array(id).max(1000).default([]),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
});
export type ResourceInput = z.infer<typeof resourceBody>;

export const typeBody = z.object({ name: z.string().trim().min(1).max(TYPE_NAME_MAX) });

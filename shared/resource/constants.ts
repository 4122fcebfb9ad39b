// Constants of resource booking (002 §2, §3, §4, §9 "Resource booking"). No imports: the web bundle reads these.

/** The built-in resource types; an admin may add custom types (their code is CUSTOM_<id>). */
export const BUILTIN_RESOURCE_TYPES = ["MEETING_ROOM", "CAR", "EQUIPMENT"] as const;
export type BuiltinResourceType = (typeof BUILTIN_RESOURCE_TYPES)[number];
/** The route's type segment (002 §2 /resource/{date}/{type}): ALL or a type's code. */
export const ALL_TYPES = "ALL";
/** A custom type's code: CUSTOM_<id>. */
export const customTypeCode = (id: number) => `CUSTOM_${id}`;
export const CUSTOM_TYPE_PATTERN = /^CUSTOM_[1-9][0-9]{0,15}$/;

/** 002 §3: shown as "in use" (bookable), "under repair", "not available". Only IN_USE can be booked. */
export const RESOURCE_STATUSES = ["IN_USE", "REPAIR", "UNAVAILABLE"] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

/**
 * A booking's state. CONFIRMED holds the slot; REQUESTED (the resource needs an approver's yes) holds it too, so
 * nobody else can take it while the approver decides; REJECTED and CANCELLED free it.
 */
export const BOOKING_STATUSES = ["REQUESTED", "CONFIRMED", "REJECTED", "CANCELLED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The states that hold a slot (the database's exclusion constraint covers exactly these). */
export const HOLDING_STATUSES = ["REQUESTED", "CONFIRMED"] as const satisfies readonly BookingStatus[];

/** Who may book a resource: everyone in the company, or the listed users and organisations (with sub-organisations). */
export const BOOKER_SCOPES = ["ALL", "SELECTED"] as const;
export type BookerScope = (typeof BOOKER_SCOPES)[number];

/** 002 §9: a new booking lasts one hour by default (the dashboard's quick booking: now to one hour later). */
export const DEFAULT_BOOKING_MINUTES = 60;
/** The grid's step: drags snap to it, times are multiples of it. */
export const SLOT_MINUTES = 30;
/** 002 §9: dates are YYYY-MM-DD; times HH:mm (24 h). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** A booking is at most this long (a car for two weeks is a lot already). */
export const MAX_BOOKING_DAYS = 31;
/** A repeating booking makes at most this many occurrences, at most this far ahead. */
export const MAX_OCCURRENCES = 104;
export const MAX_REPEAT_DAYS = 366;
/** Bookings are in the company's time zone (the calendar's default). */
export const BOOKING_TIME_ZONE = "Asia/Seoul";

export const RESOURCE_NAME_MAX = 80;
export const TYPE_NAME_MAX = 40;
export const DESCRIPTION_MAX = 2000;
export const BOOKING_TITLE_MAX = 200;
export const BOOKING_NOTE_MAX = 2000;
/** Resource images (GET img/{id}): jpg, png, gif, webp up to 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const CUSTOM_TYPES_MAX = 20;
export const RESOURCES_MAX = 500;

/** Realtime: a booking or resource changed in the company (payload carries ids only). */
export const RESOURCE_CHANGED = "RESOURCE_CHANGED";
export const resourceTopic = (companyId: number) => `/topic/resource/company/${companyId}`;
/**
 * Personal notices of resource booking on the user's own topic: RESOURCE_NOTICE with { bookingId, notice }:
 * REQUESTED to the approver (a booking waits for them), CONFIRMED / REJECTED to the booker (the approver
 * decided), CANCELLED to the booker (an admin cancelled their booking or deleted the resource).
 */
export const resourceUserTopic = (username: string) => `/topic/resource/user/${username}`;
export const RESOURCE_NOTICE = "RESOURCE_NOTICE";
export const RESOURCE_NOTICES = ["REQUESTED", "CONFIRMED", "REJECTED", "CANCELLED"] as const;
export type ResourceNotice = (typeof RESOURCE_NOTICES)[number];

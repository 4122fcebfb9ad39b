// Constants of leave and HR (002 §2-§5, §9 "Leave"; 001 §4 the calendar's leave states). No imports: the web
// bundle reads these.

/** 002 §3: allocation and usage statuses. */
export const LEAVE_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** 001 §4: how the calendar shows a leave event: PENDING → READY, APPROVED → CONFIRMED, REJECTED → DENIED. */
export const CALENDAR_LEAVE_STATUS: Record<LeaveStatus, "READY" | "CONFIRMED" | "DENIED"> = {
  PENDING: "READY",
  APPROVED: "CONFIRMED",
  REJECTED: "DENIED",
};

/** 002 §3 units and their days. A usage's unit: FULL_DAY when usedDays >= 1, else by fraction. */
export const LEAVE_UNITS = { FULL_DAY: 1, HALF_DAY: 0.5, QUARTER_DAY: 0.25, ONE_HOUR: 0.125 } as const;
export type LeaveUnit = keyof typeof LEAVE_UNITS;
export const LEAVE_UNIT_NAMES = Object.keys(LEAVE_UNITS) as LeaveUnit[];
/** A working day has 8 hours: ONE_HOUR is 1/8 day. */
export const HOURS_PER_DAY = 8;

export const TEMPLATE_KINDS = ["ANNUAL", "CUSTOM"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const LOG_KINDS = ["USAGE", "ALLOCATION"] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** Where an allocation came from: typed by HR, computed by the accrual job, asked for by the employee, carried over. */
export const ALLOCATION_SOURCES = ["MANUAL", "ACCRUAL", "REQUEST", "CARRY_OVER", "ADVANCE", "SETTLEMENT"] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];

/**
 * Policy (002 §3). annualLeaveAllocationDate: "HIRE_DATE" (each employee's anniversary) or a fiscal-year start
 * "MM-DD" (회계연도 기준, e.g. "01-01"). firstAnnualLeaveRounding: how the first fiscal year's prorated 15 days
 * are rounded to firstAnnualLeaveDecimalPlace places (0: whole days; 1; 2) — UP, DOWN, HALF_UP, or HALF_DAY_UP
 * (up to the next 0.5).
 */
export const ALLOCATION_BASES = ["HIRE_DATE"] as const;
export const FISCAL_DATE_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ROUNDINGS = ["UP", "DOWN", "HALF_UP", "HALF_DAY_UP"] as const;
export type Rounding = (typeof ROUNDINGS)[number];
export const DECIMAL_PLACES = [0, 1, 2] as const;

/** 근로기준법 §60. */
export const FIRST_YEAR_MONTHLY_MAX = 11;
export const ANNUAL_BASE_DAYS = 15;
export const ANNUAL_MAX_DAYS = 25;
export const ATTENDANCE_THRESHOLD = 0.8;

/** 002 §9. */
export const MEMBERS_PAGE_SIZE = 15;
export const LIST_PAGE_SIZE = 10;
export const ACTIVITY_LOG_DAYS = 365;

export const TEMPLATE_NAME_MAX = 40;
export const REASON_MAX = 500;
export const SUMMARY_MAX = 100;
export const TEMPLATES_MAX = 50;
/** Days one allocation may grant, one usage may take. */
export const ALLOCATION_DAYS_MAX = 366;
export const USAGE_DAYS_MAX = 90;

/** §61 사용촉진: the first notice 6 months before the leave's expiry (within 10 days), the second 2 months before. */
export const PROMOTION_FIRST_MONTHS = 6;
export const PROMOTION_SECOND_MONTHS = 2;
export const PROMOTION_WINDOW_DAYS = 10;

/** Leave is in the company's time zone (the calendar's default). */
export const LEAVE_TIME_ZONE = "Asia/Seoul";
/** The working day a full day covers (for the calendar event and hour-based units). */
export const WORKDAY_START = "09:00";
export const WORKDAY_END = "18:00";

/** Realtime: LEAVE_CHANGED ({ userId }) to the employee, their approvers and HR on leaveTopic(username). */
export const LEAVE_CHANGED = "LEAVE_CHANGED";
export const leaveTopic = (username: string) => `/topic/leave/user/${username}`;

/**
 * §61(2) 사용촉진 of the first year's monthly leave (§60(2)): the first notice within PROMOTION_WINDOW_DAYS
 * starting 3 months before the first year ends, the second by 1 month before it; leave arising after that first
 * notice: its first notice within 5 days starting 1 month before, its second by 10 days before.
 */
export const PROMOTION_FIRST_YEAR_FIRST_MONTHS = 3;
export const PROMOTION_FIRST_YEAR_SECOND_MONTHS = 1;
export const PROMOTION_LATE_FIRST_MONTHS = 1;
export const PROMOTION_LATE_WINDOW_DAYS = 5;
export const PROMOTION_LATE_SECOND_DAYS = 10;

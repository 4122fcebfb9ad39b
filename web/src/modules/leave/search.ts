// The leave island's search parameters (002 §2 "Leave"), parsed without zod (the router chunk imports this):
//   members/{id}?date                                 a member's dashboard on a day (default: today)
//   members?date&organId&includeChildren&page          the members dashboard (page is 1-based, default 1)
//   application?usageId                                the application screen; usageId edits an own PENDING leave
//   untracked?page                                     approved usages no allocation supports (HR; 1-based)
import { LEAVE_TIME_ZONE } from "@shared/leave/constants.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the company's leave time zone, YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: LEAVE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** A real calendar day, or undefined. */
export function validDay(v: unknown): string | undefined {
  if (typeof v !== "string" || !DAY.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
}

const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface DashboardSearch {
  date?: string;
}
export const parseDashboardSearch = (s: Record<string, unknown>): DashboardSearch => {
  const date = validDay(s.date);
  return date ? { date } : {};
};

export interface MembersSearch {
  date?: string;
  organId?: number;
  includeChildren?: boolean;
  page?: number;
}
export const parseMembersSearch = (s: Record<string, unknown>): MembersSearch => {
  const out: MembersSearch = {};
  const date = validDay(s.date);
  if (date) out.date = date;
  const organId = positiveInt(s.organId);
  if (organId) out.organId = organId;
  if (s.includeChildren === true || s.includeChildren === "true") out.includeChildren = true;
  const page = positiveInt(s.page);
  if (page && page > 1) out.page = page;
  return out;
};

export interface ApplicationSearch {
  usageId?: number;
  date?: string;
}
export const parseApplicationSearch = (s: Record<string, unknown>): ApplicationSearch => {
  const out: ApplicationSearch = {};
  const usageId = positiveInt(s.usageId);
  if (usageId) out.usageId = usageId;
  const date = validDay(s.date);
  if (date) out.date = date;
  return out;
};

export interface PageSearch {
  page?: number;
}
export const parsePageSearch = (s: Record<string, unknown>): PageSearch => {
  const page = positiveInt(s.page);
  return page && page > 1 ? { page } : {};
};

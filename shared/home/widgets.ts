// The home dashboard's widgets (002 §3 "Home", §9: a 12-column grid, widths 3 and 6, locked by default).
// A widget in a layout: i (its own id in the layout), x, y, w, h (grid units), category, component (one of
// WIDGET_IDS), title (the user's own title, else the catalogue's), options (per component, below).
// A widget shows only when the user's account uses its module (WIDGETS[component].module; null: always).
// Each widget's data is one call, GET /api/users/dashboard/widgets/{component} (shared/home/api.ts), answering
// the WidgetData below for the caller with the permissions their module already enforces.
import { z } from "zod";
import type { ModuleType } from "../users.ts";

export const GRID_COLUMNS = 12;
export const WIDGET_WIDTHS = [3, 6] as const;
export type WidgetWidth = (typeof WIDGET_WIDTHS)[number];
/** Height in grid rows (a row is ROW_HEIGHT_PX tall in the browser). */
export const WIDGET_MIN_H = 2;
export const WIDGET_MAX_H = 8;
export const ROW_HEIGHT_PX = 80;
export const WIDGETS_MAX = 30;
export const WIDGET_TITLE_MAX = 40;
/** The welcome splash hides after this long (002 §4 "Dashboard"). */
export const SPLASH_MS = 300;

export const WIDGET_CATEGORIES = ["flow", "mail", "cal", "board", "approval", "ETC"] as const;
export type WidgetCategory = (typeof WIDGET_CATEGORIES)[number];

export const WIDGET_IDS = [
  "flow-1", "flow-2", "flow-3", "flow-4", "mail-1", "cal-1", "cal-2", "board-1", "board-2", "approval-1",
  "etc-1", "etc-2", "etc-3",
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

export interface WidgetDef {
  category: WidgetCategory;
  /** The module the user's account must use for the widget to show; null: every account. */
  module: ModuleType | null;
  /** Default size when added. */
  w: WidgetWidth;
  h: number;
}

/**
 * The catalogue. Texts are the web's home:widget.<id>.title / .description.
 * - flow-1 My tasks by status: counts of the caller's open flow tasks (assignee) per status.
 * - flow-2 Tasks due soon: the caller's flow tasks not completed, due within 7 days or overdue, soonest first.
 * - flow-3 My to-do items: to-do items whose PERSON column names the caller, not done, newest first.
 * - flow-4 Favourite projects: the caller's favourite flow projects with their open task counts.
 * - mail-1 Mail: the inbox's unread count and its newest mails.
 * - cal-1 Today: today's events of the caller's shown calendars, in order.
 * - cal-2 This week: the week's events (Monday to Sunday), by day.
 * - board-1 New posts: the newest posts of boards the caller may read (option boardId: one board).
 * - board-2 Must-read: must-read notices the caller has not confirmed yet.
 * - approval-1 Approval: the dashboard counts and the documents waiting for the caller.
 * - etc-1 Clock: the date and time in the user's language and time zone (no server data).
 * - etc-2 Booking: the caller's next bookings, today's free meeting rooms and a quick booking of the next
 *   hour (002 §5 "Booking": from now to one hour later).
 * - etc-3 Leave: the caller's leave balance this year (granted, used, remaining days) and their next leave.
 */
export const WIDGETS: Record<WidgetId, WidgetDef> = {
  "flow-1": { category: "flow", module: "flow", w: 3, h: 3 },
  "flow-2": { category: "flow", module: "flow", w: 3, h: 4 },
  "flow-3": { category: "flow", module: "workflow", w: 3, h: 4 },
  "flow-4": { category: "flow", module: "flow", w: 3, h: 3 },
  "mail-1": { category: "mail", module: "mail", w: 6, h: 4 },
  "cal-1": { category: "cal", module: "calendar", w: 3, h: 4 },
  "cal-2": { category: "cal", module: "calendar", w: 6, h: 4 },
  "board-1": { category: "board", module: "board", w: 6, h: 4 },
  "board-2": { category: "board", module: "board", w: 3, h: 4 },
  "approval-1": { category: "approval", module: "approval", w: 3, h: 4 },
  "etc-1": { category: "ETC", module: null, w: 3, h: 2 },
  "etc-2": { category: "ETC", module: "resource", w: 3, h: 4 },
  "etc-3": { category: "ETC", module: "leave", w: 3, h: 3 },
};

export interface Widget {
  /** The widget's id in the layout (unique in it; a component may show twice, e.g. two boards). */
  i: string;
  x: number;
  y: number;
  w: WidgetWidth;
  h: number;
  category: WidgetCategory;
  component: WidgetId;
  title: string | null;
  options: WidgetOptions;
}
export interface WidgetOptions {
  /** board-1: one board instead of all. */
  boardId?: number;
  /** Lists: how many rows (3..10). */
  size?: number;
}

export const widgetOptions = z.object({
  boardId: z.number().int().positive().optional(),
  size: z.number().int().min(3).max(10).optional(),
}).strict();

export const widgetSchema = z.object({
  i: z.string().trim().min(1).max(40),
  x: z.number().int().min(0).max(GRID_COLUMNS - 3),
  y: z.number().int().min(0).max(1000),
  w: z.union([z.literal(3), z.literal(6)]),
  h: z.number().int().min(WIDGET_MIN_H).max(WIDGET_MAX_H),
  category: z.enum(WIDGET_CATEGORIES),
  component: z.enum(WIDGET_IDS),
  title: z.string().trim().max(WIDGET_TITLE_MAX).nullable().default(null),
  options: widgetOptions.default({}),
}).refine((w) => w.x + w.w <= GRID_COLUMNS, { message: "the widget passes the grid's right edge", path: ["x"] })
  .refine((w) => WIDGETS[w.component].category === w.category, { message: "category does not match component", path: ["category"] });

/** A layout: unique i, no two widgets overlapping (400 common.validation otherwise). */
export const widgetsBody = z.object({ widgets: z.array(widgetSchema).max(WIDGETS_MAX) });
export type WidgetsBody = z.infer<typeof widgetsBody>;

/** The layout a new user starts from when the company has set none (an admin may set the company's own). */
export const DEFAULT_WIDGETS: Widget[] = [
  { i: "mail-1", x: 0, y: 0, w: 6, h: 4, category: "mail", component: "mail-1", title: null, options: {} },
  { i: "cal-1", x: 6, y: 0, w: 3, h: 4, category: "cal", component: "cal-1", title: null, options: {} },
  { i: "etc-1", x: 9, y: 0, w: 3, h: 2, category: "ETC", component: "etc-1", title: null, options: {} },
  { i: "etc-3", x: 9, y: 2, w: 3, h: 3, category: "ETC", component: "etc-3", title: null, options: {} },
  { i: "approval-1", x: 0, y: 4, w: 3, h: 4, category: "approval", component: "approval-1", title: null, options: {} },
  { i: "flow-2", x: 3, y: 4, w: 3, h: 4, category: "flow", component: "flow-2", title: null, options: {} },
  { i: "etc-2", x: 6, y: 4, w: 3, h: 4, category: "ETC", component: "etc-2", title: null, options: {} },
  { i: "board-2", x: 9, y: 5, w: 3, h: 4, category: "board", component: "board-2", title: null, options: {} },
  { i: "board-1", x: 0, y: 8, w: 6, h: 4, category: "board", component: "board-1", title: null, options: {} },
  { i: "cal-2", x: 6, y: 9, w: 6, h: 4, category: "cal", component: "cal-2", title: null, options: {} },
];

// ---- Widget data (GET /api/users/dashboard/widgets/{component}). Times are ISO strings; `link` is the app
// path (hash route) that opens the object.

export interface WidgetRow {
  id: string;
  title: string;
  /** A second line: sender, board name, project name, location. */
  sub: string | null;
  /** The row's time (received, posted, due, starts). */
  at: string | null;
  link: string;
  /** Whether the row is unread / overdue / important, per widget. */
  flag?: boolean;
}

export interface FlowStatusData { counts: Record<"REQUESTED" | "IN_PROGRESS" | "FEEDBACK" | "COMPLETED" | "ON_HOLD", number> }
export interface RowsData { rows: WidgetRow[] }
export interface MailWidgetData { unread: number; rows: WidgetRow[] }
export interface ApprovalWidgetData {
  counts: { beforeApproveCount: number; beforeReceiveCount: number; draftedCount: number; rejectedCount: number };
  rows: WidgetRow[];
}
export interface ProjectsData { projects: { id: number; name: string; openTasks: number; link: string }[] }
export interface CalendarWidgetData {
  /** The caller's time zone (IANA) the days are cut in. */
  timeZone: string;
  events: { id: string; title: string; start: string; end: string; allDay: boolean; location: string | null; color: string | null; link: string }[];
}
export interface BookingWidgetData {
  bookings: WidgetRow[];
  /** Meeting rooms (bookable resources) free for the next hour, for the quick booking. */
  freeRooms: { id: number; name: string; category: string | null }[];
}
export interface LeaveWidgetData {
  year: number;
  granted: number;
  used: number;
  remaining: number;
  next: { start: string; end: string; type: string } | null;
}

export interface WidgetDataMap {
  "flow-1": FlowStatusData;
  "flow-2": RowsData;
  "flow-3": RowsData;
  "flow-4": ProjectsData;
  "mail-1": MailWidgetData;
  "cal-1": CalendarWidgetData;
  "cal-2": CalendarWidgetData;
  "board-1": RowsData;
  "board-2": RowsData;
  "approval-1": ApprovalWidgetData;
  "etc-2": BookingWidgetData;
  "etc-3": LeaveWidgetData;
}
export type DataWidgetId = keyof WidgetDataMap;
/** etc-1 (the clock) has no server data. */
export const DATA_WIDGET_IDS = WIDGET_IDS.filter((id): id is DataWidgetId => id !== "etc-1");

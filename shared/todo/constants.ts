// To-do (002 §2 "To-do", §3, §4, §5, §9): header column types and widths, board and view types, positions, the
// spec's limits and ours, and the realtime topic. No zod here: router-level web code imports it.

/** 002 §5/§9: at most 5 workspaces a user owns. */
export const WORKSPACES_MAX = 5;

/** 002 §3: every header column type. */
export const HEADER_TYPES = ["TITLE", "PERSON", "STATUS", "TIMELINE", "NUMBER", "CREATED_LOG", "ADDITIONAL", "TEXT", "LINK", "CHECK"] as const;
export type HeaderType = (typeof HEADER_TYPES)[number];
/** 002 §9: the types a new board's header is made of when the client sends none. */
export const CREATE_HEADER_TYPES = ["TITLE", "TIMELINE", "NUMBER", "PERSON", "ADDITIONAL"] as const satisfies readonly HeaderType[];

/**
 * 002 §3 "Default width and minimum width": the same number for both except LINK (360, at least 150).
 * ADDITIONAL is the trailing column that holds the "add a column" button: it keeps no values (our reading of
 * the spec's list; exactly one, always last).
 */
export const HEADER_WIDTHS: Record<HeaderType, { width: number; min: number }> = {
  TITLE: { width: 300, min: 300 },
  PERSON: { width: 90, min: 90 },
  STATUS: { width: 90, min: 90 },
  TIMELINE: { width: 150, min: 150 },
  NUMBER: { width: 90, min: 90 },
  TEXT: { width: 90, min: 90 },
  CREATED_LOG: { width: 150, min: 150 },
  LINK: { width: 360, min: 150 },
  CHECK: { width: 62, min: 62 },
  ADDITIONAL: { width: 100, min: 100 },
};
/** Designed: the widest a column may be dragged. */
export const HEADER_WIDTH_MAX = 1200;

/** 002 §3: a board tree node is a folder of boards or a board. Folders hold boards only (one level). */
export const BOARD_TYPES = ["FOLDER", "BOARD"] as const;
export type BoardType = (typeof BOARD_TYPES)[number];

/** 002 §2: the board's views; gantt only on the ADVANCED plan (§6). */
export const VIEW_TYPES = ["table", "kanban", "gantt"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
export const GANTT_PLAN = "ADVANCED";

/** Where a moved board, group or item lands relative to its target (INSIDE: into a folder, or a parent item). */
export const POSITIONS = ["BEFORE", "AFTER", "INSIDE"] as const;
export type Position = (typeof POSITIONS)[number];

/** Saved filter conditions (002 §3 "Saved filter": column, condition, values). Which apply to which type: FILTER_CONDITIONS_BY_TYPE. */
export const FILTER_CONDITIONS = ["IS", "IS_NOT", "CONTAINS", "NOT_CONTAINS", "GREATER", "LESS", "BEFORE", "AFTER", "EMPTY", "NOT_EMPTY"] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];
export const FILTER_CONDITIONS_BY_TYPE: Record<HeaderType, readonly FilterCondition[]> = {
  TITLE: ["CONTAINS", "NOT_CONTAINS", "IS", "IS_NOT"],
  TEXT: ["CONTAINS", "NOT_CONTAINS", "IS", "IS_NOT", "EMPTY", "NOT_EMPTY"],
  LINK: ["CONTAINS", "NOT_CONTAINS", "EMPTY", "NOT_EMPTY"],
  /** values: user ids ("me" stands for the caller). */
  PERSON: ["IS", "IS_NOT", "EMPTY", "NOT_EMPTY"],
  /** values: status labels. */
  STATUS: ["IS", "IS_NOT", "EMPTY", "NOT_EMPTY"],
  /** values: one YYYY-MM-DD day; BEFORE: ends before it, AFTER: starts after it, IS: the range holds it. */
  TIMELINE: ["IS", "BEFORE", "AFTER", "EMPTY", "NOT_EMPTY"],
  NUMBER: ["IS", "IS_NOT", "GREATER", "LESS", "EMPTY", "NOT_EMPTY"],
  /** values: user ids of the creator. */
  CREATED_LOG: ["IS", "IS_NOT"],
  /** values: "1" or "0". */
  CHECK: ["IS"],
  ADDITIONAL: [],
};
/** 002 §5 "Only filter rows having a column, a condition and at least one value are saved": EMPTY and
 *  NOT_EMPTY rows carry the value "1". */

/** Designed limits. */
export const WORKSPACE_TITLE_MAX = 50;
export const BOARD_TITLE_MAX = 100;
export const GROUP_TITLE_MAX = 100;
export const ITEM_TITLE_MAX = 255;
export const HEADER_NAME_MAX = 50;
export const HEADERS_MAX = 40;
export const STATUS_OPTIONS_MAX = 30;
export const STATUS_LABEL_MAX = 30;
export const TEXT_VALUE_MAX = 2000;
export const LINK_URL_MAX = 2048;
export const BOARDS_MAX = 200;
export const GROUPS_MAX = 100;
/** Items of one board, sub-items included (the 5,000-item board fits four times). */
export const ITEMS_MAX = 20_000;
/** Sub-item depth: an item's sub-items have no sub-items of their own. */
export const SUB_DEPTH_MAX = 1;
/** Items of one group in GET board/{id}; the rest come page by page (GET board/{id}/group/{groupId}/items). */
export const GROUP_PAGE_SIZE = 25;
export const ITEMS_PAGE_MAX = 500;
export const FILTERS_MAX = 20;
export const FILTER_NAME_MAX = 50;
export const FILTER_ROWS_MAX = 10;
export const CONTENT_MAX = 1_000_000;
export const CHECKLIST_MAX = 100;
export const CHECKLIST_TITLE_MAX = 200;
export const COMMENT_MAX = 2000;
export const FILES_MAX = 50;
/** 002 §5 "Upload of item files is subject to the file rules below": flow's 25 MB and 200 characters. */
export const FILE_MAX_BYTES = 26_214_400;
export const FILE_NAME_MAX = 200;
/** 002 §3 File uploadType. */
export const UPLOAD_TYPE = "DETAIL_FILE";
export const ITEM_DELETE_MAX = 500;
export const DEPENDENCIES_MAX = 2000;
/** The colours a group, a status label and a workspace may take: #rrggbb. */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const GROUP_COLORS = ["#579bfc", "#00c875", "#fdab3d", "#e2445c", "#a25ddc", "#ff158a", "#037f4c", "#784bd1", "#66ccff", "#808080"] as const;
/** The STATUS column a new board gets when the client gives none of its labels. */
export const DEFAULT_STATUS_OPTIONS = [
  { label: "Working on it", color: "#fdab3d" },
  { label: "Done", color: "#00c875" },
  { label: "Stuck", color: "#e2445c" },
] as const;

/** 002 §2: the malformed-actionObj text (ko; en/id in the locale files). */
export const ACTION_OBJ_INVALID_KO = "서버 주소(URL)가 잘못된 오류입니다.";
/** 002 §2: the locally remembered workspace id (localStorage key). */
export const LAST_WORKSPACE_KEY = "todo.lastWorkspaceId";

/** Realtime (ids only): TODO_CHANGED on the company's topic; open screens refetch what they show through the API. */
export const TODO_CHANGED = "TODO_CHANGED";
export const todoTopic = (companyId: number) => `/topic/todo/company/${companyId}`;
export type TodoChangeKind = "workspace" | "board" | "header" | "group" | "item" | "detail" | "filter" | "kanban" | "dependency";
export interface TodoChangedPayload {
  workspaceId: number;
  /** 0: the workspace itself (title, followers, board tree). */
  boardId: number;
  kind: TodoChangeKind;
  /** The items touched (kind item / detail / dependency), at most 100; empty: reload the board. */
  itemIds: number[];
  /** Who did it (the acting client skips its own echo). */
  byUserId: number;
}
/**
 * Realtime data is flat (shared/realtime.ts EventData: numbers and strings of at most 64 characters), so on the
 * wire itemIds travel as "12,13,14": as many as fit, "" (reload the board) when they do not all fit.
 * todoItemIdsOfWire reads them back (a list is accepted too).
 */
export function todoItemIdsToWire(ids: readonly number[]): string {
  const text = ids.slice(0, 100).join(",");
  return text.length <= 64 ? text : "";
}
export function todoItemIdsOfWire(v: unknown): number[] {
  if (Array.isArray(v)) return v.filter((n): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0);
  if (typeof v !== "string" || !v) return [];
  return v.split(",").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

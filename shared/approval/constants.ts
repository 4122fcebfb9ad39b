// Constants of electronic approval (002 §2-§5, §9 "Approval"). No imports: the web bundle reads these.

/** 002 §3: the line types and the group each belongs to (APPROVAL holds approval and help/cooperation). */
export const LINE_TYPES = ["APPROVAL", "HELP", "HELP_ORGAN", "RECEIVE", "RECEIVE_ORGAN", "CC", "SHARE", "SHARE_ORGAN"] as const;
export type LineType = (typeof LINE_TYPES)[number];
export const LINE_GROUPS = ["APPROVAL", "RECEIVE", "CC", "SHARE"] as const;
export type LineGroup = (typeof LINE_GROUPS)[number];
export const GROUP_OF: Record<LineType, LineGroup> = {
  APPROVAL: "APPROVAL",
  HELP: "APPROVAL",
  HELP_ORGAN: "APPROVAL",
  RECEIVE: "RECEIVE",
  RECEIVE_ORGAN: "RECEIVE",
  CC: "CC",
  SHARE: "SHARE",
  SHARE_ORGAN: "SHARE",
};
/** Line types whose approver is a department (line key ORGAN_{id}); the others name a user (USER_{id}). */
export const ORGAN_LINE_TYPES = ["HELP_ORGAN", "RECEIVE_ORGAN", "SHARE_ORGAN"] as const satisfies readonly LineType[];
export const lineKey = (l: { isOrgan: boolean; userId: number | null; organId: number | null }) =>
  l.isOrgan ? `ORGAN_${l.organId}` : `USER_${l.userId}`;

/**
 * A line's state.
 * - WAITING: not its turn yet. PENDING_APPROVAL (002 §4): the line to act next (APPROVAL/HELP/HELP_ORGAN in
 *   sort order; RECEIVE/RECEIVE_ORGAN once the approval group is done).
 * - APPROVED; PRE_APPROVED (전결: this line finished the group); SKIPPED (a later APPROVAL/HELP line passed over
 *   by 전결: shown as 전결 on the document); PROXY_APPROVED (대결: the approver's deputy acted; the approver
 *   sees it afterwards as 후열, post_viewed_at set when they open it).
 * - REJECTED (반려); CANCELLED lines return to PENDING_APPROVAL (결재 취소 restores the line).
 * - RECEIVED (접수 확인), RETURNED (반송).
 * - CC and SHARE lines: NOTIFIED (may read; CC from submission, SHARE from completion), READ once opened.
 */
export const LINE_STATUSES = [
  "WAITING",
  "PENDING_APPROVAL",
  "APPROVED",
  "PRE_APPROVED",
  "SKIPPED",
  "PROXY_APPROVED",
  "REJECTED",
  "RECEIVED",
  "RETURNED",
  "NOTIFIED",
  "READ",
] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/**
 * A document's state.
 * TEMP (임시저장, box dt) → IN_PROGRESS (상신, box dd) → COMPLETED (the approval group finished: numbered; the
 * receivers' turn) | REJECTED (반려) | RETRIEVED (회수 by the drafter before the first approver acted, box de)
 * | RETURNED (반송 by a receiver). TEMP, REJECTED, RETRIEVED and RETURNED documents can be edited and submitted
 * again (draft type EDIT) or deleted by their drafter.
 */
export const DOCUMENT_STATUSES = ["TEMP", "IN_PROGRESS", "COMPLETED", "REJECTED", "RETRIEVED", "RETURNED"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** 002 §4 draft types: a new draft of a form, an inner draft (a receiving department's own approval of a
 * received document: originDocId + originLineId), editing the drafter's unfinished document, reusing an old one. */
export const DRAFT_TYPES = ["DRAFT", "INNER_DRAFT", "EDIT", "REUSE"] as const;
export type DraftType = (typeof DRAFT_TYPES)[number];

/** Who may read a COMPLETED document beyond its lines (change open type): everyone in the company, the drafting
 * department (with sub-departments), or the lines only. */
export const OPEN_TYPES = ["PUBLIC", "DEPARTMENT", "PRIVATE"] as const;
export type OpenType = (typeof OPEN_TYPES)[number];

/**
 * The boxes (002 §2): each sidebar entry has its path and its two-letter key (the route's {boxKey} and the
 * landing boxes of §4: dd, dt, de, ac, ap, ab, ar, oh).
 */
export const BOXES = {
  ledger: "lg", // 문서대장: completed documents the caller may read (open type), managers: their organs'
  "draft/draft": "dd", // my submitted drafts in progress
  "draft/complete": "dc",
  "draft/temp": "dt",
  "draft/reject": "dr",
  "draft/return": "dn",
  "draft/retrieve": "de",
  "approve/before": "ab", // my turn (incl. as a deputy)
  "approve/progress": "ap", // I approved, the document is still in progress
  "approve/complete": "ac", // I approved, the document completed
  "approve/reject": "ar", // documents I rejected
  "receive/before": "rb", // waiting for my (or my department's) receipt
  "receive/complete": "rc",
  share: "sh", // shared for reading (공람) after completion
  cc: "cc", // carbon copies (참조)
  "organ/help": "oh", // department box: cooperation requests to a department I keep documents for
  "organ/receive": "or", // department box: documents received by a department I keep documents for
} as const;
export type BoxPath = keyof typeof BOXES;
export type BoxKey = (typeof BOXES)[BoxPath];
export const BOX_KEYS = Object.values(BOXES) as BoxKey[];
/** Department boxes take the organisation (one the caller keeps documents for) as organId. */
export const ORGAN_BOX_KEYS = ["oh", "or"] as const satisfies readonly BoxKey[];

/** 002 §2 list filters. */
export const KEYWORD_FLAGS = ["DRAFT_USER_ID", "DRAFT_ORGAN_ID", "DOC_NUM", "TITLE"] as const;
export type KeywordFlag = (typeof KEYWORD_FLAGS)[number];
export const BOX_SORTS = ["draftedAt", "completedAt", "title", "docNum", "formName", "drafterName", "updatedAt"] as const;

/** 002 §9. */
export const PRESETS_MAX = 30;
export const DASHBOARD_TO_APPROVE = 5;
export const DASHBOARD_RECENT_DRAFTS = 6;
export const DASHBOARD_RECENT_FORMS = 6;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const ORGAN_USERS_PAGE_SIZE = 100;

export const TITLE_MAX = 200;
export const FORM_NAME_MAX = 100;
export const BOX_NAME_MAX = 60;
export const PRESET_NAME_MAX = 60;
export const COMMENT_MAX = 2000;
export const LINES_MAX = 100;
export const REF_DOCS_MAX = 20;
/** Attachments: at most 20 files, 25 MB each, 100 MB per document. */
export const FILES_MAX = 20;
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
export const FILES_TOTAL_MAX_BYTES = 100 * 1024 * 1024;
/** A form's template body (HTML) and a document's field values. */
export const TEMPLATE_MAX_CHARS = 200_000;
export const FIELDS_MAX = 60;
export const TABLE_ROWS_MAX = 200;
/** Excel export: at most this many rows (the newest first). */
export const EXPORT_ROWS_MAX = 10_000;

/** A form field's kind (the admin's form designer). */
export const FIELD_TYPES = ["text", "textarea", "number", "money", "date", "person", "organ", "table", "attachments"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** A table field's column kinds. */
export const COLUMN_TYPES = ["text", "number", "money", "date"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** The starter forms every company gets on first use (their keys stay stable; the leave module links 휴가신청서). */
export const STARTER_FORM_KEYS = ["proposal", "expense", "leave", "cooperation", "purchase"] as const;
export type StarterFormKey = (typeof STARTER_FORM_KEYS)[number];

/**
 * Document number format tokens: {FORM} the form's code, {DEPT} the drafting department's name, {YYYY}/{YY} the
 * completion year, {SEQ} or {SEQ:n} the counter per form, department and year (zero-padded to n digits).
 */
export const DEFAULT_NUMBER_FORMAT = "{DEPT}-{YYYY}-{SEQ:4}";
export const NUMBER_FORMAT_MAX = 60;
export const FORM_CODE_MAX = 20;

/** Realtime: APPROVAL_CHANGED to each user a document concerns ({ documentId }); notices through the shell. */
export const APPROVAL_CHANGED = "APPROVAL_CHANGED";
export const approvalTopic = (username: string) => `/topic/approval/user/${username}`;
/**
 * The notice the shell shows (a toast with a link) to the user a change is for: their turn (TURN, HELP_TURN), the
 * drafter's document completed, rejected or returned, a document to receive, a CC or a shared reading. Sent on
 * approvalTopic(username) beside APPROVAL_CHANGED, with { documentId, kind, box } (box: where the link opens).
 */
export const APPROVAL_NOTICE = "APPROVAL_NOTICE";
export const APPROVAL_NOTICE_KINDS = ["TURN", "HELP_TURN", "COMPLETED", "REJECTED", "RETURNED", "RECEIVE", "CC", "SHARE"] as const;
export type ApprovalNoticeKind = (typeof APPROVAL_NOTICE_KINDS)[number];

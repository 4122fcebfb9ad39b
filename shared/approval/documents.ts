// The approval document (002 §3 "Document"), drafting, files, opinions and the boxes (002 §2, §7 document/*,
// box/*, opinion/*).
//
//   POST   document/draft               draftBody → 201 DraftResult (IN_PROGRESS; box dd). 400
//                                       approval.draft_failed with params.fields when a field is missing or
//                                       invalid; line problems as LineCheck codes (lines.ts)
//   POST   document/draft/temp          draftBody → 201 DraftResult (TEMP; box dt); only the title is required
//   GET    document/{id}                Document (403 approval.not_allowed, 404 approval.not_found); opening it
//                                       marks the caller's CC/SHARE line READ and a 대결 line post-viewed
//   GET    document/{id}/simple         DocumentSummary (the reference-document picker and links)
//   DELETE document/{id}                200: the drafter's TEMP, RETRIEVED, REJECTED or RETURNED document
//                                       (409 approval.not_deletable otherwise)
//   PUT    document/{id}/retrieve       { version } → 200: 회수 while no approval line has acted (box de)
//   PUT    document/{id}/openType       { openType } → 200: the drafter, or a manager of the drafting organ
//   POST   document/file                multipart "part" → 201 ApprovalFile (not yet on a document; kept a day)
//   GET    document/{id}/file/{fileId}  the attachment's bytes (a reader of the document)
//   GET    box/{boxKey}?…               boxQuery → Page<DocumentSummary>; organ boxes need organId
//   GET    opinion/list?docId           Opinion[]
//   PUT    opinion                      opinionBody → 200 Opinion (add, or edit one's own by opinionId)
//   DELETE opinion/{id}                 200 (one's own)
//   GET    document/{id}/print          the print view's HTML is rendered by the client from Document
import { z } from "zod";
import {
  BOX_KEYS,
  BOX_SORTS,
  COMMENT_MAX,
  DRAFT_TYPES,
  FILES_MAX,
  KEYWORD_FLAGS,
  LINES_MAX,
  OPEN_TYPES,
  REF_DOCS_MAX,
  TITLE_MAX,
} from "./constants.ts";
import type { BoxKey, DocumentStatus, DraftType, OpenType } from "./constants.ts";
import type { FormTemplate } from "./forms.ts";
import { lineInput } from "./lines.ts";
import type { ApprovalLine } from "./lines.ts";

export interface ApprovalFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
}

export interface DocumentSummary {
  id: number;
  title: string;
  status: DocumentStatus;
  docNum: string | null;
  formId: number;
  formName: string;
  drafter: { id: number; name: string; position: string | null };
  draftOrgan: { id: number; name: string };
  draftedAt: number | null;
  completedAt: number | null;
  updatedAt: number;
  hasFiles: boolean;
  /** The line acting now (its approver's name), null when none. */
  currentApprover: string | null;
  /** For boxes of a line holder: the caller's line status there. */
  myLineStatus: string | null;
  /** CC/SHARE: not yet opened by the caller. */
  unread: boolean;
}

/** Field values: text/textarea/date → string, number/money → number, person/organ → { id, name }, table →
 * rows of column values, attachments → file ids (listed in files). */
export type FieldValue = string | number | null | { id: number; name: string } | Array<Record<string, string | number | null>> | number[];

export interface Document extends DocumentSummary {
  formVersion: number;
  draftType: DraftType;
  openType: OpenType;
  /** The field values. */
  content: Record<string, FieldValue>;
  /** templateFrame and templateBody of the document's form version (002 §3). */
  templateFrame: string;
  templateBody: string;
  fields: FormTemplate["fields"];
  lines: ApprovalLine[];
  refDocs: DocumentSummary[];
  files: ApprovalFile[];
  /** REUSE/INNER_DRAFT: the document it came from (title and number), when the caller may read it. */
  originDocPreview: DocumentSummary | null;
  originLineId: number | null;
  /** Optimistic version: every action sends it back. */
  version: number;
  /** What the caller may do now (the buttons the view shows). */
  actions: DocumentAction[];
  /** The caller's line that may act, if any. */
  myLineId: number | null;
}

export const DOCUMENT_ACTIONS = [
  "approve",
  "preApprove",
  "reject",
  "preReject",
  "cancel",
  "receive",
  "return",
  "upper",
  "share",
  "openType",
  "retrieve",
  "edit",
  "delete",
  "reuse",
  "innerDraft",
] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

export const draftBody = z.object({
  draftType: z.enum(DRAFT_TYPES).default("DRAFT"),
  formId: z.number().int().positive(),
  formVersion: z.number().int().positive(),
  /** EDIT: the document being edited (TEMP, RETRIEVED, REJECTED, RETURNED); a TEMP submitted becomes it. */
  docId: z.number().int().positive().optional(),
  /** REUSE and INNER_DRAFT: the original; INNER_DRAFT also the receive line it answers. */
  originDocId: z.number().int().positive().optional(),
  originLineId: z.number().int().positive().optional(),
  title: z.string().trim().min(1).max(TITLE_MAX),
  draftOrganId: z.number().int().positive(),
  openType: z.enum(OPEN_TYPES).default("DEPARTMENT"),
  content: z.record(z.string(), z.unknown()).default({}),
  lines: z.array(lineInput).max(LINES_MAX).default([]),
  refDocIds: z.array(z.number().int().positive()).max(REF_DOCS_MAX).default([]),
  fileIds: z.array(z.number().int().positive()).max(FILES_MAX).default([]),
  /** EDIT of an existing document: the version read. */
  version: z.number().int().min(0).optional(),
});
export type DraftInput = z.infer<typeof draftBody>;

export interface DraftResult {
  id: number;
  status: DocumentStatus;
  next: BoxKey;
  version: number;
}

export const versionBody = z.object({ version: z.number().int().min(0) });
export const openTypeBody = z.object({ openType: z.enum(OPEN_TYPES), version: z.number().int().min(0) });

export const boxQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  /** Default: the company's basic config page size (else 10). */
  size: z.coerce.number().int().min(1).max(100).optional(),
  sort: z.enum(BOX_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).default("desc"),
  draftFromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  draftToDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  formId: z.coerce.number().int().positive().optional(),
  keywordFlag: z.enum(KEYWORD_FLAGS).optional(),
  /** TITLE and DOC_NUM: text (Korean two-syllable matching for the title); DRAFT_USER_ID / DRAFT_ORGAN_ID: the id. */
  keyword: z.string().trim().max(100).optional(),
  /** Organ boxes (oh, or) and the ledger of a manager: the department. */
  organId: z.coerce.number().int().positive().optional(),
});
export type BoxQuery = z.infer<typeof boxQuery>;
export const boxKeyParam = z.enum(BOX_KEYS as [BoxKey, ...BoxKey[]]);

export interface Opinion {
  id: number;
  opinionId: number;
  documentId: number;
  user: { id: number; name: string };
  comment: string;
  /** The line action it came with (approve, reject, ...), null for a free opinion. */
  action: string | null;
  createdAt: number;
  updatedAt: number;
  mine: boolean;
}

export const opinionBody = z.object({
  docId: z.number().int().positive(),
  opinionId: z.number().int().positive().optional(),
  comment: z.string().trim().min(1).max(COMMENT_MAX),
});

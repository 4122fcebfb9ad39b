// Form boxes (categories), forms with versions and their templates (002 §3 "Other approval objects", §7
// form/* and template/*), and the form designer's field model.
//
// Member calls (module gate useApproval → 403 approval.disabled):
//   GET form/box/list                FormBox[] with their active forms (FormSummary[]), boxes by sortOrder
//   GET form/box/list/simple         FormBox[] without forms (filters of the box lists)
//   GET form/list?boxId&keyword      FormSummary[] active forms (of a box; keyword on the name)
//   GET form/list/all                FormSummary[] every active form (the form chooser's search)
//   GET form/{id}?version            Form (the current version, or the given one: a document shows its own)
//                                    404 approval.form_not_found
//   GET form/inner                   FormSummary[] the forms allowed for an inner draft (innerDraft)
//   GET template/{id}?version        FormTemplate (templateFrame, templateBody, fields) 404 template_not_found
// Admin calls (company admin, else 403 approval.admin_only):
//   GET    admin/form/list                    AdminForm[] every form incl. inactive
//   POST   admin/form/box                     formBoxBody → 201 FormBox
//   PUT    admin/form/box/{id}                formBoxBody → 200
//   DELETE admin/form/box/{id}                200; 409 approval.box_not_empty
//   POST   admin/form                         formBody → 201 AdminForm (version 1)
//   PUT    admin/form/{id}                    formBody → 200 AdminForm: a new version when the template,
//                                             fields or preset line changed (documents keep their version)
//   PUT    admin/form/{id}/active             { active } → 200
//   DELETE admin/form/{id}                    200 (never used: gone; used: deactivated)
import { z } from "zod";
import {
  BOX_NAME_MAX,
  COLUMN_TYPES,
  FIELD_TYPES,
  FIELDS_MAX,
  FORM_CODE_MAX,
  FORM_NAME_MAX,
  LINES_MAX,
  NUMBER_FORMAT_MAX,
  OPEN_TYPES,
  TEMPLATE_MAX_CHARS,
} from "./constants.ts";
import type { ColumnType, FieldType, OpenType, StarterFormKey } from "./constants.ts";
import { lineInput } from "./lines.ts";
import type { ApprovalLine, LineInput } from "./lines.ts";

export interface FormBox {
  id: number;
  name: string;
  sortOrder: number;
  forms?: FormSummary[];
}

export interface FormSummary {
  id: number;
  boxId: number;
  boxName: string;
  name: string;
  code: string;
  description: string;
  version: number;
  innerDraft: boolean;
  starterKey: StarterFormKey | null;
}

export interface TableColumn {
  key: string;
  label: string;
  type: ColumnType;
  /** A money/number column summed in the table's footer. */
  sum: boolean;
}

/** A field of a form. The template body places it with <gw-field key="..."></gw-field>. */
export interface FormField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Hint shown in the empty input. */
  placeholder: string;
  /** table only. */
  columns: TableColumn[];
}

export interface FormTemplate {
  formId: number;
  version: number;
  /** The document frame around the body: title block and the line's stamp boxes; HTML the client renders
   * around templateBody (the frame is the same for every form of the company). */
  templateFrame: string;
  /** The form's own HTML (sanitised) with <gw-field> placeholders. */
  templateBody: string;
  fields: FormField[];
}

export interface Form extends FormSummary {
  template: FormTemplate;
  /** Preset lines filled into a new draft (resolved: people and departments that still exist). */
  presetLines: ApprovalLine[];
  openType: OpenType;
  numberFormat: string;
}

export interface AdminForm extends Form {
  active: boolean;
  /** Documents made with any version. */
  documentCount: number;
  updatedAt: number;
}

const key = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "approval.field_invalid");

export const tableColumnBody = z.object({
  key,
  label: z.string().trim().min(1).max(60),
  type: z.enum(COLUMN_TYPES),
  sum: z.boolean().default(false),
});

export const formFieldBody = z.object({
  key,
  label: z.string().trim().min(1).max(60),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  placeholder: z.string().max(100).default(""),
  columns: z.array(tableColumnBody).max(12).default([]),
});
export type FormFieldInput = z.infer<typeof formFieldBody>;

export const formBoxBody = z.object({
  name: z.string().trim().min(1).max(BOX_NAME_MAX),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});

export const formBody = z.object({
  boxId: z.number().int().positive(),
  name: z.string().trim().min(1).max(FORM_NAME_MAX),
  code: z.string().trim().min(1).max(FORM_CODE_MAX),
  description: z.string().max(500).default(""),
  innerDraft: z.boolean().default(false),
  templateBody: z.string().max(TEMPLATE_MAX_CHARS),
  fields: z.array(formFieldBody).max(FIELDS_MAX),
  presetLines: z.array(lineInput).max(LINES_MAX).default([]),
  openType: z.enum(OPEN_TYPES).default("DEPARTMENT"),
  numberFormat: z.string().trim().min(1).max(NUMBER_FORMAT_MAX),
});
export type FormInput = z.infer<typeof formBody>;
export type { LineInput };

export const formListQuery = z.object({
  boxId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const formVersionQuery = z.object({ version: z.coerce.number().int().positive().optional() });
export const formActiveBody = z.object({ active: z.boolean() });

/** The placeholders of templateFrame (<gw-slot name="...">) the client fills from the document. */
export const FRAME_SLOTS = [
  "formName",
  "docNum",
  "draftOrgan",
  "drafter",
  "draftedAt",
  "completedAt",
  "openType",
  "receivers",
  "title",
  "stamps",
  "body",
] as const;
export type FrameSlot = (typeof FRAME_SLOTS)[number];

/**
 * The labels of templateFrame (<gw-label key="...">문서번호</gw-label>): the client shows each in the reader's
 * language (the approval namespace's frame.<key>); the Korean text inside is what a reader that does not know
 * the key shows. A form's templateBody may use them too.
 */
export const FRAME_LABELS = [
  "docNum",
  "draftOrgan",
  "drafter",
  "draftedAt",
  "completedAt",
  "openType",
  "receivers",
  "title",
] as const;
export type FrameLabel = (typeof FRAME_LABELS)[number];

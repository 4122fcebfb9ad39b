// What a draft editor starts from, for each draft type (002 §4): a new draft of a form (DRAFT), a continued
// temporary save or an edit of the drafter's document (EDIT), a reuse of an old document (REUSE: its title,
// content and lines under the form's current version) and an inner draft answering a received document
// (INNER_DRAFT: a form allowed for inner drafts, the original shown).
import { ATTACHMENTS_TYPE } from "./fieldTypes.ts";
import type { DraftType, OpenType } from "@shared/approval/constants.ts";
import type { Form, FormField } from "@shared/approval/forms.ts";
import type { ApprovalFile, Document, DocumentSummary, FieldValue } from "@shared/approval/documents.ts";
import { type EditorLine, fromApprovalLines } from "../lines/model.ts";

export interface DraftSeed {
  draftType: DraftType;
  formId: number;
  formVersion: number;
  formName: string;
  templateBody: string;
  fields: FormField[];
  docId?: number;
  version?: number;
  originDocId?: number;
  originLineId?: number;
  origin: DocumentSummary | null;
  title: string;
  draftOrganId: number | null;
  openType: OpenType;
  content: Record<string, FieldValue>;
  /** The document's files not held by an attachments field. */
  files: ApprovalFile[];
  /** The files of each attachments field. */
  fieldFiles: Record<string, ApprovalFile[]>;
  lines: EditorLine[];
  refDocs: DocumentSummary[];
}

function splitFiles(fields: FormField[], content: Record<string, FieldValue>, files: ApprovalFile[]) {
  const fieldFiles: Record<string, ApprovalFile[]> = {};
  const held = new Set<number>();
  for (const f of fields) {
    if (f.type !== ATTACHMENTS_TYPE) continue;
    const ids = Array.isArray(content[f.key]) ? (content[f.key] as unknown[]).filter((x): x is number => typeof x === "number") : [];
    fieldFiles[f.key] = files.filter((x) => ids.includes(x.id));
    ids.forEach((id) => held.add(id));
  }
  return { fieldFiles, files: files.filter((x) => !held.has(x.id)) };
}

export function newDraft(form: Form, draftOrganId: number | null): DraftSeed {
  return {
    draftType: "DRAFT",
    formId: form.id,
    formVersion: form.version,
    formName: form.name,
    templateBody: form.template.templateBody,
    fields: form.template.fields,
    origin: null,
    title: "",
    draftOrganId,
    openType: form.openType,
    content: {},
    files: [],
    fieldFiles: {},
    lines: fromApprovalLines(form.presetLines),
    refDocs: [],
  };
}

export function editDraft(doc: Document): DraftSeed {
  return {
    draftType: "EDIT",
    formId: doc.formId,
    formVersion: doc.formVersion,
    formName: doc.formName,
    templateBody: doc.templateBody,
    fields: doc.fields,
    docId: doc.id,
    version: doc.version,
    origin: doc.originDocPreview,
    originLineId: doc.originLineId ?? undefined,
    title: doc.title,
    draftOrganId: doc.draftOrgan.id,
    openType: doc.openType,
    content: doc.content,
    ...splitFiles(doc.fields, doc.content, doc.files),
    lines: fromApprovalLines(doc.lines),
    refDocs: doc.refDocs,
  };
}

/** REUSE: the old document's title, content and lines under the form's current version; files stay behind. */
export function reuseDraft(form: Form, doc: Document, draftOrganId: number | null): DraftSeed {
  const content = Object.fromEntries(Object.entries(doc.content).filter(([k]) =>
    form.template.fields.some((f) => f.key === k && f.type !== ATTACHMENTS_TYPE)));
  return {
    ...newDraft(form, draftOrganId),
    draftType: "REUSE",
    originDocId: doc.id,
    origin: doc,
    title: doc.title,
    openType: doc.openType,
    content,
    lines: fromApprovalLines(doc.lines),
    refDocs: doc.refDocs,
  };
}

export function innerDraft(form: Form, origin: Document, originLineId: number, draftOrganId: number | null): DraftSeed {
  return { ...newDraft(form, draftOrganId), draftType: "INNER_DRAFT", originDocId: origin.id, originLineId, origin };
}

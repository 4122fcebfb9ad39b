// Drafting (shared/approval/documents.ts: POST document/draft and document/draft/temp), for every draft type:
// - DRAFT: a new document of a form version;
// - EDIT: the drafter's TEMP, RETRIEVED, REJECTED or RETURNED document, saved again or submitted with fresh
//   lines (409 approval.not_editable for any other state; the version read, when given, must still be current);
// - REUSE: a new document from a readable old one (its content unless the body brings its own; 404
//   approval.origin_not_found when the original is missing, another company's or not readable by the caller);
// - INNER_DRAFT: a receiving department's own approval of a document it received: originDocId and
//   originLineId name a RECEIVED receive line of the caller or of their department (404
//   approval.origin_not_found, approval.receive_line_not_found).
// Checks: the form version exists (404 approval.form_not_found); the drafting organ is one of the caller's
// (400 approval.draft_organ_not_own); on submit the content against the form's fields (400
// approval.draft_failed with params.fields) and the lines (lines/validate.ts: 400 with the first code and
// params.lines); a temporary save checks only the title and that the lines name real people and departments;
// reference documents are readable ones; files are the caller's unclaimed uploads (or the edited document's
// own), claimed in the same transaction. Submitting starts the lines (lines/flow.ts) and notifies.
import { sql } from "drizzle-orm";
import { GROUP_OF, FILES_TOTAL_MAX_BYTES } from "../../../../shared/approval/constants.ts";
import type { DraftInput, DraftResult } from "../../../../shared/approval/documents.ts";
import type { FormField } from "../../../../shared/approval/forms.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, messageOf } from "../../../lib/errors.ts";
import { titleSearchVector } from "../boxes/search.ts";
import { runAction } from "../lines/actions.ts";
import { receivedBy } from "../lines/actor.ts";
import { type Notice, startLines } from "../lines/flow.ts";
import { finishAction, type Locked, lockDocument } from "../lines/lock.ts";
import { checkContent } from "../forms/content.ts";
import { assertLinesValid, assertOwnOrgan, validateLines } from "../lines/validate.ts";
import { approvalNotAllowed, type Reader, readableIds, requireReadable } from "./access.ts";
import { docRow, linesOf } from "./repo.ts";

const EDITABLE = new Set(["TEMP", "RETRIEVED", "REJECTED", "RETURNED"]);
const APPROVER_CODES = new Set<string>([E.lineUserInvalid, E.lineOrganGone]);

const invalid = (field: string, message: string) =>
  new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message }]);

interface FormVersion {
  fields: FormField[];
}

/** The values checked against the form's fields (forms/content.ts); 400 approval.draft_failed (submit) or
 * approval.temp_failed with params.fields [{ key, label, code }] and errors[] per field. */
async function contentOf(tx: Tx, companyId: number, fields: FormField[], content: unknown, submit: boolean) {
  const input = content && typeof content === "object" && !Array.isArray(content) ? content as Record<string, unknown> : {};
  const { content: values, problems } = await checkContent(tx, companyId, fields, input, submit);
  if (problems.length) {
    throw new AppError(400, submit ? E.draftFailed : E.tempFailed, { fields: problems },
      problems.map((p) => ({ field: p.key, code: p.code, message: messageOf(p.code) })));
  }
  return values;
}

async function formVersionOf(tx: Tx, companyId: number, formId: number, version: number): Promise<FormVersion> {
  const rows = await tx.execute<{ fields: FormField[] }>(sql`
    select v.fields from approval_form_versions v join approval_forms f on f.id = v.form_id
    where f.id = ${formId} and f.company_id = ${companyId} and v.version = ${version}`);
  if (!rows.length) throw new AppError(404, E.formNotFound);
  return rows[0];
}

/** The document the draft writes over (EDIT), or null for a new one; checked and locked. */
async function editedDocument(tx: Tx, r: Reader, input: DraftInput): Promise<Locked | null> {
  if (input.draftType !== "EDIT") return null;
  if (!input.docId) throw invalid("docId", "an edit names its document");
  const k = await lockDocument(tx, r, input.docId);
  if (k.doc.drafterId !== r.userId) {
    await requireReadable(tx, r, k.doc.id);
    throw approvalNotAllowed();
  }
  if (!EDITABLE.has(k.doc.status)) throw new AppError(409, E.notEditable);
  if (input.version !== undefined && input.version !== k.doc.version) throw new AppError(409, E.versionConflict);
  return k;
}

/** REUSE and INNER_DRAFT: the original (and for INNER_DRAFT the receive line the caller received). */
async function originOf(tx: Tx, r: Reader, input: DraftInput): Promise<{ docId: number | null; lineId: number | null; content: unknown }> {
  if (input.draftType === "REUSE") {
    if (!input.originDocId) throw invalid("originDocId", "a reuse names its original");
    // An original the caller may not read is, to them, no original (as a missing or foreign one).
    const origin = (await readableIds(tx, r, [input.originDocId])).length ? await docRow(tx, r.companyId, input.originDocId) : null;
    // As Document.actions offers it (view.ts): one's own saved document, another's only once completed.
    if (!origin || (origin.drafterId === r.userId ? origin.status === "TEMP" : origin.status !== "COMPLETED")) {
      throw new AppError(404, E.originNotFound);
    }
    return { docId: origin.id, lineId: null, content: origin.content };
  }
  if (input.draftType === "INNER_DRAFT") {
    if (!input.originDocId || !input.originLineId) throw invalid("originLineId", "an inner draft names the received document and line");
    const origin = await docRow(tx, r.companyId, input.originDocId);
    if (!origin) throw new AppError(404, E.originNotFound);
    const line = (await linesOf(tx, origin.id)).find((l) => l.id === input.originLineId);
    if (!line || !(await receivedBy(tx, r, line))) throw new AppError(404, E.receiveLineNotFound);
    return { docId: origin.id, lineId: line.id, content: null };
  }
  return { docId: null, lineId: null, content: null };
}

async function checkRefs(tx: Tx, r: Reader, ids: number[], selfId: number | null) {
  const wanted = [...new Set(ids)];
  if (selfId !== null && wanted.includes(selfId)) throw invalid("refDocIds", "a document cannot refer to itself");
  const readable = new Set(await readableIds(tx, r, wanted));
  if (wanted.some((id) => !readable.has(id))) throw invalid("refDocIds", "a reference is not a document the caller may read");
  return wanted;
}

/** Claims the files for the document (the caller's unclaimed uploads, or the document's own); drops the rest. */
async function claimFiles(tx: Tx, r: Reader, docId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const rows = await tx.execute<{ id: string; size: string }>(sql`
      select id, size from approval_files
      where company_id = ${r.companyId} and id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})
        and ((document_id is null and uploader_id = ${r.userId}) or document_id = ${docId})
      for update`);
    if (rows.length !== wanted.length) throw new AppError(400, E.fileNotFound);
    if (rows.reduce((s, x) => s + Number(x.size), 0) > FILES_TOTAL_MAX_BYTES) throw new AppError(400, E.tooManyFiles);
  }
  await tx.execute(sql`
    delete from approval_files where document_id = ${docId}
      ${wanted.length ? sql`and id not in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})` : sql``}`);
  for (const [i, id] of wanted.entries()) {
    await tx.execute(sql`update approval_files set document_id = ${docId}, sort_order = ${i} where id = ${id}`);
  }
}

async function writeLines(tx: Tx, r: Reader, docId: number, lines: DraftInput["lines"]) {
  await tx.execute(sql`delete from approval_lines where document_id = ${docId}`);
  for (const l of lines) {
    const organ = l.type === "HELP_ORGAN" || l.type === "RECEIVE_ORGAN" || l.type === "SHARE_ORGAN";
    await tx.execute(sql`
      insert into approval_lines (company_id, document_id, type, grp, sort_order, status, user_id, organ_id)
      values (${r.companyId}, ${docId}, ${l.type}, ${GROUP_OF[l.type]}, ${l.sortOrder}, 'WAITING',
        ${organ ? null : l.userId}, ${l.organId})`);
  }
}

export function draft(caller: Caller, input: DraftInput, submit: boolean): Promise<DraftResult> {
  return runAction<DraftResult>(caller, async (tx, r, at) => {
    const form = await formVersionOf(tx, r.companyId, input.formId, input.formVersion);
    await assertOwnOrgan(tx, r.companyId, r.userId, input.draftOrganId);
    const edited = await editedDocument(tx, r, input);
    const origin = await originOf(tx, r, input);
    const content = input.draftType === "REUSE" && Object.keys(input.content).length === 0 ? origin.content : input.content;
    const checked = await contentOf(tx, r.companyId, form.fields, content, submit);
    const validation = await validateLines(tx, r.companyId, input.lines, { drafterId: r.userId, draftOrganId: input.draftOrganId, requireApproval: submit });
    if (submit) assertLinesValid(validation);
    else if (validation.checks.some((c) => c.errors.some((e) => APPROVER_CODES.has(e)))) {
      assertLinesValid({ ...validation, firstError: validation.checks.flatMap((c) => c.errors).find((e) => APPROVER_CODES.has(e))! });
    }
    const refs = await checkRefs(tx, r, input.refDocIds, edited?.doc.id ?? null);
    const status = submit ? "IN_PROGRESS" : "TEMP";
    const iso = at.toISOString();
    const values = sql`form_id = ${input.formId}, form_version = ${input.formVersion}, status = ${status}, title = ${input.title},
      draft_organ_id = ${input.draftOrganId}, open_type = ${input.openType}, content = ${JSON.stringify(checked)}::jsonb,
      search_vector = ${titleSearchVector(input.title)}::tsvector, drafted_at = ${submit ? iso : null}::timestamptz,
      completed_at = null, doc_num = null, updated_at = ${iso}::timestamptz`;
    let docId: number;
    if (edited) {
      docId = edited.doc.id;
      await tx.execute(sql`update approval_documents set ${values} where id = ${docId}`);
    } else {
      const rows = await tx.execute<{ id: string }>(sql`
        insert into approval_documents (company_id, form_id, form_version, draft_type, status, title, drafter_id, draft_organ_id,
          open_type, content, search_vector, origin_doc_id, origin_line_id, drafted_at, created_at, updated_at)
        values (${r.companyId}, ${input.formId}, ${input.formVersion}, ${input.draftType}, ${status}, ${input.title}, ${r.userId},
          ${input.draftOrganId}, ${input.openType}, ${JSON.stringify(checked)}::jsonb, ${titleSearchVector(input.title)}::tsvector,
          ${origin.docId}, ${origin.lineId}, ${submit ? iso : null}::timestamptz, ${iso}::timestamptz, ${iso}::timestamptz)
        returning id`);
      docId = Number(rows[0].id);
    }
    await writeLines(tx, r, docId, validation.checks.map((c) => ({ type: c.line.type, sortOrder: c.line.sortOrder, userId: c.line.approver.userId, organId: c.line.approver.organId })));
    await tx.execute(sql`delete from approval_ref_docs where document_id = ${docId}`);
    for (const [i, ref] of refs.entries()) {
      await tx.execute(sql`insert into approval_ref_docs (document_id, ref_document_id, sort_order) values (${docId}, ${ref}, ${i})`);
    }
    await claimFiles(tx, r, docId, input.fileIds);
    const k = await lockDocument(tx, r, docId);
    const notices: Notice[] = submit ? await startLines(tx, k.lines) : [];
    const version = await finishAction(k, { action: submit ? "submit" : "temp", lineId: null, at });
    return { docId, notices, result: { id: docId, status, next: submit ? "dd" : "dt", version } };
  });
}

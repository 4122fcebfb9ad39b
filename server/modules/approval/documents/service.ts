// One document (shared/approval/documents.ts): the full view with the caller's actions, the summary, delete,
// 회수 (retrieve) and the open type. Opening the full view marks the caller's CC/SHARE lines READ and their
// lines a deputy acted on post-viewed (후열).
import { sql } from "drizzle-orm";
import type { Document, DocumentSummary, DraftResult } from "../../../../shared/approval/documents.ts";
import type { OpenType } from "../../../../shared/approval/constants.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { forgetObjectIn } from "../../notifications/notify.ts";
import { isDocumentKeeper } from "../config/keepers.ts";
import { runAction } from "../lines/actions.ts";
import { ACTED, approvalGroup, setLine } from "../lines/flow.ts";
import { checkVersion, finishAction, lockDocument } from "../lines/lock.ts";
import { approvalNotAllowed, approvalNotFound, readableIds, readerOf, requireReadable } from "./access.ts";
import { documentTemplate } from "./template.ts";
import { docRow, filesOf, linesOf, refDocIdsOf, summariesOf } from "./repo.ts";
import { actionsOf, fileView, lineView, summaryView } from "./view.ts";

/** The summary of a readable document. */
export async function documentSummary(caller: Caller, id: number): Promise<DocumentSummary> {
  const r = readerOf(caller);
  await requireReadable(caller.deps.db, r, id);
  const [s] = await summariesOf(caller.deps.db, r.companyId, r.userId, [id]);
  if (!s) throw approvalNotFound();
  return summaryView(s);
}

async function markOpened(caller: Caller, docId: number) {
  const { userId } = caller.auth;
  const at = caller.deps.clock.now().toISOString();
  await caller.deps.db.execute(sql`
    update approval_lines set status = 'READ', read_at = ${at}::timestamptz
    where document_id = ${docId} and user_id = ${userId} and grp in ('CC', 'SHARE') and status = 'NOTIFIED'`);
  await caller.deps.db.execute(sql`
    update approval_lines set post_viewed_at = ${at}::timestamptz
    where document_id = ${docId} and user_id = ${userId} and acted_by_user_id is not null and acted_by_user_id <> ${userId}
      and post_viewed_at is null`);
}

/** The full document for the caller (403 approval.not_allowed, 404 approval.not_found). */
export async function getDocument(caller: Caller, id: number): Promise<Document> {
  const { db } = caller.deps;
  const r = readerOf(caller);
  await requireReadable(db, r, id);
  await markOpened(caller, id);
  const doc = (await docRow(db, r.companyId, id))!;
  const lines = await linesOf(db, id);
  const [summary] = await summariesOf(db, r.companyId, r.userId, [id]);
  const refIds = await readableIds(db, r, await refDocIdsOf(db, id));
  const refDocs = await summariesOf(db, r.companyId, r.userId, refIds);
  const originReadable = doc.originDocId ? (await readableIds(db, r, [doc.originDocId])).length > 0 : false;
  const [origin] = originReadable ? await summariesOf(db, r.companyId, r.userId, [doc.originDocId!]) : [];
  const template = await documentTemplate(db, r.companyId, doc.formId, doc.formVersion);
  const { actions, myLineId } = await actionsOf(db, r, doc, lines);
  return {
    ...summaryView(summary),
    formVersion: doc.formVersion,
    draftType: doc.draftType as Document["draftType"],
    openType: doc.openType as OpenType,
    content: doc.content,
    templateFrame: template.templateFrame,
    templateBody: template.templateBody,
    fields: template.fields,
    lines: lines.map(lineView),
    refDocs: refDocs.map(summaryView),
    files: (await filesOf(db, id)).map(fileView),
    originDocPreview: origin ? summaryView(origin) : null,
    originLineId: doc.originLineId,
    version: doc.version,
    actions,
    myLineId,
  };
}

/** The drafter's own document, locked, for delete and retrieve; others 403 (or 404 when they may not read it). */
async function lockOwn(caller: Caller, tx: Tx, id: number) {
  const r = readerOf(caller);
  const k = await lockDocument(tx, r, id);
  if (k.doc.drafterId !== r.userId) {
    await requireReadable(tx, r, id);
    throw approvalNotAllowed();
  }
  return k;
}

/**
 * Deletes the drafter's TEMP, RETRIEVED, REJECTED or RETURNED document (409 approval.not_deletable), and with it
 * everyone's bell notices of it.
 */
export async function deleteDocument(caller: Caller, id: number): Promise<void> {
  await runAction(caller, async (tx) => {
    const k = await lockOwn(caller, tx, id);
    if (!["TEMP", "RETRIEVED", "REJECTED", "RETURNED"].includes(k.doc.status)) throw new AppError(409, E.notDeletable);
    await tx.execute(sql`delete from approval_documents where id = ${k.doc.id}`);
    await forgetObjectIn(tx, caller.auth.companyId, `approval:${k.doc.id}`);
    return { docId: id, notices: [], result: undefined };
  });
}

/** 회수: the drafter takes the document back while no line of the approval group has acted (box de). */
export async function retrieve(caller: Caller, id: number, version: number): Promise<DraftResult> {
  return await runAction<DraftResult>(caller, async (tx, _r, at) => {
    const k = await lockOwn(caller, tx, id);
    checkVersion(k.doc, version);
    const group = approvalGroup(k.lines);
    if (k.doc.status !== "IN_PROGRESS" || group.some((l) => ACTED.has(l.status) || l.status === "REJECTED")) {
      throw new AppError(409, E.notRetrievable);
    }
    for (const l of k.lines) if (l.status !== "WAITING") await setLine(tx, l, { status: "WAITING", actedBy: null });
    await tx.execute(sql`update approval_documents set status = 'RETRIEVED' where id = ${id}`);
    const v = await finishAction(k, { action: "retrieve", lineId: null, at });
    return { docId: id, notices: [], result: { id, status: "RETRIEVED", next: "de", version: v } };
  });
}

/** The open type: the drafter, or a document keeper of the drafting organ. */
export async function setOpenType(caller: Caller, id: number, openType: OpenType, version: number): Promise<{ id: number; openType: OpenType; version: number }> {
  return await runAction(caller, async (tx, r, at) => {
    const k = await lockDocument(tx, r, id);
    if (k.doc.drafterId !== r.userId && !(await isDocumentKeeper(tx, r.companyId, r.userId, k.doc.draftOrganId))) {
      await requireReadable(tx, r, id);
      throw approvalNotAllowed();
    }
    checkVersion(k.doc, version);
    await tx.execute(sql`update approval_documents set open_type = ${openType} where id = ${id}`);
    const v = await finishAction(k, { action: "openType", lineId: null, comment: null, at });
    return { docId: id, notices: [], result: { id, openType, version: v } };
  });
}

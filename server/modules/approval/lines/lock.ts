// The start of every action (shared/approval/lines.ts): in the action's transaction the document row is locked
// (select ... for update), so racing actors queue on it; the version the caller read must still be the
// document's (409 approval.version_conflict); the caller must be allowed (403 approval.not_allowed) and the
// line in its turn (409 approval.line_not_pending). A missing or foreign document or line answers 404.
import { sql } from "drizzle-orm";
import { APPROVAL_ERRORS } from "../../../../shared/approval/errors.ts";
import type { Tx } from "../../../../db/client.ts";
import { AppError } from "../../../lib/errors.ts";
import { approvalNotFound, type Reader } from "../documents/access.ts";
import { addHistory, bumpDocument, docRow, type DocRow, type LineRow, linesOf } from "../documents/repo.ts";

export const versionConflict = () => new AppError(409, APPROVAL_ERRORS.versionConflict);
export const lineNotPending = () => new AppError(409, APPROVAL_ERRORS.linePending);

export interface Locked {
  tx: Tx;
  r: Reader;
  doc: DocRow;
  lines: LineRow[];
}

/** Locks the document of the company and reads its lines; 404 when missing or foreign. */
export async function lockDocument(tx: Tx, r: Reader, docId: number): Promise<Locked> {
  const doc = await docRow(tx, r.companyId, docId, true);
  if (!doc) throw approvalNotFound();
  return { tx, r, doc, lines: await linesOf(tx, doc.id) };
}

/** The document a line of the company belongs to, locked, with the line; 404 when the line is missing or foreign. */
export async function lockByLine(tx: Tx, r: Reader, lineId: number): Promise<Locked & { line: LineRow }> {
  const rows = await tx.execute<{ document_id: string }>(sql`
    select document_id from approval_lines where id = ${lineId} and company_id = ${r.companyId}`);
  if (!rows.length) throw approvalNotFound();
  const locked = await lockDocument(tx, r, Number(rows[0].document_id));
  const line = locked.lines.find((l) => l.id === lineId);
  if (!line) throw approvalNotFound();
  return { ...locked, line };
}

export function checkVersion(doc: DocRow, version: number) {
  if (doc.version !== version) throw versionConflict();
}

/**
 * The end of every action: the version bumped (and updated_at), the history entry and, when a comment came
 * with it, an opinion. Answers the new version.
 */
export async function finishAction(
  k: Locked,
  e: { action: string; lineId: number | null; comment?: string | null; at: Date },
): Promise<number> {
  const comment = e.comment?.trim() || null;
  const version = await bumpDocument(k.tx, k.doc.id, e.at);
  await addHistory(k.tx, { companyId: k.r.companyId, documentId: k.doc.id, userId: k.r.userId, lineId: e.lineId, action: e.action, comment, at: e.at });
  if (comment) {
    await k.tx.execute(sql`
      insert into approval_opinions (company_id, document_id, user_id, line_id, action, comment, created_at, updated_at)
      values (${k.r.companyId}, ${k.doc.id}, ${k.r.userId}, ${e.lineId}, ${e.action}, ${comment},
        ${e.at.toISOString()}::timestamptz, ${e.at.toISOString()}::timestamptz)`);
  }
  k.doc.version = version;
  return version;
}

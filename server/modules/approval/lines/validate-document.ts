// The line context of an existing document for "adding a line" checks (approver/validate with docId: share and
// upper additions): its drafter, drafting department and current lines. Only someone the document concerns may
// ask: its drafter, a person on its lines or a document keeper of a department on them (403
// approval.not_allowed); a document of another company answers 404 approval.not_found like a missing one.
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalDocuments, approvalLines } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { LineType } from "../../../../shared/approval/constants.ts";
import type { LineInput } from "../../../../shared/approval/lines.ts";
import { AppError } from "../../../lib/errors.ts";
import { isDocumentKeeper } from "../config/keepers.ts";

export interface DocumentLineContext {
  drafterId: number;
  draftOrganId: number;
  lines: LineInput[];
}

export async function documentLineContext(db: DbOrTx, companyId: number, userId: number, docId: number): Promise<DocumentLineContext> {
  const [doc] = await db.select({ drafterId: approvalDocuments.drafterId, draftOrganId: approvalDocuments.draftOrganId })
    .from(approvalDocuments).where(and(eq(approvalDocuments.companyId, companyId), eq(approvalDocuments.id, docId)));
  if (!doc) throw new AppError(404, E.notFound);
  const rows = await db.select({ type: approvalLines.type, sortOrder: approvalLines.sortOrder, userId: approvalLines.userId, organId: approvalLines.organId })
    .from(approvalLines).where(and(eq(approvalLines.companyId, companyId), eq(approvalLines.documentId, docId)))
    .orderBy(asc(approvalLines.grp), asc(approvalLines.sortOrder));
  const lines = rows.map((r) => ({ ...r, type: r.type as LineType }));
  if (doc.drafterId !== userId && !lines.some((l) => l.userId === userId)) {
    let keeper = false;
    for (const l of lines) {
      if (l.userId === null && l.organId !== null && await isDocumentKeeper(db, companyId, userId, l.organId)) {
        keeper = true;
        break;
      }
    }
    if (!keeper) throw new AppError(403, E.notAllowed);
  }
  return { drafterId: doc.drafterId, draftOrganId: doc.draftOrganId, lines };
}

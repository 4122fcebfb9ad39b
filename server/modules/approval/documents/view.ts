// Rows as the contract's shapes (shared/approval/documents.ts, lines.ts): ApprovalLine, DocumentSummary,
// ApprovalFile; and what the caller may do with a document now (Document.actions, myLineId).
import { GROUP_OF, type LineGroup, type LineStatus, type LineType } from "../../../../shared/approval/constants.ts";
import type { ApprovalFile, DocumentAction, DocumentSummary } from "../../../../shared/approval/documents.ts";
import type { ApprovalLine } from "../../../../shared/approval/lines.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { isDocumentKeeper } from "../config/keepers.ts";
import { actingAs, receivedBy } from "../lines/actor.ts";
import { ACTED, approvalGroup } from "../lines/flow.ts";
import type { Reader } from "./access.ts";
import type { DocRow, FileRow, LineRow, SummaryRow } from "./repo.ts";

export function lineView(l: LineRow): ApprovalLine {
  const isOrgan = l.userId === null;
  return {
    id: l.id,
    type: l.type as LineType,
    group: (GROUP_OF[l.type as LineType] ?? l.grp) as LineGroup,
    sortOrder: l.sortOrder,
    status: l.status as LineStatus,
    approver: {
      userId: l.userId,
      userName: l.userName,
      userEmail: l.userEmail,
      position: l.position,
      organId: l.organId,
      organName: l.organName,
      isUser: !isOrgan,
      isOrgan,
    },
    key: isOrgan ? `ORGAN_${l.organId}` : `USER_${l.userId}`,
    actedBy: l.actedByUserId === null ? null : { userId: l.actedByUserId, userName: l.actedByName ?? "" },
    actedAt: l.actedAt,
    comment: l.comment,
    postViewedAt: l.postViewedAt,
    errors: [],
  };
}

export function summaryView(s: SummaryRow): DocumentSummary {
  return {
    id: s.id,
    title: s.title,
    status: s.status as DocumentSummary["status"],
    docNum: s.docNum,
    formId: s.formId,
    formName: s.formName,
    drafter: { id: s.drafterId, name: s.drafterName, position: s.drafterPosition },
    draftOrgan: { id: s.draftOrganId, name: s.draftOrganName },
    draftedAt: s.draftedAt,
    completedAt: s.completedAt,
    updatedAt: s.updatedAt,
    hasFiles: s.hasFiles,
    currentApprover: s.currentApprover,
    myLineStatus: s.myLineStatus,
    unread: s.unread,
  };
}

export const fileView = (f: FileRow): ApprovalFile => ({ id: f.id, name: f.name, size: f.size, contentType: f.contentType });

const EDITABLE = new Set(["TEMP", "RETRIEVED", "REJECTED", "RETURNED"]);

/** The actions the caller may take on the document now, and the line they act on. */
export async function actionsOf(db: DbOrTx, r: Reader, doc: DocRow, lines: LineRow[]): Promise<{ actions: DocumentAction[]; myLineId: number | null }> {
  const actions = new Set<DocumentAction>();
  let myLineId: number | null = null;
  const drafter = doc.drafterId === r.userId;
  const group = approvalGroup(lines);
  if (drafter) {
    if (doc.status === "IN_PROGRESS" && group.every((l) => !ACTED.has(l.status) && l.status !== "REJECTED")) actions.add("retrieve");
    if (EDITABLE.has(doc.status)) actions.add("edit").add("delete");
  }
  // 재기안: the drafter's own saved documents; another reader's only once completed (a finished document as the
  // template of a new one), not one still in progress, rejected or returned.
  if (drafter ? doc.status !== "TEMP" : doc.status === "COMPLETED") actions.add("reuse");
  if (drafter || await isDocumentKeeper(db, r.companyId, r.userId, doc.draftOrganId)) actions.add("openType");
  const pending = lines.filter((l) => l.status === "PENDING_APPROVAL");
  for (const l of pending) {
    if (!(await actingAs(db, r, l))) continue;
    if (l.grp === "APPROVAL" && doc.status === "IN_PROGRESS") {
      myLineId = l.id;
      actions.add("approve").add("reject").add("upper");
      if (l.type === "APPROVAL") actions.add("preApprove");
      if (group.some((p) => p.sortOrder < l.sortOrder && ACTED.has(p.status))) actions.add("preReject");
    } else if (l.grp === "RECEIVE" && doc.status === "COMPLETED") {
      myLineId ??= l.id;
      actions.add("receive").add("return");
    }
  }
  if (doc.status === "IN_PROGRESS") {
    for (const l of group) {
      const next = group.find((n) => n.sortOrder > l.sortOrder);
      if (l.actedByUserId === r.userId && (l.status === "APPROVED" || l.status === "PROXY_APPROVED") && next?.status === "PENDING_APPROVAL") {
        actions.add("cancel");
        myLineId ??= l.id;
      }
    }
  }
  if ((doc.status === "IN_PROGRESS" || doc.status === "COMPLETED") && (drafter || group.some((l) => l.userId === r.userId || l.actedByUserId === r.userId))) {
    actions.add("share");
  }
  for (const l of lines.filter((x) => x.grp === "RECEIVE" && x.status === "RECEIVED")) {
    if (await receivedBy(db, r, l)) actions.add("innerDraft");
  }
  return { actions: [...actions], myLineId };
}

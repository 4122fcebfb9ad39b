// The line actions of the approval group (shared/approval/lines.ts): approve (전결 with preApproval), reject
// (전단계 반려 with preReject) and cancel (결재 취소). Each runs in one transaction on the locked document
// (lock.ts) and answers where the client goes next (002 §4).
import { sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import type { ActionResult, LineAction } from "../../../../shared/approval/lines.ts";
import { APPROVAL_ERRORS } from "../../../../shared/approval/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { approvalNotAllowed, type Reader, readerOf } from "../documents/access.ts";
import { notifyChange } from "../documents/notify.ts";
import { actingAs } from "./actor.ts";
import { ACTED, advance, approvalGroup, complete, type Notice, noticeOf, setLine } from "./flow.ts";
import { checkVersion, finishAction, lineNotPending, type Locked, lockByLine } from "./lock.ts";
import type { LineRow } from "../documents/repo.ts";
import { type DocumentDecided, documentDecided, documentDecidedAfter } from "../documents/decided.ts";

/** Runs an action's transaction, then its notices; answers the action's result. */
export async function runAction<T = ActionResult>(
  caller: Caller,
  body: (tx: Tx, r: Reader, at: Date) => Promise<{ docId: number; result: T; notices: Notice[] }>,
): Promise<T> {
  const r = readerOf(caller);
  let decided: DocumentDecided | null = null;
  const done = await transactionWithRetry(caller.deps.db, async (tx) => {
    const at = caller.deps.clock.now();
    const out = await body(tx, r, at);
    decided = await documentDecided(tx, caller.deps, { companyId: r.companyId, documentId: out.docId, actorId: r.userId, at });
    return out;
  });
  await notifyChange(caller.deps, r.companyId, done.docId, done.notices, r.userId);
  await documentDecidedAfter(caller.deps, decided);
  return done.result;
}

/** The locked line the caller acts on in the approval group now: allowed, version current, its turn. */
async function pendingApprovalLine(k: Locked & { line: LineRow }, version: number) {
  const as = await actingAs(k.tx, k.r, k.line);
  if (!as) throw approvalNotAllowed();
  checkVersion(k.doc, version);
  if (k.doc.status !== "IN_PROGRESS" || k.line.grp !== "APPROVAL" || k.line.status !== "PENDING_APPROVAL") throw lineNotPending();
  return as;
}

export function approve(caller: Caller, a: LineAction): Promise<ActionResult> {
  return runAction(caller, async (tx, r, at) => {
      const k = await lockByLine(tx, r, a.lineId);
      const as = await pendingApprovalLine(k, a.version);
      if (a.preApproval && k.line.type !== "APPROVAL") throw new AppError(400, APPROVAL_ERRORS.lineTypeNotAllowed);
      const comment = a.comment || null;
      let notices: Notice[];
      let completed: boolean;
      if (a.preApproval) {
        await setLine(tx, k.line, { status: "PRE_APPROVED", actedBy: r.userId, at, comment });
        for (const l of approvalGroup(k.lines)) {
          if (l.sortOrder > k.line.sortOrder && l.status === "WAITING") await setLine(tx, l, { status: "SKIPPED" });
        }
        notices = await complete(tx, k.doc, k.lines, at);
        completed = true;
      } else {
        await setLine(tx, k.line, { status: as === "deputy" ? "PROXY_APPROVED" : "APPROVED", actedBy: r.userId, at, comment });
        ({ completed, notices } = await advance(tx, k.doc, k.lines, k.line, at));
      }
      const action = a.preApproval ? "preApprove" : as === "deputy" ? "proxyApprove" : "approve";
      const version = await finishAction(k, { action, lineId: k.line.id, comment, at });
      const next = a.preApproval || completed ? "ac" : k.line.type === "HELP_ORGAN" ? "oh" : "ap";
      return { docId: k.doc.id, notices, result: { documentId: k.doc.id, next, version } };
  });
}

export function reject(caller: Caller, a: LineAction): Promise<ActionResult> {
  return runAction(caller, async (tx, r, at) => {
      const k = await lockByLine(tx, r, a.lineId);
      await pendingApprovalLine(k, a.version);
      const comment = a.comment || null;
      const notices: Notice[] = [];
      if (a.preReject) {
        const previous = approvalGroup(k.lines).filter((l) => l.sortOrder < k.line.sortOrder && ACTED.has(l.status)).at(-1);
        if (!previous) throw new AppError(409, APPROVAL_ERRORS.noPreviousLine);
        await setLine(tx, previous, { status: "PENDING_APPROVAL", actedBy: null });
        await setLine(tx, k.line, { status: "WAITING", actedBy: null });
        notices.push(noticeOf(previous.type === "HELP_ORGAN" ? "HELP_TURN" : "TURN", previous));
      } else {
        await setLine(tx, k.line, { status: "REJECTED", actedBy: r.userId, at, comment });
        await tx.execute(sqlRejected(k.doc.id));
        k.doc.status = "REJECTED";
        notices.push({ kind: "REJECTED", userId: k.doc.drafterId, organId: null });
      }
      const version = await finishAction(k, { action: a.preReject ? "preReject" : "reject", lineId: k.line.id, comment, at });
      return { docId: k.doc.id, notices, result: { documentId: k.doc.id, next: a.preReject ? "ab" : "ar", version } };
  });
}

/** 결재 취소: the one who approved takes it back while the next line has not acted. */
export function cancel(caller: Caller, a: LineAction): Promise<ActionResult> {
  return runAction(caller, async (tx, r, at) => {
      const k = await lockByLine(tx, r, a.lineId);
      if (k.line.actedByUserId !== r.userId) {
        if (!(await actingAs(tx, r, k.line))) throw approvalNotAllowed();
      }
      checkVersion(k.doc, a.version);
      const group = approvalGroup(k.lines);
      const next = group.find((l) => l.sortOrder > k.line.sortOrder);
      const cancellable = k.doc.status === "IN_PROGRESS" && k.line.grp === "APPROVAL" && k.line.actedByUserId === r.userId &&
        (k.line.status === "APPROVED" || k.line.status === "PROXY_APPROVED") && next?.status === "PENDING_APPROVAL";
      if (!cancellable) throw new AppError(409, APPROVAL_ERRORS.notCancellable);
      await setLine(tx, next!, { status: "WAITING" });
      await setLine(tx, k.line, { status: "PENDING_APPROVAL", actedBy: null });
      const version = await finishAction(k, { action: "cancel", lineId: k.line.id, comment: a.comment || null, at });
      return { docId: k.doc.id, notices: [], result: { documentId: k.doc.id, next: "ab", version } };
  });
}

const sqlRejected = (docId: number) => sql`update approval_documents set status = 'REJECTED' where id = ${docId}`;

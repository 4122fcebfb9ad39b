// Receiving (shared/approval/lines.ts): once the approval group completed, a RECEIVE line's user, or for a
// RECEIVE_ORGAN line a document keeper of the department (else one of its managers), confirms receipt (접수:
// RECEIVED) or sends the document back to the drafter (반송: the line RETURNED, the document RETURNED).
import { sql } from "drizzle-orm";
import type { ActionResult, LineAction } from "../../../../shared/approval/lines.ts";
import type { Caller } from "../../../lib/context.ts";
import { approvalNotAllowed } from "../documents/access.ts";
import { actingAs } from "./actor.ts";
import { runAction } from "./actions.ts";
import { setLine } from "./flow.ts";
import { checkVersion, finishAction, lineNotPending, lockByLine } from "./lock.ts";

function receiveOrReturn(caller: Caller, a: LineAction, returning: boolean): Promise<ActionResult> {
  return runAction(caller, async (tx, r, at) => {
    const k = await lockByLine(tx, r, a.lineId);
    if (!(await actingAs(tx, r, k.line))) throw approvalNotAllowed();
    checkVersion(k.doc, a.version);
    if (k.doc.status !== "COMPLETED" || k.line.grp !== "RECEIVE" || k.line.status !== "PENDING_APPROVAL") throw lineNotPending();
    const comment = a.comment || null;
    await setLine(tx, k.line, { status: returning ? "RETURNED" : "RECEIVED", actedBy: r.userId, at, comment });
    if (returning) {
      await tx.execute(sql`update approval_documents set status = 'RETURNED' where id = ${k.doc.id}`);
      k.doc.status = "RETURNED";
    }
    const version = await finishAction(k, { action: returning ? "return" : "receive", lineId: k.line.id, comment, at });
    return {
      docId: k.doc.id,
      notices: returning ? [{ kind: "RETURNED" as const, userId: k.doc.drafterId, organId: null }] : [],
      // A department's receipt leaves the user in the department's box (the client adds the department), where
      // the rest of its receipts wait; a personal one goes to 접수 완료 (received) or the home (returned).
      result: { documentId: k.doc.id, next: k.line.type === "RECEIVE_ORGAN" ? "or" : returning ? "home" : "rc", version },
    };
  });
}

export const receive = (caller: Caller, a: LineAction) => receiveOrReturn(caller, a, false);
export const returnDocument = (caller: Caller, a: LineAction) => receiveOrReturn(caller, a, true);

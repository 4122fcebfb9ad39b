// Other modules that hang work on an approval document (the leave module's 휴가신청서) hear when it is decided.
// Every action runs through lines/actions.ts runAction, which calls documentDecided in the action's transaction
// and documentDecidedAfter once it committed, whenever the document's status is then COMPLETED, REJECTED,
// RETURNED or RETRIEVED. A listener therefore hears a decided document again on later actions (an opinion, the
// open type): it must act only on what it has not acted on yet (the leave module: a usage still PENDING).
// inTx runs in the action's transaction (what it writes commits or rolls back with it; its error fails the
// action); afterCommit is for notices and never throws into the action.
import { sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";

export type DecidedStatus = "COMPLETED" | "REJECTED" | "RETURNED" | "RETRIEVED";
const DECIDED = new Set<string>(["COMPLETED", "REJECTED", "RETURNED", "RETRIEVED"]);

export interface DocumentDecided {
  companyId: number;
  documentId: number;
  status: DecidedStatus;
  /** Who acted (the approver, or the drafter who retrieved). */
  actorId: number;
  at: Date;
}

export interface DecidedListener {
  inTx(tx: Tx, deps: AppDeps, e: DocumentDecided): Promise<void>;
  afterCommit?(deps: AppDeps, e: DocumentDecided): Promise<void>;
}

const listeners = new Set<DecidedListener>();

/** Registers a listener; answers its unregistration. */
export function onDocumentDecided(l: DecidedListener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** In the action's transaction: the decided event, when the document is decided. */
export async function documentDecided(
  tx: Tx, deps: AppDeps, e: { companyId: number; documentId: number; actorId: number; at: Date },
): Promise<DocumentDecided | null> {
  if (!listeners.size) return null;
  const [row] = await tx.execute<{ status: string }>(sql`
    select status from approval_documents where id = ${e.documentId} and company_id = ${e.companyId}`);
  if (!row || !DECIDED.has(row.status)) return null;
  const event = { ...e, status: row.status as DecidedStatus };
  for (const l of listeners) await l.inTx(tx, deps, event);
  return event;
}

/** After the commit (never throws). */
export async function documentDecidedAfter(deps: AppDeps, e: DocumentDecided | null): Promise<void> {
  if (!e) return;
  for (const l of listeners) {
    try {
      await l.afterCommit?.(deps, e);
    } catch (err) {
      deps.log.error("approval: a decided-document listener failed after the commit", err);
    }
  }
}

// The activity log (leave_logs): one row for every change of an allocation or a usage, in the change's
// transaction.
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveLogs } from "../../../../db/schema/index.ts";
import type { LogKind } from "../../../../shared/leave/constants.ts";

export interface LogEntry {
  companyId: number;
  userId: number;
  kind: LogKind;
  refId: number;
  /** CREATED, UPDATED, APPROVED, REJECTED, PENDING, CANCELLED, GRANTED, DELETED, ... */
  action: string;
  actorId: number | null;
  summary?: string;
  days?: number;
  detail?: Record<string, unknown>;
  at: Date;
}

export async function writeLog(db: DbOrTx, e: LogEntry) {
  await db.insert(leaveLogs).values({
    companyId: e.companyId, userId: e.userId, kind: e.kind, refId: e.refId, action: e.action, actorId: e.actorId,
    summary: e.summary ?? "", days: e.days ?? 0, detail: e.detail ?? null, at: e.at,
  });
}

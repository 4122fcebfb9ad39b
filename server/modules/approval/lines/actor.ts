// Who may act on a line, and as what (002 §3, §6): the line's own user; the active deputy of its user (대결, on
// APPROVAL and HELP lines); for a department line (HELP_ORGAN, RECEIVE_ORGAN) a document keeper of that
// department or, when it has none, one of its organisation managers.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { activeDeputyOf } from "../config/deputy.ts";
import { isDocumentKeeper } from "../config/keepers.ts";
import type { Reader } from "../documents/access.ts";
import type { LineRow } from "../documents/repo.ts";

export type ActingAs = "self" | "deputy" | "keeper";

const DEPUTY_TYPES = new Set(["APPROVAL", "HELP"]);

/** Whether the reader stands in for `userId` now (대결: config/deputy.ts activeDeputyOf, its period or leave). */
export async function isActiveDeputy(db: DbOrTx, r: Reader, userId: number): Promise<boolean> {
  return (await activeDeputyOf(db, r.companyId, userId, r.now))?.deputyId === r.userId;
}

/** How the reader may act on the line (whatever its state), or null. */
export async function actingAs(db: DbOrTx, r: Reader, line: Pick<LineRow, "type" | "userId" | "organId">): Promise<ActingAs | null> {
  if (line.userId !== null) {
    if (line.userId === r.userId) return "self";
    if (DEPUTY_TYPES.has(line.type) && await isActiveDeputy(db, r, line.userId)) return "deputy";
    return null;
  }
  if (line.organId !== null && await isDocumentKeeper(db, r.companyId, r.userId, line.organId)) return "keeper";
  return null;
}


/** Whether the receive line was received by the reader or by one of their departments (an inner draft's origin). */
export async function receivedBy(db: DbOrTx, r: Reader, line: Pick<LineRow, "grp" | "status" | "userId" | "organId" | "actedByUserId">): Promise<boolean> {
  if (line.grp !== "RECEIVE" || line.status !== "RECEIVED") return false;
  if (line.userId !== null) return line.userId === r.userId || line.actedByUserId === r.userId;
  const rows = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from organization_members om where om.company_id = ${r.companyId} and om.organ_id = ${line.organId}
      and om.user_id = ${r.userId}) as ok`);
  return rows[0]?.ok === true || await isDocumentKeeper(db, r.companyId, r.userId, line.organId!);
}

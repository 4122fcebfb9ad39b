// What the boxes need to know about the caller, read once per request: the departments they belong to (and
// those departments' ancestors, whose DEPARTMENT documents they may read), the departments they keep
// documents for (config/keepers.ts) and the approvers they stand in for now (config/deputy.ts).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { AppError } from "../../../lib/errors.ts";
import { APPROVAL_ERRORS } from "../../../../shared/approval/errors.ts";
import { absentApproversFor } from "../config/deputy.ts";
import { keptOrgans } from "../config/keepers.ts";

export interface BoxScope {
  companyId: number;
  userId: number;
  now: Date;
  /** The caller's departments. */
  organs: number[];
  /** The caller's departments and all their ancestors: a DEPARTMENT document of one of these is readable. */
  organsWithAncestors: number[];
  /** The departments the caller keeps documents for. */
  keptOrgans: number[];
  /** The approvers whose turn the caller takes now as their deputy. */
  absentApprovers: number[];
}

const ids = (rows: { id: string | number }[]) => rows.map((r) => Number(r.id));

/** The caller's scope; `now` decides which deputies act. */
export async function scopeOf(db: DbOrTx, companyId: number, userId: number, now: Date): Promise<BoxScope> {
  const [organs, withAncestors, kept, absent] = await Promise.all([
    db.execute<{ id: string }>(sql`
      select organ_id as id from organization_members where company_id = ${companyId} and user_id = ${userId}`),
    db.execute<{ id: string }>(sql`
      with recursive up(id, parent_id) as (
        select o.id, o.parent_id from organizations o
          join organization_members m on m.organ_id = o.id and m.user_id = ${userId}
          where o.company_id = ${companyId}
        union
        select p.id, p.parent_id from organizations p join up on p.id = up.parent_id where p.company_id = ${companyId})
      select id from up`),
    keptOrgans(db, companyId, userId),
    absentApproversFor(db, companyId, userId, now),
  ]);
  return {
    companyId,
    userId,
    now,
    organs: ids(organs),
    organsWithAncestors: ids(withAncestors),
    keptOrgans: kept.map((o) => o.id),
    absentApprovers: absent,
  };
}

/** A department box or a keeper's ledger: the caller must keep documents for the department. */
export function requireKept(scope: BoxScope, organId: number | undefined): number {
  if (organId === undefined || !scope.keptOrgans.includes(organId)) throw new AppError(403, APPROVAL_ERRORS.notManager);
  return organId;
}

// Who may read which member's leave on the dashboards (shared/leave/leave.ts header), on settings/roles.ts's
// rules: HR (a company admin or users.is_hr) any member of the company; an organisation manager the members
// whose leave they decide (roles.ts managedUserIds: the nearest managers up the tree, and with
// policy.subOrgManageable every ancestor's); everyone themself. A member of another company, or none, is 404.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { canManage, isHr } from "../settings/roles.ts";

export function requireHr(caller: Caller): void {
  if (!isHr(caller)) throw new AppError(403, LEAVE_ERRORS.hrOnly);
}

const ids = (rows: { id: string | number }[]) => rows.map((r) => Number(r.id));

/** The organisation and, with includeChildren, all its descendants; [] when it is not the company's. */
export async function organTree(db: DbOrTx, companyId: number, organId: number, includeChildren: boolean): Promise<number[]> {
  return ids(await db.execute<{ id: string }>(sql`
    with recursive down(id) as (
      select id from organizations where id = ${organId} and company_id = ${companyId}
      union
      select o.id from organizations o join down on o.parent_id = down.id
        where ${includeChildren} and o.company_id = ${companyId})
    select id from down`));
}

export interface MemberAccess {
  /** The caller may read the member's dashboard. */
  canRead: boolean;
  /** HR, or one of the member's deciders (never for oneself unless HR). */
  canManage: boolean;
}

/** The caller's access to a member of their company (the caller checks the member exists there). */
export async function accessTo(caller: Caller, targetId: number): Promise<MemberAccess> {
  const manages = await canManage(caller, targetId);
  return { canRead: manages || caller.auth.userId === targetId, canManage: manages };
}

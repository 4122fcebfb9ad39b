// Who sees whose leave: the member, HR, and the member's deciders (settings/roles.ts). A row of someone the
// caller may not see answers 404 like a missing or foreign one; a list of such a member's leave 403
// leave.not_allowed; a user of another company 404 leave.user_not_found.
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { users } from "../../../../db/schema/index.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { canManage } from "../settings/roles.ts";
import { type AllocationRow, findAllocation, findUsage, type UsageRow } from "./repo.ts";

export const notFound = () => new AppError(404, LEAVE_ERRORS.notFound);

/** A user of the caller's company (not deleted); 404 leave.user_not_found otherwise. */
export async function requireUser(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db.select({ id: users.id, name: users.accountName, username: users.username }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), ne(users.status, "DELETED")));
  if (!row) throw new AppError(404, LEAVE_ERRORS.userNotFound);
  return row;
}

export async function canSee(caller: Caller, userId: number): Promise<boolean> {
  return userId === caller.auth.userId || await canManage(caller, userId);
}

/** The member whose leave a list shows: the caller by default; others when HR or their decider. */
export async function requireListable(caller: Caller, userId: number | undefined): Promise<number> {
  const id = userId ?? caller.auth.userId;
  await requireUser(caller.deps.db, caller.auth.companyId, id);
  if (!(await canSee(caller, id))) throw new AppError(403, LEAVE_ERRORS.notAllowed);
  return id;
}

export async function visibleUsage(caller: Caller, id: number, db: DbOrTx = caller.deps.db, lock = false): Promise<UsageRow> {
  const row = await findUsage(db, caller.auth.companyId, id, lock);
  if (!row || !(await canSee(caller, row.userId))) throw notFound();
  return row;
}

export async function visibleAllocation(caller: Caller, id: number, db: DbOrTx = caller.deps.db, lock = false): Promise<AllocationRow> {
  const row = await findAllocation(db, caller.auth.companyId, id, lock);
  if (!row || !(await canSee(caller, row.userId))) throw notFound();
  return row;
}

// The next annual grant of one member, for the ledger's advance use (ledger/advance.ts asks through
// registerNextGrant; accrualRoutes() registers this). 0 when the member has no hire date or leaves before it.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAttendance, leaveHrUsers } from "../../../../db/schema/index.ts";
import { ensureLeaveDefaults } from "../settings/defaults.ts";
import { nextGrantOf } from "./engine.ts";
import { accrualPolicyOf } from "./policy.ts";
import { storedGrantsOf } from "./repo.ts";

export async function nextGrantDays(db: DbOrTx, companyId: number, userId: number, date: string): Promise<number> {
  const [hr] = await db.select({ hireDate: leaveHrUsers.hireDate, leaveDate: leaveHrUsers.leaveDate }).from(leaveHrUsers)
    .where(and(eq(leaveHrUsers.userId, userId), eq(leaveHrUsers.companyId, companyId)));
  if (!hr?.hireDate) return 0;
  const attendance = await db.select({ yearStart: leaveAttendance.yearStart, rate: leaveAttendance.rate, fullMonths: leaveAttendance.fullMonths })
    .from(leaveAttendance).where(eq(leaveAttendance.userId, userId));
  const policy = accrualPolicyOf(await ensureLeaveDefaults(db, companyId));
  const stored = (await storedGrantsOf(db, companyId, userId)).get(userId) ?? [];
  return nextGrantOf({ hireDate: hr.hireDate, leaveDate: hr.leaveDate, attendance, stored }, policy, date)?.days ?? 0;
}

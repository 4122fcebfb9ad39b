// BalanceSummary.toBeGranted of members: what accrual/engine.ts's toBeGranted says is still to arise in the
// period (the first year's monthly days), per member with a hire date; members without one have nothing to come.
import type { Rounding } from "../../../../shared/leave/constants.ts";
import type { HrUser } from "../../../../shared/leave/leave.ts";
import { toBeGranted } from "../accrual/engine.ts";
import type { PolicyRow } from "../settings/defaults.ts";
import { type Period, periodOf } from "./period.ts";

/** The annual summary's period of members with nothing valid on the date: the policy's period (period.ts). */
export function annualPeriodsOf(row: PolicyRow, users: HrUser[], date: string): Map<number, Period> {
  return new Map(users.map((u) => [u.id, periodOf(row.annualLeaveAllocationDate, u.hireDate, date)]));
}

export function toBeGrantedOf(row: PolicyRow, users: HrUser[], date: string): Map<number, number> {
  const policy = { ...row, firstAnnualLeaveRounding: row.firstAnnualLeaveRounding as Rounding };
  const out = new Map<number, number>();
  for (const u of users) {
    if (!u.hireDate) continue;
    const n = toBeGranted({ hireDate: u.hireDate, leaveDate: u.leaveDate }, policy, date);
    if (n > 0) out.set(u.id, n);
  }
  return out;
}

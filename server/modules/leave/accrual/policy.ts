// The policy row (settings/defaults.ts) as the accrual engine reads it.
import type { Rounding } from "../../../../shared/leave/constants.ts";
import type { PolicyRow } from "../settings/defaults.ts";
import type { AccrualPolicy } from "./engine.ts";

export function accrualPolicyOf(row: PolicyRow): AccrualPolicy {
  return {
    annualLeaveAllocationDate: row.annualLeaveAllocationDate,
    firstAnnualLeaveRounding: row.firstAnnualLeaveRounding as Rounding,
    firstAnnualLeaveDecimalPlace: row.firstAnnualLeaveDecimalPlace,
    underOneYearLeaveAvailableNextYear: row.underOneYearLeaveAvailableNextYear,
    basisSince: row.basisSince,
  };
}

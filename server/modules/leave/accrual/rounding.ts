// Rounding of the first fiscal year's prorated annual leave (policy firstAnnualLeaveRounding and
// firstAnnualLeaveDecimalPlace). The value is the exact fraction num/den (15 × days employed / days of the
// fiscal year), rounded in integer arithmetic so 15 × 184/365 = 7.5616… never meets a binary float's error.
//   UP          up to the decimal place            7.5616 → 7.6 (1 place), 8 (0), 7.57 (2)
//   DOWN        down to the decimal place          7.5616 → 7.5, 7, 7.56
//   HALF_UP     to the nearest, halves up          7.5616 → 7.6, 8, 7.56
//   HALF_DAY_UP up to the next half day (0.5 step; the decimal place does not apply: a half day is the
//               smallest unit a whole-day proration is granted in)   7.5616 → 8, 7.25 → 7.5, 7.5 → 7.5
import type { Rounding } from "../../../../shared/leave/constants.ts";

export function roundFraction(num: number, den: number, rounding: Rounding, decimalPlaces: number): number {
  if (!Number.isInteger(num) || !Number.isInteger(den) || den <= 0 || num < 0) throw new Error(`bad fraction ${num}/${den}`);
  if (rounding === "HALF_DAY_UP") return Math.ceil((2 * num) / den) / 2;
  const scale = 10 ** decimalPlaces;
  const scaled = num * scale;
  let units: number;
  if (rounding === "UP") units = Math.ceil(scaled / den);
  else if (rounding === "DOWN") units = Math.floor(scaled / den);
  else units = Math.floor((2 * scaled + den) / (2 * den));
  return units / scale;
}

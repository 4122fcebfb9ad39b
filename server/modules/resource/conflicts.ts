// Conflicts of a booking with held ones: found beforehand in one query for every occurrence (to report them),
// and recognised when the database's exclusion constraint refuses a row a concurrent booking took first.
import type { DbOrTx } from "../../../db/client.ts";
import type { BookingConflict } from "../../../shared/resource/resources.ts";
import { AppError } from "../../lib/errors.ts";
import { overlaps } from "./booking-repo.ts";
import type { Occurrence } from "./repeat.ts";

const sqlState = (e: unknown) => {
  const pg = (typeof e === "object" && e !== null ? e : {}) as { code?: string; cause?: { code?: string } };
  return pg.code ?? pg.cause?.code;
};

/** The exclusion constraint resource_bookings_no_overlap refused the row (SQLSTATE 23P01). */
export const isOverlapViolation = (e: unknown) => sqlState(e) === "23P01";
/** A foreign key refused the change (23503): a custom type still used by a resource. */
export const isForeignKeyViolation = (e: unknown) => sqlState(e) === "23503";

/** The occurrences that overlap a held booking of the resource (other than `exceptId`), with the booking. */
export async function conflictsOf(db: DbOrTx, resourceId: number, occ: Occurrence[], exceptId = 0): Promise<Map<number, BookingConflict>> {
  const found = await overlaps(db, resourceId, occ.map((o) => o.start), occ.map((o) => o.end), exceptId);
  const out = new Map<number, BookingConflict>();
  for (const [i, bookingId] of found) {
    const o = occ[i];
    out.set(i, { startDate: o.startDate, startTime: o.startTime, endDate: o.endDate, endTime: o.endTime, conflictingBookingId: bookingId });
  }
  return out;
}

export const conflictError = (conflicts: BookingConflict[]) => new AppError(409, "resource.conflict", { conflicts });

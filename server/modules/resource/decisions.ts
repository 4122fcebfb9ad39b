// Ending or deciding bookings: cancel (the booker, or an admin: the booker is told), approve and reject (the
// resource's approver; the booker is told). A state changes only from the state expected, so of two
// concurrent decisions one wins and the other answers 409. Cancelling or rejecting frees the slot and deletes
// the booking's calendar event in the same transaction.
import type { Booking, BookingCancelled } from "../../../shared/resource/resources.ts";
import { HOLDING_STATUSES } from "../../../shared/resource/constants.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { isAdmin } from "./access.ts";
import * as bookingRepo from "./booking-repo.ts";
import { afterWrite } from "./bookings.ts";
import { removeEvents } from "./calendar-link.ts";
import { bookingOf } from "./present.ts";
import { requireBooking } from "./reads.ts";

const isHeld = (status: string) => (HOLDING_STATUSES as readonly string[]).includes(status);

/** DELETE book/{id}?scope. */
export async function cancel(caller: Caller, id: number, scope: "ONE" | "FOLLOWING"): Promise<BookingCancelled> {
  const { deps, auth } = caller;
  const v = await requireBooking(caller, id);
  const own = v.b.bookerUserId === auth.userId;
  if (!own && !isAdmin(caller)) throw new AppError(403, "resource.not_owner");
  if (!isHeld(v.b.status)) throw new AppError(409, "resource.booking_closed");
  const done = await deps.db.transaction(async (tx) => {
    const targets = scope === "FOLLOWING" && v.b.seriesId !== null
      ? await bookingRepo.heldInSeriesFrom(tx, auth.companyId, v.b.seriesId, v.b.startAt)
      : [v.b];
    const rows = await bookingRepo.changeStatus(tx, auth.companyId, targets.map((b) => b.id), HOLDING_STATUSES, {
      status: "CANCELLED", updatedAt: deps.clock.now(),
    });
    if (!rows.some((b) => b.id === v.b.id)) throw new AppError(409, "resource.booking_closed");
    return { rows, calendars: await removeEvents(tx, deps, rows) };
  });
  const ids = done.rows.map((b) => b.id).sort((a, b) => a - b);
  await afterWrite(caller, [v.b.resourceId], done.calendars,
    own ? [] : done.rows.map((b) => ({ userId: b.bookerUserId, bookingId: b.id, notice: "CANCELLED" as const })));
  return { cancelledIds: ids };
}

async function decide(caller: Caller, id: number, approve: boolean, reason: string): Promise<Booking> {
  const { deps, auth } = caller;
  const v = await requireBooking(caller, id);
  if (v.approverUserId !== auth.userId) throw new AppError(403, "resource.not_approver");
  if (v.b.status !== "REQUESTED") throw new AppError(409, "resource.not_pending");
  const calendars = await deps.db.transaction(async (tx) => {
    const rows = await bookingRepo.changeStatus(tx, auth.companyId, [v.b.id], ["REQUESTED"], {
      status: approve ? "CONFIRMED" : "REJECTED", rejectReason: approve ? null : reason, decidedByUserId: auth.userId,
      updatedAt: deps.clock.now(),
    });
    if (!rows.length) throw new AppError(409, "resource.not_pending");
    return approve ? [] : await removeEvents(tx, deps, rows);
  });
  await afterWrite(caller, [v.b.resourceId], calendars, [{ userId: v.b.bookerUserId, bookingId: v.b.id, notice: approve ? "CONFIRMED" : "REJECTED" }]);
  return bookingOf((await bookingRepo.findBooking(deps.db, auth.companyId, id))!, auth.userId);
}

/** PUT book/{id}/approve. */
export const approve = (caller: Caller, id: number) => decide(caller, id, true, "");
/** PUT book/{id}/reject. */
export const reject = (caller: Caller, id: number, reason: string) => decide(caller, id, false, reason);

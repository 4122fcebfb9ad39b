// Booking and changing a booking (POST book, PATCH book). In one transaction holding the resource's booking
// lock, a repeat's occurrences are checked against the held bookings in one query: any conflict refuses the
// whole request with the list (409 resource.conflict), unless skipConflicts books the rest; the rows are then
// written all or nothing, with their events in the booker's calendar (calendar-link.ts). The database's
// exclusion constraint is the last word: a refused row answers the same 409.
import type { BookingCreated, BookingInput, BookingUpdate, Booking } from "../../../shared/resource/resources.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { requireBookable, requireResource } from "./access.ts";
import * as bookingRepo from "./booking-repo.ts";
import { addEvents, announceCalendars, moveEvent } from "./calendar-link.ts";
import { conflictError, conflictsOf, isOverlapViolation } from "./conflicts.ts";
import { bookingOf } from "./present.ts";
import { type Notice, publishResourceChanged, sendNotices } from "./realtime.ts";
import { type Occurrence, occurrenceOf, occurrencesOf } from "./repeat.ts";
import { lockResources } from "./repo.ts";
import type { Tx } from "../../../db/client.ts";
import { HOLDING_STATUSES } from "../../../shared/resource/constants.ts";
import { transactionWithRetry } from "../../lib/transaction.ts";
import type { ResourceRow } from "./repo.ts";
import { requireBooking } from "./reads.ts";

/** REQUESTED when the resource needs its approver's yes (and the booker is not the approver), else CONFIRMED. */
const statusFor = (r: ResourceRow, bookerId: number) => r.needsApproval && r.approverUserId !== bookerId ? "REQUESTED" : "CONFIRMED";

/** POST book. */
export async function create(caller: Caller, input: BookingInput): Promise<BookingCreated> {
  const { deps, auth } = caller;
  const r = await requireResource(caller, input.resourceId);
  await requireBookable(caller, r);
  const now = deps.clock.now();
  const occ = occurrencesOf(input, input.repeat, now);
  const status = statusFor(r, auth.userId);
  const written = await guarded(caller, r.id, occ, 0, async (tx) => {
    await lockResources(tx, [r.id]);
    const conflicts = await conflictsOf(tx, r.id, occ);
    if (conflicts.size && (!input.skipConflicts || conflicts.size === occ.length)) throw conflictError([...conflicts.values()]);
    const rest = occ.filter((_, i) => !conflicts.has(i));
    const series = input.repeat && occ.length > 1
      ? await bookingRepo.insertSeries(tx, {
        companyId: auth.companyId, resourceId: r.id, bookerUserId: auth.userId, frequency: input.repeat.frequency,
        interval: input.repeat.interval, untilDate: input.repeat.until, createdAt: now,
      })
      : null;
    const rows = await bookingRepo.insertBookings(tx, rest.map((o) => ({
      companyId: auth.companyId, resourceId: r.id, seriesId: series?.id ?? null, bookerUserId: auth.userId,
      title: input.title, note: input.note, status, startAt: new Date(o.start), endAt: new Date(o.end), createdAt: now, updatedAt: now,
    })));
    const calendarId = await addEvents(tx, deps, auth.companyId, auth.userId, rows, r.name);
    return { rows, calendarId, skipped: [...conflicts.values()] };
  });
  const ids = written.rows.map((b) => b.id);
  await afterWrite(caller, [r.id], [written.calendarId],
    status === "REQUESTED" && r.approverUserId !== null ? ids.map((bookingId) => ({ userId: r.approverUserId!, bookingId, notice: "REQUESTED" as const })) : []);
  const views = await bookingRepo.viewsByIds(deps.db, auth.companyId, ids);
  return { bookings: views.map((v) => bookingOf(v, auth.userId)), skipped: written.skipped };
}

/** PATCH book: one booking's time, resource, title or note; the booker only. */
export async function update(caller: Caller, input: BookingUpdate): Promise<Booking> {
  const { deps, auth } = caller;
  const current = await requireBooking(caller, input.id);
  if (current.b.bookerUserId !== auth.userId) throw new AppError(403, "resource.not_owner");
  if (current.b.status !== "REQUESTED" && current.b.status !== "CONFIRMED") throw new AppError(409, "resource.booking_closed");
  const r = await requireResource(caller, input.resourceId ?? current.b.resourceId);
  const o = occurrenceOf(input, deps.clock.now());
  const moved = r.id !== current.b.resourceId || o.start !== current.b.startAt.getTime() || o.end !== current.b.endAt.getTime();
  if (moved) await requireBookable(caller, r);
  const status = moved ? statusFor(r, auth.userId) : current.b.status;
  const calendarId = await guarded(caller, r.id, [o], current.b.id, async (tx) => {
    await lockResources(tx, [r.id, current.b.resourceId]);
    const conflicts = await conflictsOf(tx, r.id, [o], current.b.id);
    if (conflicts.size) throw conflictError([...conflicts.values()]);
    const [row] = await bookingRepo.changeStatus(tx, auth.companyId, [current.b.id], HOLDING_STATUSES, {
      resourceId: r.id, startAt: new Date(o.start), endAt: new Date(o.end), title: input.title, note: input.note, status,
      ...(moved ? { decidedByUserId: null } : {}), updatedAt: deps.clock.now(),
    });
    if (!row) throw new AppError(409, "resource.booking_closed"); // cancelled or rejected meanwhile
    return await moveEvent(tx, deps, row, r.name);
  });
  const asked = status === "REQUESTED" && moved && r.approverUserId !== null;
  await afterWrite(caller, [current.b.resourceId, r.id], [calendarId],
    asked ? [{ userId: r.approverUserId!, bookingId: current.b.id, notice: "REQUESTED" }] : []);
  return bookingOf((await bookingRepo.findBooking(deps.db, auth.companyId, current.b.id))!, auth.userId);
}

/**
 * A booking write in a transaction that holds the resources' booking locks, so concurrent bookings of one
 * resource check and insert one after another (concurrent inserts that the exclusion constraint alone would
 * refuse can deadlock each other, answering after deadlock_timeout). Should the constraint still refuse the
 * row (a write that took no lock), the answer is the same 409 with what now conflicts.
 */
async function guarded<T>(caller: Caller, resourceId: number, occ: Occurrence[], exceptId: number, body: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await transactionWithRetry(caller.deps.db, body);
  } catch (e) {
    if (!isOverlapViolation(e)) throw e;
    throw conflictError([...(await conflictsOf(caller.deps.db, resourceId, occ, exceptId)).values()]);
  }
}

/** After a committed change: the grids, the calendars and the people concerned are told. */
export async function afterWrite(caller: Caller, resourceIds: number[], calendarIds: (number | null)[], notices: Notice[]) {
  const { deps, auth } = caller;
  await publishResourceChanged(deps, auth.companyId, resourceIds);
  await announceCalendars(deps, auth.companyId, calendarIds);
  await sendNotices(deps, auth.companyId, notices.filter((n) => n.userId !== auth.userId), auth.userId);
}

// The answers of resource booking (shared/resource/resources.ts) from rows.
import type { AdminResource, Booking, Resource, ResourceTypeInfo } from "../../../shared/resource/resources.ts";
import type { BookingStatus, BookerScope, ResourceStatus } from "../../../shared/resource/constants.ts";
import { customTypeCode } from "../../../shared/resource/constants.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { BookingView } from "./booking-repo.ts";
import * as repo from "./repo.ts";
import { apiOf } from "./time.ts";

/** A resource as the caller sees it: `bookable` by them, and whether they (callerId) decide its bookings. */
export function resourceOf(r: repo.ResourceRow, bookable: boolean, callerId: number): Resource {
  return {
    id: r.id, type: r.type, name: r.name, description: r.description, capacity: r.capacity, location: r.location,
    status: r.status as ResourceStatus, hasImage: r.imageBlobKey !== null, needsApproval: r.needsApproval,
    bookable: bookable && r.status === "IN_USE", approverOf: r.needsApproval && r.approverUserId === callerId,
    sortOrder: r.sortOrder,
  };
}

/** Admin views of resources, with bookers and approver (three queries for any number). */
export async function adminResourcesOf(db: DbOrTx, companyId: number, callerId: number, rows: repo.ResourceRow[]): Promise<AdminResource[]> {
  const ids = rows.map((r) => r.id);
  const userLinks = await repo.bookerUsersOf(db, companyId, ids);
  const organLinks = await repo.bookerOrgansOf(db, companyId, ids);
  const persons = await repo.people(db, companyId, [
    ...userLinks.map((l) => l.userId), ...rows.flatMap((r) => r.approverUserId === null ? [] : [r.approverUserId]),
  ]);
  return rows.map((r) => ({
    ...resourceOf(r, true, callerId),
    bookerScope: r.bookerScope as BookerScope,
    bookerUsers: userLinks.filter((l) => l.resourceId === r.id).flatMap((l) => persons.get(l.userId) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    bookerOrgans: organLinks.filter((l) => l.resourceId === r.id).map((l) => ({ id: l.id, name: l.name })),
    approver: r.approverUserId === null ? null : persons.get(r.approverUserId) ?? null,
  }));
}

export function bookingOf(v: BookingView, callerId: number): Booking {
  const start = apiOf(v.b.startAt.getTime());
  const end = apiOf(v.b.endAt.getTime(), true);
  return {
    id: v.b.id, resourceId: v.b.resourceId, resourceName: v.resourceName,
    startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time,
    startMillis: v.b.startAt.getTime(), endMillis: v.b.endAt.getTime(),
    title: v.b.title, note: v.b.note, status: v.b.status as BookingStatus, booker: v.booker,
    seriesId: v.b.seriesId, rejectReason: v.b.rejectReason, mine: v.b.bookerUserId === callerId,
  };
}

export function customTypeOf(t: repo.TypeRow, counts: Map<string, number>): ResourceTypeInfo {
  const code = customTypeCode(t.id);
  return { id: t.id, code, name: t.name, resourceCount: counts.get(code) ?? 0 };
}

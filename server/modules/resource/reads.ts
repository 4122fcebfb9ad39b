// Reading resources and bookings: the grid of a day or week (GET ?searchDate&type&range), one resource's
// bookings (book/list), one booking (book/{id}), the caller's own (book/mine) and those waiting for their
// decision (book/pending), the types (type, types).
import { ALL_TYPES, BUILTIN_RESOURCE_TYPES } from "../../../shared/resource/constants.ts";
import type {
  Booking, BookingListQuery, BookingPage, ResourceDay, ResourcesQuery, ResourceTypeInfo,
} from "../../../shared/resource/resources.ts";
import type { z } from "zod";
import type { myBookingsQuery } from "../../../shared/resource/resources.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { bookerTest, requireResource } from "./access.ts";
import * as bookingRepo from "./booking-repo.ts";
import { bookingOf, customTypeOf, resourceOf } from "./present.ts";
import * as repo from "./repo.ts";
import { periodOf, todayOf } from "./time.ts";

/** A booking of the caller's company; 404 resource.booking_not_found for a missing or foreign id. */
export async function requireBooking(caller: Caller, id: number): Promise<bookingRepo.BookingView> {
  const v = await bookingRepo.findBooking(caller.deps.db, caller.auth.companyId, id);
  if (!v) throw new AppError(404, "resource.booking_not_found");
  return v;
}

/** A type code of the company (a custom one must exist): 404 resource.type_not_found otherwise. */
export async function requireTypeCode(caller: Caller, code: string): Promise<repo.TypeRow | null> {
  if ((BUILTIN_RESOURCE_TYPES as readonly string[]).includes(code)) return null;
  const id = Number(code.replace(/^CUSTOM_/, ""));
  const t = /^CUSTOM_\d+$/.test(code) && Number.isSafeInteger(id) ? await repo.findType(caller.deps.db, caller.auth.companyId, id) : undefined;
  if (!t) throw new AppError(404, "resource.type_not_found");
  return t;
}

/** GET: the resources of a type with their held bookings in the day or ISO week of searchDate. */
export async function day(caller: Caller, q: ResourcesQuery): Promise<ResourceDay> {
  const { db } = caller.deps;
  if (q.type !== ALL_TYPES) await requireTypeCode(caller, q.type);
  const period = periodOf(q.searchDate ?? todayOf(caller.deps.clock.now()), q.range);
  const rows = await repo.resourcesOf(db, caller.auth.companyId, q.type === ALL_TYPES ? undefined : q.type);
  const may = await bookerTest(caller);
  const bookings = await bookingRepo.heldIn(db, caller.auth.companyId, rows.map((r) => r.id), period.start, period.end);
  return {
    fromDate: period.fromDate, toDate: period.toDate,
    resources: rows.map((r) => ({
      ...resourceOf(r, may(r), caller.auth.userId),
      bookings: bookings.filter((v) => v.b.resourceId === r.id).map((v) => bookingOf(v, caller.auth.userId)),
    })),
  };
}

/** GET book/list: one resource's held bookings in the day or week. */
export async function listOf(caller: Caller, q: BookingListQuery): Promise<Booking[]> {
  const r = await requireResource(caller, q.resourceId);
  const period = periodOf(q.searchDate ?? todayOf(caller.deps.clock.now()), q.range);
  const rows = await bookingRepo.heldIn(caller.deps.db, caller.auth.companyId, [r.id], period.start, period.end);
  return rows.map((v) => bookingOf(v, caller.auth.userId));
}

export async function one(caller: Caller, id: number): Promise<Booking> {
  return bookingOf(await requireBooking(caller, id), caller.auth.userId);
}

export async function mine(caller: Caller, q: z.infer<typeof myBookingsQuery>): Promise<BookingPage> {
  const from = q.from ?? caller.deps.clock.now().getTime();
  const { rows, total } = await bookingRepo.bookingsOf(caller.deps.db, caller.auth.companyId, caller.auth.userId, from, q.page, q.pageSize);
  return { content: rows.map((v) => bookingOf(v, caller.auth.userId)), total, page: q.page, pageSize: q.pageSize };
}

export async function pending(caller: Caller): Promise<Booking[]> {
  const rows = await bookingRepo.pendingFor(caller.deps.db, caller.auth.companyId, caller.auth.userId, caller.deps.clock.now());
  return rows.map((v) => bookingOf(v, caller.auth.userId));
}

/** Every type: the built-ins, then the custom ones by name, with their resource counts. */
export async function allTypes(caller: Caller): Promise<ResourceTypeInfo[]> {
  const { db } = caller.deps;
  const counts = await repo.countsByType(db, caller.auth.companyId);
  const builtins = BUILTIN_RESOURCE_TYPES.map((code) => ({ id: 0, code, name: null, resourceCount: counts.get(code) ?? 0 }));
  const custom = (await repo.typesOf(db, caller.auth.companyId)).map((t) => customTypeOf(t, counts));
  return [...builtins, ...custom];
}

/** GET types: the tabs, types that have at least one resource. */
export async function usedTypes(caller: Caller): Promise<ResourceTypeInfo[]> {
  return (await allTypes(caller)).filter((t) => t.resourceCount > 0);
}

/** GET type?type. */
export async function typeInfo(caller: Caller, code: string): Promise<ResourceTypeInfo> {
  if (code === ALL_TYPES) throw new AppError(404, "resource.type_not_found");
  await requireTypeCode(caller, code);
  return (await allTypes(caller)).find((t) => t.code === code)!;
}

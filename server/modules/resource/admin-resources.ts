// The admin's side of resources (company admins only): list, add, change, delete. A resource names its type
// (a built-in or one of the company's custom types), its status, whether bookings need its approver's yes,
// and who may book it. Deleting a resource cancels its bookings not yet over (their bookers are told, their
// calendar events go) and then removes it with its past bookings.
import { RESOURCES_MAX } from "../../../shared/resource/constants.ts";
import type { AdminResource, BookingCancelled, ResourceInput } from "../../../shared/resource/resources.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError, type FieldError } from "../../lib/errors.ts";
import { requireResource, requireResourceAdmin } from "./access.ts";
import * as bookingRepo from "./booking-repo.ts";
import { afterWrite } from "./bookings.ts";
import { bellTitle } from "./realtime.ts";
import { removeEvents } from "./calendar-link.ts";
import { adminResourcesOf } from "./present.ts";
import { requireTypeCode } from "./reads.ts";
import * as repo from "./repo.ts";

const field = (name: string, message: string): FieldError => ({ field: name, code: "common.validation", message });

/** The body's references checked: the type exists, the approver and bookers are the company's. */
async function checked(caller: Caller, input: ResourceInput) {
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  let customTypeId: number | null = null;
  try {
    customTypeId = (await requireTypeCode(caller, input.type))?.id ?? null;
  } catch {
    throw new AppError(400, "resource.type_not_found", undefined, [{ field: "type", code: "resource.type_not_found", message: "unknown type" }]);
  }
  const errors: FieldError[] = [];
  if (input.needsApproval && input.approverId === null) errors.push(field("approverId", "a resource that needs approval needs an approver"));
  if (input.approverId !== null && !(await repo.activeUserIds(db, companyId, [input.approverId])).has(input.approverId)) {
    errors.push(field("approverId", "no such user"));
  }
  const selected = input.bookerScope === "SELECTED";
  const userIds = selected ? [...new Set(input.bookerUserIds)] : [];
  const organIds = selected ? [...new Set(input.bookerOrganIds)] : [];
  if ((await repo.activeUserIds(db, companyId, userIds)).size !== userIds.length) errors.push(field("bookerUserIds", "no such user"));
  if ((await repo.organIdsIn(db, companyId, organIds)).size !== organIds.length) errors.push(field("bookerOrganIds", "no such organisation"));
  if (errors.length) throw new AppError(400, "common.validation", undefined, errors);
  return {
    values: {
      type: input.type, customTypeId, name: input.name, description: input.description, capacity: input.capacity,
      location: input.location, status: input.status, needsApproval: input.needsApproval,
      approverUserId: input.approverId, bookerScope: input.bookerScope, sortOrder: input.sortOrder,
    },
    userIds, organIds,
  };
}

export async function list(caller: Caller): Promise<AdminResource[]> {
  requireResourceAdmin(caller);
  const rows = await repo.resourcesOf(caller.deps.db, caller.auth.companyId);
  return await adminResourcesOf(caller.deps.db, caller.auth.companyId, caller.auth.userId, rows);
}

export async function adminView(caller: Caller, id: number): Promise<AdminResource> {
  const r = await requireResource(caller, id);
  return (await adminResourcesOf(caller.deps.db, caller.auth.companyId, caller.auth.userId, [r]))[0];
}

export async function create(caller: Caller, input: ResourceInput): Promise<AdminResource> {
  requireResourceAdmin(caller);
  const { deps, auth } = caller;
  const c = await checked(caller, input);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    if (await repo.countResources(tx, auth.companyId) >= RESOURCES_MAX) throw new AppError(400, "resource.too_many_resources");
    const row = await repo.insertResource(tx, { ...c.values, companyId: auth.companyId, createdAt: now, updatedAt: now });
    await repo.setBookers(tx, auth.companyId, row.id, c.userIds, c.organIds);
    return row;
  });
  await afterWrite(caller, [row.id], [], []);
  return await adminView(caller, row.id);
}

export async function update(caller: Caller, id: number, input: ResourceInput): Promise<AdminResource> {
  requireResourceAdmin(caller);
  const { deps, auth } = caller;
  await requireResource(caller, id);
  const c = await checked(caller, input);
  await deps.db.transaction(async (tx) => {
    await repo.updateResource(tx, auth.companyId, id, { ...c.values, updatedAt: deps.clock.now() });
    await repo.setBookers(tx, auth.companyId, id, c.userIds, c.organIds);
  });
  await afterWrite(caller, [id], [], []);
  return await adminView(caller, id);
}

export async function remove(caller: Caller, id: number): Promise<BookingCancelled> {
  requireResourceAdmin(caller);
  const { deps, auth } = caller;
  const done = await deps.db.transaction(async (tx) => {
    const resource = await requireResource(caller, id, tx, true);
    const future = await bookingRepo.heldFutureOf(tx, auth.companyId, id, deps.clock.now());
    const rows = await bookingRepo.changeStatus(tx, auth.companyId, future.map((b) => b.id), ["REQUESTED", "CONFIRMED"], {
      status: "CANCELLED", updatedAt: deps.clock.now(),
    });
    const calendars = await removeEvents(tx, deps, rows);
    await repo.deleteResource(tx, auth.companyId, id);
    return { rows, calendars, name: resource.name };
  });
  await afterWrite(caller, [id], done.calendars, done.rows.map((b) => ({
    userId: b.bookerUserId, bookingId: b.id, notice: "CANCELLED" as const, title: bellTitle(b.title, done.name),
  })));
  return { cancelledIds: done.rows.map((b) => b.id).sort((a, b) => a - b) };
}

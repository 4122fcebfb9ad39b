// Who may do what in resource booking: company admins manage resources and types and may cancel any booking;
// a member books a resource that is IN_USE and open to them (bookerScope ALL, or SELECTED naming them or an
// organisation they are in, sub-organisations included); admins may book any resource that is IN_USE.
import type { DbOrTx } from "../../../db/client.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

export const isAdmin = (caller: Caller) => caller.auth.role === "ROLE_ADMIN";

export function requireResourceAdmin(caller: Caller) {
  if (!isAdmin(caller)) throw new AppError(403, "resource.admin_only");
}

/** The resource of the caller's company; 404 resource.not_found for a missing or foreign id. */
export async function requireResource(caller: Caller, id: number, db: DbOrTx = caller.deps.db, lock = false): Promise<repo.ResourceRow> {
  const row = await repo.findResource(db, caller.auth.companyId, id, lock);
  if (!row) throw new AppError(404, "resource.not_found");
  return row;
}

/** A test of "the caller is among the bookers" for many resources (one query). */
export async function bookerTest(caller: Caller, db: DbOrTx = caller.deps.db): Promise<(r: repo.ResourceRow) => boolean> {
  if (isAdmin(caller)) return () => true;
  const selected = await repo.selectedBookable(db, caller.auth.companyId, caller.auth.userId);
  return (r) => r.bookerScope === "ALL" || selected.has(r.id);
}

/** 403 not_bookable (not IN_USE) or not_allowed (not among its bookers) unless the caller may book it. */
export async function requireBookable(caller: Caller, r: repo.ResourceRow, db: DbOrTx = caller.deps.db) {
  if (r.status !== "IN_USE") throw new AppError(403, "resource.not_bookable");
  if (!(await bookerTest(caller, db))(r)) throw new AppError(403, "resource.not_allowed");
}

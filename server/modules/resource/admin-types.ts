// Custom resource types (company admins only): at most CUSTOM_TYPES_MAX, names unique ignoring case; a type
// with resources cannot be deleted (409 resource.type_in_use).
import { sql } from "drizzle-orm";
import { CUSTOM_TYPES_MAX, customTypeCode } from "../../../shared/resource/constants.ts";
import type { ResourceTypeInfo } from "../../../shared/resource/resources.ts";
import type { Caller } from "../../lib/context.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { isForeignKeyViolation } from "./conflicts.ts";
import { AppError } from "../../lib/errors.ts";
import { requireResourceAdmin } from "./access.ts";
import { customTypeOf } from "./present.ts";
import { allTypes } from "./reads.ts";
import * as repo from "./repo.ts";

const addLock = (companyId: number) => sql`select pg_advisory_xact_lock(hashtextextended(${`resource_types:${companyId}`}, 0))`;
const nameTaken = () => new AppError(409, "resource.type_name_taken");

async function requireType(caller: Caller, id: number): Promise<repo.TypeRow> {
  const t = await repo.findType(caller.deps.db, caller.auth.companyId, id);
  if (!t) throw new AppError(404, "resource.type_not_found");
  return t;
}

export async function list(caller: Caller): Promise<ResourceTypeInfo[]> {
  requireResourceAdmin(caller);
  return await allTypes(caller);
}

export async function create(caller: Caller, name: string): Promise<ResourceTypeInfo> {
  requireResourceAdmin(caller);
  const { deps, auth } = caller;
  try {
    const t = await deps.db.transaction(async (tx) => {
      // One admin's adds at a time per company: the count below stays true until the insert commits.
      await tx.execute(addLock(auth.companyId));
      if ((await repo.typesOf(tx, auth.companyId)).length >= CUSTOM_TYPES_MAX) throw new AppError(400, "resource.too_many_types");
      return await repo.insertType(tx, auth.companyId, name, deps.clock.now());
    });
    return customTypeOf(t, new Map());
  } catch (e) {
    if (isUniqueViolation(e, "resource_types_name_uq")) throw nameTaken();
    throw e;
  }
}

export async function rename(caller: Caller, id: number, name: string): Promise<ResourceTypeInfo> {
  requireResourceAdmin(caller);
  await requireType(caller, id);
  try {
    const t = (await repo.renameType(caller.deps.db, caller.auth.companyId, id, name))!;
    return customTypeOf(t, await repo.countsByType(caller.deps.db, caller.auth.companyId));
  } catch (e) {
    if (isUniqueViolation(e, "resource_types_name_uq")) throw nameTaken();
    throw e;
  }
}

export async function remove(caller: Caller, id: number): Promise<ResourceTypeInfo> {
  requireResourceAdmin(caller);
  const t = await requireType(caller, id);
  const counts = await repo.countsByType(caller.deps.db, caller.auth.companyId);
  if (counts.get(customTypeCode(id))) throw new AppError(409, "resource.type_in_use");
  try {
    await repo.deleteType(caller.deps.db, caller.auth.companyId, id);
  } catch (e) {
    // A resource of the type was added meanwhile (the foreign key restricts).
    if (isForeignKeyViolation(e)) {
      throw new AppError(409, "resource.type_in_use");
    }
    throw e;
  }
  return customTypeOf(t, new Map());
}

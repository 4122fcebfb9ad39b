// Database properties and their select options (shared/wiki/properties.ts): READ on the database to get, WRITE
// on a PUBLISHED database to change. Changes of one database run one at a time (its row is locked), option
// changes of one property too (the property's row). After each change: WIKI_CHANGED kind "properties".
import { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { OPTIONS_MAX, PROPERTIES_MAX, SELECT_TYPES } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type {
  optionBody, optionPatchBody, Property, PropertyBody, PropertyConfig, propertyConfigBody, SelectOption,
} from "../../../../shared/wiki/properties.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type DocAccess, requireDoc } from "../access.ts";
import { publishWikiChanged } from "../realtime.ts";
import * as repo from "./repo.ts";
import { propertiesOf } from "./rows.ts";

type OptionBody = z.infer<typeof optionBody>;
type OptionPatch = z.infer<typeof optionPatchBody>;
type ConfigBody = z.infer<typeof propertyConfigBody>;

/** A short random option id (base64url, 10 characters). */
export function newOptionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "").slice(0, 10);
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The database document `id` with at least `need` (WRITE: PUBLISHED too); 409 wiki.not_database otherwise. */
async function requireDatabase(caller: Caller, id: number, write: boolean, db?: DbOrTx): Promise<DocAccess> {
  const d = await requireDoc(caller, id, write ? "WRITE" : "READ", { published: write, db });
  if (d.type !== "database") throw new AppError(409, WIKI_ERRORS.notDatabase);
  return d;
}

/** The property with the caller's access to its database checked (404 wiki.property_not_found when missing or foreign). */
async function requireProperty(caller: Caller, id: number, write: boolean, db?: DbOrTx, lock = false): Promise<Property> {
  return (await propertyAndDatabase(caller, id, write, db, lock)).p;
}

async function propertyAndDatabase(
  caller: Caller,
  id: number,
  write: boolean,
  db?: DbOrTx,
  lock = false,
): Promise<{ p: Property; database: DocAccess }> {
  const p = await repo.propertyById(db ?? caller.deps.db, caller.auth.companyId, id, lock);
  if (!p) throw new AppError(404, WIKI_ERRORS.propertyNotFound);
  const database = await requireDoc(caller, p.documentId, write ? "WRITE" : "READ", { published: write, db });
  return { p, database };
}

async function changed(caller: Caller, database: { id: number; parentId: number | null }) {
  await publishWikiChanged(caller.deps, caller.auth.companyId, { docId: database.id, parentId: database.parentId, kind: "properties" });
}

export async function getProperty(caller: Caller, id: number): Promise<Property> {
  return await requireProperty(caller, id, false);
}

/** A database's own properties, a row's database's, [] for any other document (READ on the document). */
export async function docProperties(caller: Caller, docId: number): Promise<Property[]> {
  const d = await requireDoc(caller, docId, "READ");
  const { db } = caller.deps;
  if (d.type === "database") return await propertiesOf(db, caller.auth.companyId, d.id);
  if (d.parentId !== null && (await repo.docType(db, caller.auth.companyId, d.parentId)) === "database") {
    return await propertiesOf(db, caller.auth.companyId, d.parentId);
  }
  return [];
}

function checkOptionNames(options: { name: string }[]) {
  if (options.length > OPTIONS_MAX) throw new AppError(409, WIKI_ERRORS.optionsMax, { max: OPTIONS_MAX });
  options.forEach((o, i) => {
    if (options.slice(0, i).some((x) => sameName(x.name, o.name))) throw new AppError(409, WIKI_ERRORS.optionExists, { name: o.name });
  });
}

/** config as stored for the type: options for select types, format for numbers, includeTime for dates. */
function initialConfig(body: PropertyBody): PropertyConfig {
  switch (body.type) {
    case "select":
    case "multi_select": {
      const options = body.config.options ?? [];
      checkOptionNames(options);
      return { options: options.map((o, i) => ({ id: newOptionId(), name: o.name, color: o.color ?? "gray", sortOrder: i })) };
    }
    case "number":
      return { format: body.config.format ?? "plain" };
    case "date":
      return { includeTime: body.config.includeTime ?? false };
    default:
      return {};
  }
}

export async function createProperty(caller: Caller, databaseId: number, body: PropertyBody): Promise<Property> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const config = initialConfig(body);
  const { p, database } = await db.transaction(async (tx) => {
    const database = await requireDatabase(caller, databaseId, true, tx);
    await repo.lockDoc(tx, companyId, databaseId);
    const { count, maxOrder } = await repo.countProperties(tx, companyId, databaseId);
    if (count >= PROPERTIES_MAX) throw new AppError(409, WIKI_ERRORS.propertiesMax, { max: PROPERTIES_MAX });
    const p = await repo.insertProperty(tx, { companyId, docId: databaseId, name: body.name, type: body.type, config, sortOrder: maxOrder + 1 });
    return { p, database };
  });
  await changed(caller, database);
  return p;
}

/**
 * Runs `change` on the locked property after checking WRITE on its database; saves what it returns (a name, a
 * config) and announces the change.
 */
async function editProperty(
  caller: Caller,
  id: number,
  change: (p: Property, tx: DbOrTx) => Promise<{ name?: string; config?: PropertyConfig } | null>,
): Promise<Property> {
  const { db } = caller.deps;
  const { out, database } = await db.transaction(async (tx) => {
    const { p, database } = await propertyAndDatabase(caller, id, true, tx, true);
    const set = await change(p, tx);
    return { out: set ? await repo.updateProperty(tx, caller.auth.companyId, id, set) : p, database };
  });
  await changed(caller, database);
  return out;
}

export async function renameProperty(caller: Caller, id: number, name: string): Promise<Property> {
  return await editProperty(caller, id, (p) => Promise.resolve(p.name === name ? null : { name }));
}

/** Number format and date includeTime (ignored for other types); switching the time off cuts dates to their day. */
export async function configureProperty(caller: Caller, id: number, body: ConfigBody): Promise<Property> {
  return await editProperty(caller, id, async (p, tx) => {
    if (p.type === "number" && body.format !== undefined) return { config: { ...p.config, format: body.format } };
    if (p.type === "date" && body.includeTime !== undefined) {
      if (!body.includeTime && p.config.includeTime) await repo.datesToDays(tx, caller.auth.companyId, p.id);
      return { config: { ...p.config, includeTime: body.includeTime } };
    }
    return null;
  });
}

function selectOptions(p: Property): SelectOption[] {
  if (!SELECT_TYPES.includes(p.type)) {
    throw new AppError(400, "common.validation", undefined, [
      { field: "", code: "common.validation", message: "options belong to select and multi_select properties" },
    ]);
  }
  return [...(p.config.options ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
}

const renumbered = (options: SelectOption[]) => options.map((o, i) => ({ ...o, sortOrder: i }));

function optionIndex(options: SelectOption[], optionId: string): number {
  const i = options.findIndex((o) => o.id === optionId);
  if (i < 0) throw new AppError(404, WIKI_ERRORS.optionNotFound);
  return i;
}

export async function addOption(caller: Caller, id: number, body: OptionBody): Promise<Property> {
  return await editProperty(caller, id, (p) => {
    const options = selectOptions(p);
    if (options.length >= OPTIONS_MAX) throw new AppError(409, WIKI_ERRORS.optionsMax, { max: OPTIONS_MAX });
    if (options.some((o) => sameName(o.name, body.name))) throw new AppError(409, WIKI_ERRORS.optionExists, { name: body.name });
    const option: SelectOption = { id: newOptionId(), name: body.name, color: body.color ?? "gray", sortOrder: options.length };
    return Promise.resolve({ config: { ...p.config, options: renumbered([...options, option]) } });
  });
}

export async function patchOption(caller: Caller, id: number, optionId: string, body: OptionPatch): Promise<Property> {
  return await editProperty(caller, id, (p) => {
    const options = selectOptions(p);
    const i = optionIndex(options, optionId);
    if (body.name !== undefined && options.some((o, j) => j !== i && sameName(o.name, body.name!))) {
      throw new AppError(409, WIKI_ERRORS.optionExists, { name: body.name });
    }
    options[i] = { ...options[i], name: body.name ?? options[i].name, color: body.color ?? options[i].color };
    return Promise.resolve({ config: { ...p.config, options } });
  });
}

/** Removes the option; select values holding it are cleared and multi-select lists lose it. */
export async function deleteOption(caller: Caller, id: number, optionId: string): Promise<Property> {
  return await editProperty(caller, id, async (p, tx) => {
    const options = selectOptions(p);
    const i = optionIndex(options, optionId);
    await repo.dropOption(tx, caller.auth.companyId, p.id, optionId);
    return { config: { ...p.config, options: renumbered(options.filter((_, j) => j !== i)) } };
  });
}

/** Puts the option right after prevId (null: first); multi-select lists follow the new order. */
export async function moveOption(caller: Caller, id: number, optionId: string, prevId: string | null): Promise<Property> {
  return await editProperty(caller, id, async (p, tx) => {
    const options = selectOptions(p);
    const moving = options[optionIndex(options, optionId)];
    const rest = options.filter((o) => o.id !== optionId);
    const at = prevId === null ? 0 : optionIndex(rest, prevId) + 1;
    rest.splice(at, 0, moving);
    if (p.type === "multi_select") await repo.reorderLists(tx, caller.auth.companyId, p.id, rest.map((o) => o.id));
    return { config: { ...p.config, options: renumbered(rest) } };
  });
}

/** Puts the property right after prevId (a property of the same database, null: first); answers them all. */
export async function moveProperty(caller: Caller, id: number, prevId: number | null): Promise<Property[]> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const { list, database } = await db.transaction(async (tx) => {
    const { p, database } = await propertyAndDatabase(caller, id, true, tx);
    await repo.lockDoc(tx, companyId, p.documentId);
    const all = await propertiesOf(tx, companyId, p.documentId);
    const rest = all.filter((x) => x.id !== id);
    let at = 0;
    if (prevId !== null) {
      const i = rest.findIndex((x) => x.id === prevId);
      if (i < 0) throw new AppError(404, WIKI_ERRORS.propertyNotFound, { prevId });
      at = i + 1;
    }
    rest.splice(at, 0, p);
    await repo.renumberProperties(tx, companyId, rest.map((x) => x.id));
    return { list: await propertiesOf(tx, companyId, p.documentId), database };
  });
  await changed(caller, database);
  return list;
}

/** Deletes the property: its rows' values go with it, and the database's view forgets it (001 §4). */
export async function deleteProperty(caller: Caller, id: number): Promise<{ id: number }> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const database = await db.transaction(async (tx) => {
    const { p, database } = await propertyAndDatabase(caller, id, true, tx);
    await repo.lockDoc(tx, companyId, p.documentId);
    await repo.deleteProperty(tx, companyId, id);
    await repo.stripFromView(tx, companyId, p.documentId, id);
    return database;
  });
  await changed(caller, database);
  return { id };
}

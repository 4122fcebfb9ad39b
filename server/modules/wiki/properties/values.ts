// A database row's property values (shared/wiki/properties.ts PropertyValue): READ on the row to get, WRITE on
// the PUBLISHED row to set or clear. A row is a document whose parent is a database (409 wiki.not_row). Each
// value must fit its property's type (400 wiki.value_invalid with params.propertyId); one with every field
// null or empty clears it. After a change: WIKI_CHANGED kind "updated" for the row.
import { PERSON_VALUE_MAX } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { Property, PropertyValue, ValueInput } from "../../../../shared/wiki/properties.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type DocAccess, requireDoc } from "../access.ts";
import { publishWikiChanged } from "../realtime.ts";
import * as repo from "./repo.ts";
import { propertiesOf, valuesByDoc } from "./rows.ts";

const bad = (propertyId: number, reason: string) => new AppError(400, WIKI_ERRORS.valueInvalid, { propertyId, reason });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function validDay(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function validUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

const empty = (v: ValueInput) =>
  (v.textValue === null || v.textValue === undefined || v.textValue === "") &&
  (v.numberValue === null || v.numberValue === undefined) &&
  (v.boolValue === null || v.boolValue === undefined) &&
  (v.jsonValue === null || v.jsonValue === undefined || v.jsonValue.length === 0);

/** The stored form of `v` for the property, or null to clear it; person ids are checked by the caller. */
function storedValue(p: Property, v: ValueInput): repo.StoredValue | null {
  if (empty(v)) return null;
  const others = (keep: keyof ValueInput) =>
    (["textValue", "numberValue", "boolValue", "jsonValue"] as const).some((k) => k !== keep && v[k] !== null && v[k] !== undefined);
  const field = p.type === "number" ? "numberValue" : p.type === "checkbox" ? "boolValue"
    : p.type === "multi_select" || p.type === "person" ? "jsonValue" : "textValue";
  if (others(field)) throw bad(p.id, `a ${p.type} value is held in ${field} only`);
  const none = { textValue: null, numberValue: null, boolValue: null, jsonValue: null };
  switch (p.type) {
    case "text":
      return { ...none, textValue: v.textValue! };
    case "url":
      if (!validUrl(v.textValue!)) throw bad(p.id, "not an http(s) URL");
      return { ...none, textValue: v.textValue! };
    case "number":
      if (!Number.isFinite(v.numberValue)) throw bad(p.id, "not a finite number");
      return { ...none, numberValue: v.numberValue! };
    case "checkbox":
      return { ...none, boolValue: v.boolValue! };
    case "select":
      if (!(p.config.options ?? []).some((o) => o.id === v.textValue)) throw bad(p.id, "not an option of the property");
      return { ...none, textValue: v.textValue! };
    case "date": {
      const s = v.textValue!;
      if (validDay(s)) return { ...none, textValue: s };
      if (p.config.includeTime && INSTANT.test(s) && validDay(s.slice(0, 10)) && !Number.isNaN(Date.parse(s))) {
        return { ...none, textValue: new Date(s).toISOString() };
      }
      throw bad(p.id, p.config.includeTime ? "not a date YYYY-MM-DD or an ISO instant" : "not a date YYYY-MM-DD");
    }
    case "multi_select": {
      const ids = v.jsonValue!;
      if (ids.some((x) => typeof x !== "string")) throw bad(p.id, "option ids are strings");
      const options = [...(p.config.options ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
      const chosen = new Set(ids as string[]);
      if (chosen.size !== ids.length) throw bad(p.id, "an option twice");
      const known = options.filter((o) => chosen.has(o.id)).map((o) => o.id);
      if (known.length !== chosen.size) throw bad(p.id, "not an option of the property");
      return { ...none, jsonValue: known };
    }
    case "person": {
      const ids = v.jsonValue!;
      if (ids.some((x) => typeof x !== "number")) throw bad(p.id, "person values are user ids");
      if (new Set<unknown>(ids).size !== ids.length) throw bad(p.id, "a person twice");
      if (ids.length > PERSON_VALUE_MAX) throw bad(p.id, `at most ${PERSON_VALUE_MAX} people`);
      return { ...none, jsonValue: ids };
    }
  }
}

/** The row `id` (its parent a database) with at least `need`; 409 wiki.not_row otherwise. */
async function requireRow(caller: Caller, id: number, write: boolean): Promise<DocAccess & { parentId: number }> {
  const d = await requireDoc(caller, id, write ? "WRITE" : "READ", { published: write });
  if (d.parentId === null || (await repo.docType(caller.deps.db, caller.auth.companyId, d.parentId)) !== "database") {
    throw new AppError(409, WIKI_ERRORS.notRow);
  }
  return { ...d, parentId: d.parentId };
}

async function rowValues(caller: Caller, docId: number): Promise<PropertyValue[]> {
  return (await valuesByDoc(caller.deps.db, caller.auth.companyId, [docId])).get(docId) ?? [];
}

export async function getValue(caller: Caller, id: number): Promise<PropertyValue> {
  const ref = await repo.valueById(caller.deps.db, caller.auth.companyId, id);
  if (!ref) throw new AppError(404, WIKI_ERRORS.valueNotFound);
  await requireDoc(caller, ref.docId, "READ");
  const v = (await rowValues(caller, ref.docId)).find((x) => x.id === id);
  if (!v) throw new AppError(404, WIKI_ERRORS.valueNotFound);
  return v;
}

/** Sets (or clears) the given values of the row; the others stay. Answers all the row's values. */
export async function putValues(caller: Caller, docId: number, values: ValueInput[]): Promise<PropertyValue[]> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const row = await requireRow(caller, docId, true);
  const props = new Map((await propertiesOf(db, companyId, row.parentId)).map((p) => [p.id, p]));
  const seen = new Set<number>();
  const plan = values.map((v) => {
    const p = props.get(v.propertyId);
    if (!p) throw bad(v.propertyId, "not a property of the row's database");
    if (seen.has(p.id)) throw bad(p.id, "the property twice");
    seen.add(p.id);
    return { p, stored: storedValue(p, v) };
  });
  const people = [...new Set(plan.flatMap(({ p, stored }) => (p.type === "person" && stored ? stored.jsonValue as number[] : [])))];
  const active = await repo.activeUserIds(db, companyId, people);
  for (const { p, stored } of plan) {
    if (p.type === "person" && stored && (stored.jsonValue as number[]).some((u) => !active.has(u))) {
      throw bad(p.id, "not an active user of the company");
    }
  }
  await db.transaction(async (tx) => {
    // The properties may have changed since they were read: write only those still there.
    const still = new Set((await propertiesOf(tx, companyId, row.parentId)).map((p) => p.id));
    for (const { p, stored } of plan) {
      if (!still.has(p.id)) continue;
      if (stored) await repo.upsertValue(tx, companyId, docId, p.id, stored);
      else await repo.clearValue(tx, companyId, docId, p.id);
    }
    if (plan.length) await repo.touchDoc(tx, companyId, docId, userId, clock.now());
  });
  if (plan.length) await publishWikiChanged(caller.deps, companyId, { docId, parentId: row.parentId, kind: "updated" });
  return await rowValues(caller, docId);
}

export async function deleteValue(caller: Caller, id: number): Promise<{ id: number }> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const ref = await repo.valueById(db, companyId, id);
  if (!ref) throw new AppError(404, WIKI_ERRORS.valueNotFound);
  const row = await requireDoc(caller, ref.docId, "WRITE", { published: true });
  await db.transaction(async (tx) => {
    await repo.deleteValue(tx, companyId, id);
    await repo.touchDoc(tx, companyId, ref.docId, userId, clock.now());
  });
  await publishWikiChanged(caller.deps, companyId, { docId: ref.docId, parentId: row.parentId, kind: "updated" });
  return { id };
}

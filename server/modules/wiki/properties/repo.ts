// Queries of database properties and row values (wiki_properties, wiki_property_values); every one scoped by
// the company. The rules are in service.ts and values.ts.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Property, PropertyConfig } from "../../../../shared/wiki/properties.ts";
import { toProperty } from "./rows.ts";

const cols = sql`id, company_id, doc_id, name, type, config, sort_order`;

// deno-lint-ignore no-explicit-any -- rows of db.execute are typed by toProperty's argument
type AnyRow = any;

/** One property of the company; `lock` takes its row for update (option changes rewrite config). */
export async function propertyById(db: DbOrTx, companyId: number, id: number, lock = false): Promise<Property | null> {
  const [row] = await db.execute<AnyRow>(sql`
    select ${cols} from wiki_properties where id = ${id} and company_id = ${companyId} ${lock ? sql`for update` : sql``}`);
  return row ? toProperty(row) : null;
}

/** Locks the database's row so property creates and moves of one database run one at a time. */
export async function lockDoc(tx: DbOrTx, companyId: number, docId: number): Promise<void> {
  await tx.execute(sql`select id from wiki_docs where id = ${docId} and company_id = ${companyId} for update`);
}

export async function countProperties(db: DbOrTx, companyId: number, docId: number): Promise<{ count: number; maxOrder: number }> {
  const [r] = await db.execute<{ n: string; m: number | null }>(sql`
    select count(*) as n, max(sort_order) as m from wiki_properties where company_id = ${companyId} and doc_id = ${docId}`);
  return { count: Number(r?.n ?? 0), maxOrder: r?.m === null || r?.m === undefined ? -1 : Number(r.m) };
}

export async function insertProperty(
  tx: DbOrTx,
  p: { companyId: number; docId: number; name: string; type: string; config: PropertyConfig; sortOrder: number },
): Promise<Property> {
  const [row] = await tx.execute<AnyRow>(sql`
    insert into wiki_properties (company_id, doc_id, name, type, config, sort_order)
    values (${p.companyId}, ${p.docId}, ${p.name}, ${p.type}, ${JSON.stringify(p.config)}::jsonb, ${p.sortOrder})
    returning ${cols}`);
  return toProperty(row);
}

export async function updateProperty(
  tx: DbOrTx,
  companyId: number,
  id: number,
  set: { name?: string; config?: PropertyConfig; sortOrder?: number },
): Promise<Property> {
  const parts = [];
  if (set.name !== undefined) parts.push(sql`name = ${set.name}`);
  if (set.config !== undefined) parts.push(sql`config = ${JSON.stringify(set.config)}::jsonb`);
  if (set.sortOrder !== undefined) parts.push(sql`sort_order = ${set.sortOrder}`);
  const [row] = await tx.execute<AnyRow>(sql`
    update wiki_properties set ${sql.join(parts, sql`, `)} where id = ${id} and company_id = ${companyId} returning ${cols}`);
  return toProperty(row);
}

export async function deleteProperty(tx: DbOrTx, companyId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from wiki_properties where id = ${id} and company_id = ${companyId}`);
}

/** Rewrites the properties' sort orders to 0..n-1 in the order of `ids`. */
export async function renumberProperties(tx: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`
    update wiki_properties p set sort_order = o.ord - 1
      from unnest(${`{${ids.join(",")}}`}::bigint[]) with ordinality as o(id, ord)
     where p.id = o.id and p.company_id = ${companyId} and p.sort_order is distinct from (o.ord - 1)::int`);
}

/** Removes the property from the database's view: sort, filters, group-by and hidden columns. */
export async function stripFromView(tx: DbOrTx, companyId: number, docId: number, propertyId: number): Promise<void> {
  await tx.execute(sql`
    update wiki_docs set view_config = jsonb_set(jsonb_set(jsonb_set(jsonb_set(view_config,
        '{sort}', case when view_config->>'sort' = ${String(propertyId)}::text then 'null'::jsonb else coalesce(view_config->'sort', 'null'::jsonb) end),
        '{filters}', coalesce((select jsonb_agg(f) from jsonb_array_elements(coalesce(view_config->'filters', '[]'::jsonb)) f
                                where (f->>'propertyId') is distinct from ${String(propertyId)}::text), '[]'::jsonb)),
        '{groupBy}', case when view_config->>'groupBy' = ${String(propertyId)}::text then 'null'::jsonb else coalesce(view_config->'groupBy', 'null'::jsonb) end),
        '{hidden}', coalesce((select jsonb_agg(h) from jsonb_array_elements(coalesce(view_config->'hidden', '[]'::jsonb)) h
                               where h::text <> ${String(propertyId)}::text), '[]'::jsonb))
     where id = ${docId} and company_id = ${companyId} and jsonb_typeof(view_config) = 'object'`);
}

/** Select values holding the option are cleared; multi-select lists lose it (and are cleared when empty). */
export async function dropOption(tx: DbOrTx, companyId: number, propertyId: number, optionId: string): Promise<void> {
  await tx.execute(sql`
    delete from wiki_property_values
     where company_id = ${companyId} and property_id = ${propertyId}
       and (text_value = ${optionId}::text or json_value = jsonb_build_array(${optionId}::text))`);
  await tx.execute(sql`
    update wiki_property_values set json_value = json_value - ${optionId}::text
     where company_id = ${companyId} and property_id = ${propertyId} and json_value @> jsonb_build_array(${optionId}::text)`);
}

/** Multi-select lists of the property put back in the options' order `order` (option ids). */
export async function reorderLists(tx: DbOrTx, companyId: number, propertyId: number, order: string[]): Promise<void> {
  await tx.execute(sql`
    update wiki_property_values v set json_value = coalesce((
        select jsonb_agg(x order by array_position(array(select jsonb_array_elements_text(${JSON.stringify(order)}::jsonb)), x))
          from jsonb_array_elements_text(v.json_value) x), '[]'::jsonb)
     where v.company_id = ${companyId} and v.property_id = ${propertyId} and jsonb_typeof(v.json_value) = 'array'`);
}

/** Date values cut to their day (a date property whose time was switched off). */
export async function datesToDays(tx: DbOrTx, companyId: number, propertyId: number): Promise<void> {
  await tx.execute(sql`
    update wiki_property_values set text_value = left(text_value, 10)
     where company_id = ${companyId} and property_id = ${propertyId} and length(text_value) > 10`);
}

export interface ValueRef {
  id: number;
  docId: number;
  propertyId: number;
}

export async function valueById(db: DbOrTx, companyId: number, id: number): Promise<ValueRef | null> {
  const [r] = await db.execute<{ id: string; doc_id: string; property_id: string }>(sql`
    select id, doc_id, property_id from wiki_property_values where id = ${id} and company_id = ${companyId}`);
  return r ? { id: Number(r.id), docId: Number(r.doc_id), propertyId: Number(r.property_id) } : null;
}

export async function deleteValue(tx: DbOrTx, companyId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from wiki_property_values where id = ${id} and company_id = ${companyId}`);
}

export interface StoredValue {
  textValue: string | null;
  numberValue: number | null;
  boolValue: boolean | null;
  jsonValue: unknown[] | null;
}

export async function upsertValue(tx: DbOrTx, companyId: number, docId: number, propertyId: number, v: StoredValue): Promise<void> {
  const json = v.jsonValue === null ? null : JSON.stringify(v.jsonValue);
  await tx.execute(sql`
    insert into wiki_property_values (company_id, doc_id, property_id, text_value, number_value, bool_value, json_value)
    values (${companyId}, ${docId}, ${propertyId}, ${v.textValue}, ${v.numberValue}, ${v.boolValue}, ${json}::jsonb)
    on conflict (doc_id, property_id) do update set text_value = excluded.text_value,
      number_value = excluded.number_value, bool_value = excluded.bool_value, json_value = excluded.json_value`);
}

export async function clearValue(tx: DbOrTx, companyId: number, docId: number, propertyId: number): Promise<void> {
  await tx.execute(sql`
    delete from wiki_property_values where company_id = ${companyId} and doc_id = ${docId} and property_id = ${propertyId}`);
}

/** The ACTIVE users of the company among `ids`. */
export async function activeUserIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select id from users where company_id = ${companyId} and status = 'ACTIVE'
       and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Marks the row changed by a value change (lastModifiedTime sorts by it). */
export async function touchDoc(tx: DbOrTx, companyId: number, docId: number, userId: number, at: Date): Promise<void> {
  await tx.execute(sql`
    update wiki_docs set updated_at = ${at.toISOString()}::timestamptz, updated_by = ${userId}
     where id = ${docId} and company_id = ${companyId}`);
}

/** The type of a document (to tell a row, whose parent is a database). */
export async function docType(db: DbOrTx, companyId: number, id: number): Promise<string | null> {
  const [r] = await db.execute<{ type: string }>(sql`select type from wiki_docs where id = ${id} and company_id = ${companyId}`);
  return r?.type ?? null;
}

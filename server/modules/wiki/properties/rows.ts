// A database's properties and its rows' values as the documents calls answer them, and the SQL that sorts and
// filters a database's rows (GET docs/summaries?parentId=<database>&sort=&dir=&filter=; shared/wiki/properties.ts
// RowFilter, FILTER_OPS_BY_TYPE). Used by docs/ (summaries, get) and by this folder's service.
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { BUILTIN_SORTS, type BuiltinSort, type FilterOp, type PropertyType, type SortDir } from "../../../../shared/wiki/constants.ts";
import {
  FILTER_OPS_BY_TYPE, type Property, type PropertyConfig, type PropertyValue, type RowFilter, rowFilters,
} from "../../../../shared/wiki/properties.ts";
import { AppError } from "../../../lib/errors.ts";

interface PropertyRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  doc_id: string;
  name: string;
  type: PropertyType;
  config: PropertyConfig | null;
  sort_order: number;
}

export const toProperty = (r: PropertyRow): Property => ({
  id: Number(r.id),
  companyId: Number(r.company_id),
  documentId: Number(r.doc_id),
  name: r.name,
  type: r.type,
  config: r.config ?? {},
  sortOrder: Number(r.sort_order),
});

/** The database's properties by sortOrder (then id). */
export async function propertiesOf(db: DbOrTx, companyId: number, databaseId: number): Promise<Property[]> {
  const rows = await db.execute<PropertyRow>(sql`
    select id, company_id, doc_id, name, type, config, sort_order from wiki_properties
     where company_id = ${companyId} and doc_id = ${databaseId}
     order by sort_order, id`);
  return rows.map(toProperty);
}

interface ValueRow extends Record<string, unknown> {
  id: string;
  doc_id: string;
  property_id: string;
  text_value: string | null;
  number_value: number | string | null;
  bool_value: boolean | null;
  json_value: unknown;
  type: PropertyType;
  p_sort: number;
}

/**
 * The values of the documents `docIds` (every id gets an entry, [] when it has none), in their properties'
 * order. A person value's jsonValue (stored as user ids) is answered as { id, username, accountName }[]
 * (users of the company only, in the stored order).
 */
export async function valuesByDoc(db: DbOrTx, companyId: number, docIds: number[]): Promise<Map<number, PropertyValue[]>> {
  const out = new Map<number, PropertyValue[]>(docIds.map((id) => [id, []]));
  if (!docIds.length) return out;
  const rows = await db.execute<ValueRow>(sql`
    select v.id, v.doc_id, v.property_id, v.text_value, v.number_value, v.bool_value, v.json_value, p.type,
           p.sort_order as p_sort
      from wiki_property_values v join wiki_properties p on p.id = v.property_id
     where v.company_id = ${companyId} and v.doc_id in (${sql.join(docIds.map((i) => sql`${i}`), sql`, `)})
     order by v.doc_id, p.sort_order, p.id`);
  const personIds = new Set<number>();
  for (const r of rows) if (r.type === "person" && Array.isArray(r.json_value)) for (const u of r.json_value) personIds.add(Number(u));
  const people = await usersById(db, companyId, [...personIds]);
  for (const r of rows) {
    const jsonValue = r.type === "person" && Array.isArray(r.json_value)
      ? r.json_value.map((u) => people.get(Number(u))).filter((u) => u !== undefined)
      : r.json_value ?? null;
    const value: PropertyValue = {
      id: Number(r.id),
      documentId: Number(r.doc_id),
      propertyId: Number(r.property_id),
      textValue: r.text_value,
      numberValue: r.number_value === null ? null : Number(r.number_value),
      boolValue: r.bool_value,
      jsonValue,
    };
    const list = out.get(value.documentId);
    if (list) list.push(value);
    else out.set(value.documentId, [value]);
  }
  return out;
}

export interface UserRef {
  id: number;
  username: string;
  accountName: string;
}

async function usersById(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, UserRef>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; username: string; account_name: string }>(sql`
    select id, username, account_name from users
     where company_id = ${companyId} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), username: r.username, accountName: r.account_name }]));
}

const invalid = (message: string) =>
  new AppError(400, "common.validation", undefined, [{ field: "filter", code: "common.validation", message }]);

/** A column of the row's (d) value of one property, as a scalar subquery. */
function valueOf(propertyId: number, column: "text_value" | "number_value" | "bool_value" | "json_value"): SQL {
  return sql`(select v.${sql.raw(column)} from wiki_property_values v where v.doc_id = d.id and v.property_id = ${propertyId})`;
}

/** An option id's rank (its sortOrder) in a select property, for `x` (an option id expression). */
function optionRank(p: Property, x: SQL): SQL {
  const options = p.config.options ?? [];
  if (!options.length) return sql`null::int`;
  return sql`(case ${x} ${sql.join(options.map((o) => sql`when ${o.id}::text then ${o.sortOrder}::int`), sql` `)} else null end)`;
}

function textOf(f: RowFilter): string {
  if (f.value === undefined || f.value === null) throw invalid(`filter ${f.op} on property ${f.propertyId} needs a value`);
  return String(f.value);
}

function numberOf(f: RowFilter): number {
  const n = typeof f.value === "number" ? f.value : typeof f.value === "string" && f.value.trim() !== "" ? Number(f.value) : NaN;
  if (!Number.isFinite(n)) throw invalid(`filter ${f.op} on property ${f.propertyId} needs a number`);
  return n;
}

function dateOf(f: RowFilter): string {
  const s = textOf(f);
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) throw invalid(`filter ${f.op} on property ${f.propertyId} needs a date YYYY-MM-DD`);
  return s.slice(0, 10);
}

function filterSql(p: Property, f: RowFilter): SQL {
  const op: FilterOp = f.op;
  switch (p.type) {
    case "text":
    case "url": {
      const tv = sql`coalesce(${valueOf(p.id, "text_value")}, '')`;
      if (op === "empty") return sql`${tv} = ''`;
      if (op === "not_empty") return sql`${tv} <> ''`;
      const s = textOf(f);
      if (op === "contains") return sql`strpos(lower(${tv}), lower(${s}::text)) > 0`;
      if (op === "not_contains") return sql`strpos(lower(${tv}), lower(${s}::text)) = 0`;
      if (op === "eq") return sql`${tv} = ${s}::text`;
      return sql`${tv} <> ${s}::text`; // neq
    }
    case "number": {
      const nv = valueOf(p.id, "number_value");
      if (op === "empty") return sql`${nv} is null`;
      if (op === "not_empty") return sql`${nv} is not null`;
      const n = numberOf(f);
      if (op === "eq") return sql`${nv} = ${n}::float8`;
      if (op === "neq") return sql`${nv} is distinct from ${n}::float8`;
      if (op === "gt") return sql`${nv} > ${n}::float8`;
      return sql`${nv} < ${n}::float8`; // lt
    }
    case "select": {
      const tv = valueOf(p.id, "text_value");
      if (op === "empty") return sql`${tv} is null`;
      if (op === "not_empty") return sql`${tv} is not null`;
      const s = textOf(f);
      if (op === "eq") return sql`${tv} = ${s}::text`;
      return sql`${tv} is distinct from ${s}::text`; // neq
    }
    case "multi_select":
    case "person": {
      const jv = sql`coalesce(${valueOf(p.id, "json_value")}, '[]'::jsonb)`;
      if (op === "empty") return sql`jsonb_array_length(${jv}) = 0`;
      if (op === "not_empty") return sql`jsonb_array_length(${jv}) > 0`;
      const item = p.type === "person" ? sql`jsonb_build_array(${numberOf(f)}::bigint)` : sql`jsonb_build_array(${textOf(f)}::text)`;
      if (op === "contains") return sql`${jv} @> ${item}`;
      return sql`not (${jv} @> ${item})`; // not_contains
    }
    case "date": {
      // Dates compare by their day (an instant's UTC day): "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm:ss.sssZ".
      const tv = valueOf(p.id, "text_value");
      if (op === "empty") return sql`${tv} is null`;
      if (op === "not_empty") return sql`${tv} is not null`;
      const day = dateOf(f);
      if (op === "eq") return sql`left(${tv}, 10) = ${day}::text`;
      if (op === "gt") return sql`left(${tv}, 10) > ${day}::text`;
      return sql`left(${tv}, 10) < ${day}::text`; // lt
    }
    case "checkbox": {
      const bv = sql`coalesce(${valueOf(p.id, "bool_value")}, false)`;
      return op === "checked" ? sql`${bv}` : sql`not ${bv}`;
    }
  }
}

function sortExpr(p: Property): SQL {
  switch (p.type) {
    case "number":
      return valueOf(p.id, "number_value");
    case "checkbox":
      return sql`coalesce(${valueOf(p.id, "bool_value")}, false)`;
    case "select":
      return optionRank(p, valueOf(p.id, "text_value"));
    case "multi_select":
      // By the first of its options in the options' order.
      return sql`(select min(${optionRank(p, sql`e.x`)}) from jsonb_array_elements_text(${valueOf(p.id, "json_value")}) e(x))`;
    case "person":
      return sql`(select u.account_name from users u where u.id = (${valueOf(p.id, "json_value")} ->> 0)::bigint)`;
    case "date":
      // "YYYY-MM-DD" and ISO instants sort as text in date order.
      return valueOf(p.id, "text_value");
    default:
      return sql`lower(${valueOf(p.id, "text_value")})`;
  }
}

const builtinSql: Record<BuiltinSort, SQL> = {
  title: sql`lower(d.title)`,
  createdTime: sql`d.created_at`,
  lastModifiedTime: sql`d.updated_at`,
};

/** Parses the filter query (JSON RowFilter[]); bad JSON or shape: 400 common.validation. */
export function parseRowFilters(filter: string | RowFilter[] | undefined): RowFilter[] {
  if (filter === undefined || filter === "") return [];
  let raw: unknown = filter;
  if (typeof filter === "string") {
    try {
      raw = JSON.parse(filter);
    } catch {
      throw invalid("filter must be a JSON array of filters");
    }
  }
  const r = rowFilters.safeParse(raw);
  if (!r.success) throw invalid(r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return r.data;
}

/**
 * The rows of the database `databaseId` (the wiki_docs aliased d) narrowed and ordered: `where` holds every
 * filter (true when none); `orderBy` the sort with nulls last either way, then d.sort_order and d.id (null when
 * no sort: the rows' own order). sort: a property id of this database or a BUILTIN_SORTS name. A filter or sort
 * on a property not of this database, an operator its type does not take, or a value of the wrong kind: 400
 * common.validation.
 */
export async function rowQuery(
  db: DbOrTx,
  companyId: number,
  databaseId: number,
  q: { sort?: string | null; dir: SortDir; filter?: string | RowFilter[] },
): Promise<{ where: SQL; orderBy: SQL | null }> {
  const filters = parseRowFilters(q.filter);
  const needProps = filters.length > 0 || (q.sort != null && q.sort !== "" && !(BUILTIN_SORTS as readonly string[]).includes(q.sort));
  const props = needProps ? new Map((await propertiesOf(db, companyId, databaseId)).map((p) => [p.id, p])) : new Map<number, Property>();

  const conds = filters.map((f) => {
    const p = props.get(f.propertyId);
    if (!p) throw invalid(`property ${f.propertyId} is not a property of this database`);
    if (!FILTER_OPS_BY_TYPE[p.type].includes(f.op)) throw invalid(`a ${p.type} property takes no ${f.op} filter`);
    return sql`(${filterSql(p, f)})`;
  });
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;

  let orderBy: SQL | null = null;
  if (q.sort != null && q.sort !== "") {
    let expr: SQL;
    if ((BUILTIN_SORTS as readonly string[]).includes(q.sort)) expr = builtinSql[q.sort as BuiltinSort];
    else {
      const p = /^\d{1,15}$/.test(q.sort) ? props.get(Number(q.sort)) : undefined;
      if (!p) throw new AppError(400, "common.validation", undefined, [
        { field: "sort", code: "common.validation", message: `sort must be a property of this database or ${BUILTIN_SORTS.join(", ")}` },
      ]);
      expr = sortExpr(p);
    }
    orderBy = sql`${expr} ${q.dir === "desc" ? sql`desc` : sql`asc`} nulls last, d.sort_order, d.id`;
  }
  return { where, orderBy };
}

// What a backup holds, read from PostgreSQL's catalogue rather than listed by hand: every table of the
// suite's schema (so a new module's tables are backed up with no change here), their columns, the order that
// satisfies their foreign keys, their sequences, and the columns that hold blob keys. A column holds blob
// keys when it is named blob_key or ends in _blob_key (the convention every module follows; the collector
// asks the same question).
import type { Queries } from "../../db/client.ts";

/** The schema the suite's tables live in. */
export const SUITE_SCHEMA = "public";

export interface TableInfo {
  name: string;
  /** Stored columns in their order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
}

export interface BlobColumn {
  table: string;
  column: string;
}

/** The suite's tables, each after every table its foreign keys point at. */
export async function suiteTables(sql: Queries): Promise<TableInfo[]> {
  const tables = await sql<{ name: string; columns: string[] }[]>`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = ${SUITE_SCHEMA} and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname`;
  const fks = await sql<{ child: string; parent: string }[]>`
    select distinct c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = ${SUITE_SCHEMA} and c.oid <> p.oid`;
  return dependencyOrder(tables, fks);
}

/** Tables sorted so that each comes after its parents; names break ties, so the order is stable. */
export function dependencyOrder(tables: TableInfo[], fks: { child: string; parent: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const { child, parent } of fks) if (byName.has(parent)) parents.get(child)?.add(parent);
  const out: TableInfo[] = [];
  const done = new Set<string>();
  while (out.length < tables.length) {
    const ready = [...parents.entries()]
      .filter(([name, ps]) => !done.has(name) && [...ps].every((p) => done.has(p)))
      .map(([name]) => name)
      .sort();
    if (!ready.length) {
      const left = tables.filter((t) => !done.has(t.name)).map((t) => t.name);
      throw new Error(`foreign keys form a cycle among: ${left.join(", ")}`);
    }
    for (const name of ready) {
      done.add(name);
      out.push(byName.get(name)!);
    }
  }
  return out;
}

/** Columns of the suite's tables that hold blob keys. */
export async function blobColumns(sql: Queries): Promise<BlobColumn[]> {
  return await sql<BlobColumn[]>`
    select table_name::text as table, column_name::text as column
      from information_schema.columns
     where table_schema = ${SUITE_SCHEMA} and (column_name = 'blob_key' or column_name like '%\_blob\_key')
       and data_type = 'text'
     order by table_name, column_name`;
}

export interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

/** The suite's sequences with where each stands. */
export async function sequenceValues(sql: Queries): Promise<SequenceValue[]> {
  const seqs = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ${SUITE_SCHEMA} and c.relkind = 'S' order by c.relname`;
  const out: SequenceValue[] = [];
  for (const { name } of seqs) {
    const [row] = await sql<{ value: string; called: boolean }[]>`
      select last_value::text as value, is_called as called from ${sql(SUITE_SCHEMA)}.${sql(name)}`;
    out.push({ name, ...row });
  }
  return out;
}

/**
 * Tables a server fills by itself on its first start (its signing keys), which a restore replaces with the
 * archive's: an installation whose only rows are there counts as empty.
 */
const INSTALLATION_TABLES = new Set(["server_secrets"]);

/** Whether any of the suite's tables holds a row (of a company, a user, a mail...). */
export async function holdsData(sql: Queries): Promise<boolean> {
  for (const t of await suiteTables(sql)) {
    if (INSTALLATION_TABLES.has(t.name)) continue;
    const [row] = await sql`select exists (select 1 from ${sql(SUITE_SCHEMA)}.${sql(t.name)}) as e`;
    if (row.e) return true;
  }
  return false;
}

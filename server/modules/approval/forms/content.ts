// A document's field values against its form version's fields (FieldValue in shared/approval/documents.ts), for
// drafting (B): text and textarea → text; number and money → finite numbers; date → YYYY-MM-DD (a real day);
// person → { id, name } of a user of the company; organ → { id, name } of a department of the company; table →
// at most TABLE_ROWS_MAX rows of the columns' types; attachments → file ids (approval_files of the company).
// Names of people and departments are taken from the database, not the client. Keys the form does not have are
// dropped. Problems answer approval.field_required / approval.field_invalid with params { field: label, key }, and
// a table over TABLE_ROWS_MAX rows approval.table_too_long with { field, key, max } (the limit to say).
import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalFiles, organizations, users } from "../../../../db/schema/index.ts";
import { FILES_MAX, TABLE_ROWS_MAX } from "../../../../shared/approval/constants.ts";
import type { ColumnType } from "../../../../shared/approval/constants.ts";
import type { FieldValue } from "../../../../shared/approval/documents.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { FormField } from "../../../../shared/approval/forms.ts";
import { AppError, type FieldError, messageOf } from "../../../lib/errors.ts";

export const TEXT_MAX = 2_000;
export const TEXTAREA_MAX = 20_000;

export interface ContentProblem {
  key: string;
  label: string;
  code: typeof E.fieldRequired | typeof E.fieldInvalid | typeof E.tableTooLong;
  /** approval.table_too_long: the most rows the table takes. */
  max?: number;
}

export interface ContentCheck {
  /** The values to store (every field of the form: null when empty). */
  content: Record<string, FieldValue>;
  problems: ContentProblem[];
}

const INVALID = Symbol("invalid");
const TOO_LONG = Symbol("too long");
type Cell = string | number | null;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

function isDay(v: unknown): v is string {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function text(v: unknown, max: number): string | typeof INVALID {
  return typeof v === "string" && v.length <= max ? v.trim() : INVALID;
}

function cell(type: ColumnType, v: unknown): Cell | typeof INVALID {
  if (isEmpty(v)) return null;
  if (type === "text") return text(v, TEXT_MAX);
  if (type === "date") return isDay(v) ? v : INVALID;
  return isNumber(v) ? v : INVALID;
}

function tableRows(field: FormField, v: unknown): Record<string, Cell>[] | typeof INVALID | typeof TOO_LONG {
  if (!Array.isArray(v)) return INVALID;
  if (v.length > TABLE_ROWS_MAX) return TOO_LONG;
  const rows: Record<string, Cell>[] = [];
  for (const raw of v) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return INVALID;
    const row: Record<string, Cell> = {};
    for (const c of field.columns) {
      const value = cell(c.type, (raw as Record<string, unknown>)[c.key]);
      if (value === INVALID) return INVALID;
      row[c.key] = value;
    }
    rows.push(row);
  }
  return rows;
}

const refId = (v: unknown): number | null => {
  if (typeof v !== "object" || v === null) return null;
  const id = (v as { id?: unknown }).id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

const fileIds = (v: unknown): number[] | null =>
  Array.isArray(v) && v.length <= FILES_MAX && v.every((id) => typeof id === "number" && Number.isSafeInteger(id) && id > 0)
    ? [...new Set(v as number[])]
    : null;

/** Checks the values; `required` (submitting) also refuses empty required fields (a temporary save does not). */
export async function checkContent(
  db: DbOrTx,
  companyId: number,
  fields: FormField[],
  input: Record<string, unknown>,
  required: boolean,
): Promise<ContentCheck> {
  const content: Record<string, FieldValue> = {};
  const problems: ContentProblem[] = [];
  const refs = { person: new Map<string, number>(), organ: new Map<string, number>(), files: new Map<string, number[]>() };
  for (const f of fields) {
    const raw = input[f.key];
    const invalid = () => problems.push({ key: f.key, label: f.label, code: E.fieldInvalid });
    content[f.key] = null;
    if (isEmpty(raw)) {
      if (required && f.required) problems.push({ key: f.key, label: f.label, code: E.fieldRequired });
      if (f.type === "table" || f.type === "attachments") content[f.key] = [];
      continue;
    }
    if (f.type === "text" || f.type === "textarea") {
      const value = text(raw, f.type === "text" ? TEXT_MAX : TEXTAREA_MAX);
      if (value === INVALID) invalid();
      else content[f.key] = value;
    } else if (f.type === "number" || f.type === "money") {
      if (isNumber(raw)) content[f.key] = raw;
      else invalid();
    } else if (f.type === "date") {
      if (isDay(raw)) content[f.key] = raw;
      else invalid();
    } else if (f.type === "person" || f.type === "organ") {
      const id = refId(raw);
      if (id === null) invalid();
      else refs[f.type].set(f.key, id);
    } else if (f.type === "table") {
      const rows = tableRows(f, raw);
      if (rows === INVALID) invalid();
      else if (rows === TOO_LONG) problems.push({ key: f.key, label: f.label, code: E.tableTooLong, max: TABLE_ROWS_MAX });
      else content[f.key] = rows;
    } else {
      const ids = fileIds(raw);
      if (ids === null) invalid();
      else refs.files.set(f.key, ids);
    }
  }
  await resolveRefs(db, companyId, fields, refs, content, problems);
  return { content, problems };
}

async function resolveRefs(
  db: DbOrTx,
  companyId: number,
  fields: FormField[],
  refs: { person: Map<string, number>; organ: Map<string, number>; files: Map<string, number[]> },
  content: Record<string, FieldValue>,
  problems: ContentProblem[],
) {
  const personIds = [...new Set(refs.person.values())];
  const organIds = [...new Set(refs.organ.values())];
  const allFiles = [...new Set([...refs.files.values()].flat())];
  const people = new Map((personIds.length
    ? await db.select({ id: users.id, name: users.displayName }).from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, personIds), ne(users.status, "DELETED")))
    : []).map((r) => [r.id, r.name]));
  const organs = new Map((organIds.length
    ? await db.select({ id: organizations.id, name: organizations.name }).from(organizations)
      .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, organIds)))
    : []).map((r) => [r.id, r.name]));
  const files = new Set((allFiles.length
    ? await db.select({ id: approvalFiles.id }).from(approvalFiles)
      .where(and(eq(approvalFiles.companyId, companyId), inArray(approvalFiles.id, allFiles)))
    : []).map((r) => r.id));
  const labelOf = (key: string) => fields.find((f) => f.key === key)!.label;
  const invalid = (key: string) => problems.push({ key, label: labelOf(key), code: E.fieldInvalid });
  for (const [key, id] of refs.person) {
    if (people.has(id)) content[key] = { id, name: people.get(id)! };
    else invalid(key);
  }
  for (const [key, id] of refs.organ) {
    if (organs.has(id)) content[key] = { id, name: organs.get(id)! };
    else invalid(key);
  }
  for (const [key, ids] of refs.files) {
    if (ids.every((id) => files.has(id))) content[key] = ids;
    else invalid(key);
  }
  // Problems in the fields' order, as the form shows them.
  const order = new Map(fields.map((f, i) => [f.key, i]));
  problems.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
}

/** As checkContent, refusing the first problem: 400 with its code, params { field: label, key } and every
 * problem in errors[] (field = the field's key). */
export async function validateContent(
  db: DbOrTx,
  companyId: number,
  fields: FormField[],
  input: Record<string, unknown>,
  required: boolean,
): Promise<Record<string, FieldValue>> {
  const { content, problems } = await checkContent(db, companyId, fields, input, required);
  if (problems.length) {
    const errors: FieldError[] = problems.map((p) => ({ field: p.key, code: p.code, message: messageOf(p.code) }));
    throw new AppError(400, problems[0].code, { field: problems[0].label, key: problems[0].key }, errors);
  }
  return content;
}

// Database properties and their values (001 §3 "Property", "Property value"; §4 "Deleting a property removes it
// from the document, its children and the opened document"). A database is a document of type database; its
// rows are the documents directly under it. Calls under /api/wiki:
//
//   GET    properties/{id}                                   Property (READ on its database)
//   GET    docs/{id}/properties                              Property[] by sortOrder: a database's own, a row's
//                                                            database's, [] for other documents (READ)
//   POST   docs/{id}/properties                              propertyBody → 201 Property (WRITE; 409
//                                                            wiki.not_database, wiki.properties_max)
//   PATCH  properties/{id}/name                              { name } → Property (WRITE)
//   PATCH  properties/{id}/config                            propertyConfigBody → Property (WRITE): number
//                                                            format, date includeTime (options: the calls below)
//   POST   properties/{id}/config/select/options             optionBody → 201 Property (select and multi-select;
//                                                            409 wiki.option_exists, wiki.options_max)
//   PATCH  properties/{id}/config/select/options/{optionId}  optionPatchBody → Property (rename, recolour)
//   DELETE properties/{id}/config/select/options/{optionId}  Property; rows' values lose the option
//   POST   properties/{id}/config/select/options/{optionId}/move  { prevId } (an option id or null: first) → Property
//   PATCH  properties/{id}/move                              { prevId } (a property id or null) → Property[]
//   DELETE properties/{id}                                   200 { id }: gone from the database, its rows'
//                                                            values, the database's view (sort, filters, group-by)
//   GET    property-values/{id}                              PropertyValue (READ on its row)
//   PUT    docs/{id}/property-values                         valuesBody → PropertyValue[] (all the row's values;
//                                                            WRITE on the row; 409 wiki.not_row; 400
//                                                            wiki.value_invalid with params.propertyId). A value
//                                                            with every field null (or an empty list) clears it.
//   DELETE property-values/{id}                              200 { id } (WRITE on its row)
// 404 wiki.property_not_found / wiki.option_not_found / wiki.value_not_found for missing or foreign ids.
import { z } from "zod";
import {
  BUILTIN_SORTS, FILTER_OPS, type FilterOp, NUMBER_FORMATS, OPTION_COLORS, OPTION_NAME_MAX, PROPERTY_NAME_MAX,
  PROPERTY_TYPES, type PropertyType, SORT_DIRS, TEXT_VALUE_MAX, VIEW_KINDS,
} from "./constants.ts";

/** A select option: id a short string (the path's {optionId}). */
export interface SelectOption {
  id: string;
  name: string;
  color: (typeof OPTION_COLORS)[number];
  sortOrder: number;
}

/** config by type: select and multi_select { options }; number { format }; date { includeTime }; others {}. */
export interface PropertyConfig {
  options?: SelectOption[];
  format?: (typeof NUMBER_FORMATS)[number];
  includeTime?: boolean;
}

export interface Property {
  id: number;
  companyId: number;
  /** The database. */
  documentId: number;
  name: string;
  type: PropertyType;
  config: PropertyConfig;
  sortOrder: number;
}

/**
 * 001 §3: propertyId, textValue, numberValue, boolValue, jsonValue. Which field holds what:
 *   text, url  textValue               number    numberValue
 *   select     textValue (option id)   checkbox  boolValue
 *   date       textValue "YYYY-MM-DD" or, with includeTime, an ISO instant "2026-12-05T09:30:00.000Z"
 *   multi_select  jsonValue string[] (option ids, in the options' order)
 *   person     jsonValue: in a body number[] (user ids of the company); in an answer WikiUserRef-like
 *              { id, username, accountName }[]
 */
export interface PropertyValue {
  id: number;
  documentId: number;
  propertyId: number;
  textValue: string | null;
  numberValue: number | null;
  boolValue: boolean | null;
  jsonValue: unknown;
}

/** A database's rows filtered: every filter must hold. value: per op (none for empty, not_empty, checked, unchecked). */
export interface RowFilter {
  propertyId: number;
  op: FilterOp;
  value?: string | number | null;
}

/** Which operators a filter on a property of each type takes. */
export const FILTER_OPS_BY_TYPE: Record<PropertyType, readonly FilterOp[]> = {
  text: ["contains", "not_contains", "eq", "neq", "empty", "not_empty"],
  url: ["contains", "not_contains", "eq", "neq", "empty", "not_empty"],
  number: ["eq", "neq", "gt", "lt", "empty", "not_empty"],
  select: ["eq", "neq", "empty", "not_empty"],
  multi_select: ["contains", "not_contains", "empty", "not_empty"],
  date: ["eq", "gt", "lt", "empty", "not_empty"],
  person: ["contains", "not_contains", "empty", "not_empty"],
  checkbox: ["checked", "unchecked"],
};

const idNum = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const rowFilter = z.object({
  propertyId: idNum,
  op: z.enum(FILTER_OPS),
  value: z.union([z.string().max(TEXT_VALUE_MAX), z.number(), z.null()]).optional(),
});
export const rowFilters = z.array(rowFilter).max(20);

/** A database's view, shared by everyone who opens it (PATCH docs/{id} viewConfig). */
export const databaseView = z.object({
  kind: z.enum(VIEW_KINDS).default("TABLE"),
  /** A property id as a string, or a BUILTIN_SORTS name; null: the rows' own order. */
  sort: z.union([z.enum(BUILTIN_SORTS), z.string().regex(/^\d{1,15}$/)]).nullable().default(null),
  dir: z.enum(SORT_DIRS).default("asc"),
  filters: rowFilters.default([]),
  /** BOARD: the select property the columns come from. */
  groupBy: idNum.nullable().default(null),
  /** TABLE: properties not shown. */
  hidden: z.array(idNum).max(100).default([]),
});
export type DatabaseView = z.infer<typeof databaseView>;

const name = z.string().max(PROPERTY_NAME_MAX).transform((s) => s.normalize("NFC").trim()).pipe(z.string().min(1));
const optionName = z.string().max(OPTION_NAME_MAX).transform((s) => s.normalize("NFC").trim()).pipe(z.string().min(1));

export const propertyConfigBody = z.object({
  format: z.enum(NUMBER_FORMATS).optional(),
  includeTime: z.boolean().optional(),
});

export const propertyBody = z.object({
  name,
  type: z.enum(PROPERTY_TYPES),
  config: propertyConfigBody.extend({
    options: z.array(z.object({ name: optionName, color: z.enum(OPTION_COLORS).optional() })).max(100).optional(),
  }).default({}),
});
export type PropertyBody = z.infer<typeof propertyBody>;

export const propertyNameBody = z.object({ name });
export const optionBody = z.object({ name: optionName, color: z.enum(OPTION_COLORS).optional() });
export const optionPatchBody = z.object({ name: optionName.optional(), color: z.enum(OPTION_COLORS).optional() });
export const optionMoveBody = z.object({ prevId: z.string().max(40).nullable().default(null) });
export const propertyMoveBody = z.object({ prevId: idNum.nullable().default(null) });

export const valueInput = z.object({
  propertyId: idNum,
  textValue: z.string().max(TEXT_VALUE_MAX).nullable().optional(),
  numberValue: z.number().finite().nullable().optional(),
  boolValue: z.boolean().nullable().optional(),
  jsonValue: z.union([z.array(z.string().max(40)).max(100), z.array(idNum).max(100), z.null()]).optional(),
});
export const valuesBody = z.object({ values: z.array(valueInput).max(100) });
export type ValueInput = z.infer<typeof valueInput>;

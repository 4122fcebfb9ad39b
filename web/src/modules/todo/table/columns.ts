// The header's columns as the table lays them out and changes them (002 §3 "Header column"): widths (a draft
// while one is being resized), the columns a move may swap, the header after an add, a move, a removal or a
// rename, and a new column of a type. Pure: tests/web/todo-table-rows.test.ts.
import { HEADER_WIDTH_MAX, HEADER_WIDTHS, type HeaderType } from "@shared/todo/constants.ts";
import type { HeaderColumn, StatusOption } from "@shared/todo/boards.ts";

/** The types the "+" menu adds (TITLE and ADDITIONAL are there once already). */
export const ADDABLE_TYPES = ["STATUS", "PERSON", "TIMELINE", "NUMBER", "TEXT", "LINK", "CHECK", "CREATED_LOG"] as const satisfies readonly HeaderType[];

/** A width kept between the type's minimum and HEADER_WIDTH_MAX. */
export const clampWidth = (type: HeaderType, w: number) => Math.max(HEADER_WIDTHS[type].min, Math.min(HEADER_WIDTH_MAX, Math.round(w)));

export const widthOf = (c: HeaderColumn, drafts: Readonly<Record<string, number>>) => clampWidth(c.type, drafts[c.value] ?? c.width ?? HEADER_WIDTHS[c.type].width);

export function newColumn(type: HeaderType, key: string, options: StatusOption[] = []): HeaderColumn {
  return { value: key, type, name: "", width: HEADER_WIDTHS[type].width, connectedColumn: null, options: type === "STATUS" ? options : [] };
}

/** The header with a column added just before ADDITIONAL. */
export function withColumn(header: readonly HeaderColumn[], c: HeaderColumn): HeaderColumn[] {
  const i = header.findIndex((x) => x.type === "ADDITIONAL");
  const at = i < 0 ? header.length : i;
  return [...header.slice(0, at), c, ...header.slice(at)];
}

/** A column may move left unless it is next to TITLE, right unless next to ADDITIONAL; TITLE and ADDITIONAL stay. */
export function canMove(header: readonly HeaderColumn[], key: string, dir: -1 | 1): boolean {
  const i = header.findIndex((c) => c.value === key);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= header.length) return false;
  const fixed = (c: HeaderColumn) => c.type === "TITLE" || c.type === "ADDITIONAL";
  return !fixed(header[i]) && !fixed(header[j]);
}

export function moved(header: readonly HeaderColumn[], key: string, dir: -1 | 1): HeaderColumn[] {
  if (!canMove(header, key, dir)) return [...header];
  const i = header.findIndex((c) => c.value === key);
  const out = [...header];
  [out[i], out[i + dir]] = [out[i + dir], out[i]];
  return out;
}

export const without = (header: readonly HeaderColumn[], key: string) => header.filter((c) => c.value !== key || c.type === "TITLE" || c.type === "ADDITIONAL");
export const changed = (header: readonly HeaderColumn[], key: string, patch: Partial<HeaderColumn>) => header.map((c) => (c.value === key ? { ...c, ...patch } : c));

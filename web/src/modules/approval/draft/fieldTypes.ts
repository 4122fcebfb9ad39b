// Field kinds the editor treats apart (shared/approval/constants.ts FIELD_TYPES).
import type { FieldType } from "@shared/approval/constants.ts";

export const ATTACHMENTS_TYPE: FieldType = "attachments";
/** A value counts as filled: text with something in it, a number, a chosen person or department, a table row
 * with any cell filled, at least one file. */
export function isFilled(type: FieldType, v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (type === "table") return Array.isArray(v) && v.some((r) => r && Object.values(r).some((c) => c !== null && c !== ""));
  if (type === "attachments") return Array.isArray(v) && v.length > 0;
  if (typeof v === "string") return v.trim().length > 0;
  if (typeof v === "number") return Number.isFinite(v);
  return typeof v === "object";
}

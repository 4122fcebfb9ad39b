// A filter as words ("상태 = 완료"), for its chip in the filter bar.
import type { TFunction } from "i18next";
import type { Property, RowFilter } from "@shared/wiki/properties.ts";
import { formatDate, formatNumber, optionsOf } from "./value.ts";

export function filterValueText(p: Property, f: RowFilter, lng: string): string {
  if (f.value === undefined || f.value === null || f.value === "") return "";
  if (p.type === "select" || p.type === "multi_select") return optionsOf(p).find((o) => o.id === f.value)?.name ?? "";
  if (p.type === "number" && typeof f.value === "number") return formatNumber(f.value, p.config.format, lng);
  if (p.type === "date") return formatDate(String(f.value), false, lng);
  return String(f.value);
}

export function filterText(t: TFunction, p: Property, f: RowFilter, lng: string, personName?: string): string {
  const value = p.type === "person" ? (personName ?? String(f.value ?? "")) : filterValueText(p, f, lng);
  return [p.name, t(`wiki:database.op.${f.op}`), value].filter(Boolean).join(" ");
}

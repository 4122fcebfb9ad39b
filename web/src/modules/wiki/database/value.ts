// A row's property values as the database screens show and edit them (shared/wiki/properties.ts: which field of
// a PropertyValue holds what for each type): reading a value, its text, and the body that sets or clears it.
import type { NumberFormat } from "@shared/wiki/constants.ts";
import type { Property, PropertyValue, SelectOption, ValueInput } from "@shared/wiki/properties.ts";
import { dateFormat } from "../../../lib/intl-format.ts";

export interface PersonRef {
  id: number;
  username: string;
  accountName: string;
}

export const valueOf = (values: readonly PropertyValue[], propertyId: number) => values.find((v) => v.propertyId === propertyId) ?? null;

/** A select property's options in their order. */
export const optionsOf = (p: Property): SelectOption[] => [...(p.config.options ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);

/** The chosen options of a select or multi-select value, in the options' order. */
export function chosenOptions(p: Property, v: PropertyValue | null): SelectOption[] {
  if (!v) return [];
  const ids = p.type === "select" ? (v.textValue ? [v.textValue] : []) : Array.isArray(v.jsonValue) ? (v.jsonValue as string[]) : [];
  return optionsOf(p).filter((o) => ids.includes(o.id));
}

export function personsOf(v: PropertyValue | null): PersonRef[] {
  return v && Array.isArray(v.jsonValue) ? (v.jsonValue as unknown[]).filter((x): x is PersonRef => !!x && typeof x === "object") : [];
}

const CURRENCY: Partial<Record<NumberFormat, string>> = { won: "KRW", dollar: "USD", rupiah: "IDR" };

export function formatNumber(n: number, format: NumberFormat | undefined, lng: string): string {
  switch (format) {
    case "comma":
      return new Intl.NumberFormat(lng).format(n);
    case "percent":
      return `${new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(n)}%`;
    case "won":
    case "dollar":
    case "rupiah":
      return new Intl.NumberFormat(lng, { style: "currency", currency: CURRENCY[format]! }).format(n);
    default:
      return String(n);
  }
}

/** A date value as text: the day, or with includeTime the local day and time. */
export function formatDate(text: string, includeTime: boolean | undefined, lng: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, m, d] = text.split("-").map(Number);
    return dateFormat(lng, { dateStyle: "medium" }).format(new Date(y, m - 1, d));
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return text;
  return dateFormat(lng, includeTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" }).format(at);
}

/** The plain text of a value (text, number, date, url, and names for the others); "" when empty. */
export function valueText(p: Property, v: PropertyValue | null, lng: string): string {
  if (!v) return "";
  switch (p.type) {
    case "number":
      return v.numberValue === null ? "" : formatNumber(v.numberValue, p.config.format, lng);
    case "date":
      return v.textValue ? formatDate(v.textValue, p.config.includeTime, lng) : "";
    case "select":
    case "multi_select":
      return chosenOptions(p, v).map((o) => o.name).join(", ");
    case "person":
      return personsOf(v).map((u) => u.accountName || u.username).join(", ");
    case "checkbox":
      return "";
    default:
      return v.textValue ?? "";
  }
}

/** The input of a date field (type date or datetime-local) from a stored value. */
export function dateInput(text: string | null, includeTime: boolean | undefined): string {
  if (!text) return "";
  if (!includeTime) return text.slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T09:00`;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The stored value of a date field's input: "YYYY-MM-DD", or an ISO instant for a local date and time. */
export function dateValue(input: string): string | null {
  if (!input) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return input;
  const at = new Date(input);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The body that clears a value. */
export const cleared = (propertyId: number): ValueInput => ({ propertyId, textValue: null, numberValue: null, boolValue: null, jsonValue: null });

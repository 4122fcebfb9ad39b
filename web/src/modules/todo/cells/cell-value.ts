// A cell's value read by its column type (shared/todo/items.ts CellValue: whatever the server keeps, anything
// not of the type reads as empty), and how the cells write it: days, numbers, a creator's time, a person's
// initials, and the text colour that reads on a label's colour. Pure: tests/web/todo-cells.test.ts.
import type { CellValue } from "@shared/todo/items.ts";
import { dateFormat, numberFormat } from "../../../lib/intl-format.ts";

export const asText = (v: CellValue | undefined): string => (typeof v === "string" ? v : "");
export const asPeople = (v: CellValue | undefined): number[] => (Array.isArray(v) ? v.filter((x) => typeof x === "number") : []);
export const asNumber = (v: CellValue | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const asCheck = (v: CellValue | undefined): boolean => v === true;
export function asTimeline(v: CellValue | undefined): { start: string; end: string } | null {
  return v && typeof v === "object" && "start" in v && typeof v.start === "string" && typeof v.end === "string" ? { start: v.start, end: v.end } : null;
}
export function asLink(v: CellValue | undefined): { url: string; text: string } | null {
  return v && typeof v === "object" && "url" in v && typeof v.url === "string" ? { url: v.url, text: typeof v.text === "string" ? v.text : "" } : null;
}
export function asCreated(v: CellValue | undefined): { userId: number; name: string; time: number } | null {
  return v && typeof v === "object" && "userId" in v && typeof v.time === "number" ? v : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A YYYY-MM-DD day as the reader writes it ("3월 5일", "Mar 5"); the year too when it is not `thisYear`. */
export function formatDay(day: string, lng: string, thisYear?: number): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const withYear = thisYear !== undefined && Number(m[1]) !== thisYear;
  return dateFormat(lng, { month: "short", day: "numeric", year: withYear ? "numeric" : undefined, timeZone: "UTC" }).format(d);
}

export function formatTimeline(v: { start: string; end: string }, lng: string, thisYear?: number): string {
  const a = DAY.exec(v.start);
  const b = DAY.exec(v.end);
  if (!a || !b) return `${v.start} – ${v.end}`;
  const at = (m: RegExpExecArray) => new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const withYear = thisYear === undefined || Number(a[1]) !== thisYear || Number(b[1]) !== thisYear;
  const f = dateFormat(lng, { month: "short", day: "numeric", year: withYear ? "numeric" : undefined, timeZone: "UTC" });
  return v.start === v.end ? f.format(at(a)) : f.formatRange(at(a), at(b));
}

export const formatNumber = (n: number, lng: string) => numberFormat(lng, { maximumFractionDigits: 6 }).format(n);

/** A number as typed ("1,234.5", " -3 "), or null when it is not one. */
export function parseNumber(text: string): number | null {
  const s = text.trim().replace(/,/g, "");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A moment, short: "12월 5일 오후 11:05"; the year too when it is not `thisYear`. */
export const formatTime = (ms: number, lng: string, thisYear?: number) => {
  const d = new Date(ms);
  const year = thisYear !== undefined && d.getFullYear() === thisYear ? undefined : "numeric";
  return dateFormat(lng, { year, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(d);
};

/** What an avatar shows: a Korean name's family name, else the first letters of up to two words. */
export function initials(name: string): string {
  const s = name.trim();
  if (!s) return "?";
  if (/^[\uac00-\ud7a3]/.test(s)) return s[0];
  const words = s.split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => [...w][0].toUpperCase()).join("");
}

/** Black or white, whichever reads better on a #rrggbb background. */
export function textOn(hex: string): "#000000" | "#ffffff" {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return "#000000";
  const lin = (c: string) => {
    const x = parseInt(c, 16) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

/** An http(s) address, or null. */
export function parseUrl(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === "http:" || u.protocol === "https:" ? withScheme : null;
  } catch {
    return null;
  }
}

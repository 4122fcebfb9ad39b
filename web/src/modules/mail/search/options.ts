// Mail search options as the search screens use them: building the list action of a search, where a top-bar
// search looks (the current folder), a one-line summary of a search (history rows, the result bar), and the
// form a saved-search folder stores (POST /api/folders options: timeRange as millis, no presets).
import type { MailFolder, MailSearchOptions } from "@shared/mail/folders.ts";
import { SEARCH_TYPES, type SearchOptions, TIME_RANGE_PRESETS } from "@shared/mail/search.ts";
import { findFolder } from "../queries.ts";
import { decodeJson, type FolderRef, type ListAction, type MailSearch, parseFolderId, parseListAction } from "../route-params.ts";

export type SearchType = (typeof SEARCH_TYPES)[number];
export type TimePreset = (typeof TIME_RANGE_PRESETS)[number];

/** The word fields of the detail panel, in display order. */
export const DETAIL_WORD_FIELDS = ["queryFrom", "queryTo", "queryCc", "querySubject", "queryContent", "queryAttach"] as const;
export type DetailWordField = (typeof DETAIL_WORD_FIELDS)[number];

/** Every field holding words (a search needs one of them). */
const WORD_FIELDS = [
  "query", "queryFrom", "queryTo", "queryCc", "queryToCc", "querySubject", "queryContent", "queryAttach",
  "querySubjectContent", "querySubjectContentAttach",
] as const;
type WordField = (typeof WORD_FIELDS)[number];

/** Folder types a search can be limited to (the rest are roots, saved searches, tags or shares). */
export const SEARCHABLE_FOLDER_TYPES = new Set([
  "INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "IMPORTANT", "UNREAD", "ATTACH", "PRIVATE", "PRIVATE_SECURE",
  "PRIVATE_PERMANENT",
]);

/** A search without empty values (so equal searches make equal URLs and cache keys). */
export function cleanSearch(s: MailSearch): MailSearch {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined || v === null) continue;
    if (typeof v === "string" && v.trim() === "") continue;
    if (Array.isArray(v) && !v.length) continue;
    out[k] = typeof v === "string" ? v.trim() : v;
  }
  return out as MailSearch;
}

export function hasWord(s: MailSearch): boolean {
  return WORD_FIELDS.some((k) => ((s as Record<WordField, string | undefined>)[k] ?? "").trim() !== "");
}

/** The list part of the current mail route (a list route's actionObj, or the list part of a view route's). */
export function currentListAction(actionObj: string | undefined): ListAction {
  const o = decodeJson(actionObj);
  if (!o) return {};
  return "view" in o ? parseListAction(o.list) : parseListAction(o);
}

/**
 * Where a top-bar search looks: the scope of the search on screen, else the folder on screen when it is a
 * folder a search can be limited to (or a tag); everything otherwise (undefined).
 */
export function searchScope(folderId: FolderRef | undefined, action: ListAction, tree: MailFolder[] | undefined): FolderRef | undefined {
  if (action.search) return action.search.folderId === undefined ? undefined : parseFolderId(String(action.search.folderId));
  if (action.ownerId || folderId === undefined || folderId === "all" || folderId === -1) return undefined;
  if (typeof folderId === "string") return folderId; // a tag
  const folder = findFolder(tree, folderId);
  return folder && SEARCHABLE_FOLDER_TYPES.has(folder.folderType) ? folderId : undefined;
}

/** A history entry as a list action search. */
export function fromHistory(o: SearchOptions): MailSearch {
  return cleanSearch(o as MailSearch);
}

/** The route folder of a search's results: its scope, or everything. */
export function resultFolder(s: MailSearch): FolderRef {
  return (s.folderId === undefined ? undefined : parseFolderId(String(s.folderId))) ?? "all";
}

const DAY = 86_400_000;

/** The start of a preset period, counted back from `now` (as the server counts it). */
export function presetStart(p: TimePreset, now = new Date()): number {
  const n = Number(p[0]);
  const from = new Date(now);
  if (p[1] === "d") return now.getTime() - n * DAY;
  if (p[1] === "w") return now.getTime() - 7 * n * DAY;
  if (p[1] === "m") from.setUTCMonth(from.getUTCMonth() - n);
  else from.setUTCFullYear(from.getUTCFullYear() - n);
  return from.getTime();
}

export function isPreset(v: unknown): v is TimePreset {
  return typeof v === "string" && (TIME_RANGE_PRESETS as readonly string[]).includes(v);
}

/** A custom range as { start, end } millis (either may be absent), or undefined for none or a preset. */
export function customRange(t: MailSearch["timeRange"]): { start?: number; end?: number } | undefined {
  if (!t || isPreset(t) || t === "all") return undefined;
  if (typeof t === "object") return { start: t.startTimeMillis, end: t.endTimeMillis };
  const [a, b] = t.split(",");
  if (a === undefined || b === undefined) return undefined;
  return { start: a ? Number(a) : undefined, end: b ? Number(b) : undefined };
}

/** The options a saved-search folder stores: a preset becomes the range it stands for today. */
export function toFolderOptions(s: MailSearch, now = new Date()): MailSearchOptions {
  const { timeRange, ...rest } = cleanSearch(s);
  const out: MailSearchOptions = { ...rest, type: (rest.type ?? "all").toUpperCase() };
  if (isPreset(timeRange)) out.timeRange = { startTimeMillis: presetStart(timeRange, now) };
  else {
    const r = customRange(timeRange);
    if (r && (r.start !== undefined || r.end !== undefined)) out.timeRange = { startTimeMillis: r.start, endTimeMillis: r.end };
  }
  return out;
}

/** A translator of the mail namespace (useTranslation("mail").t). */
export type Translate = (key: string | string[]) => string;

const formatDay = (ms: number, lng: string) => new Date(ms).toLocaleDateString(lng, { year: "numeric", month: "2-digit", day: "2-digit" });

/** A one-line summary: the words per field, the period, the tags and (given names) the folder ("제목: 회의 · 기간: 1주 · #project"). */
export function summarize(s: MailSearch, t: Translate, lng: string, folderName?: (id: string) => string | undefined): string {
  const parts: string[] = [];
  const type = (s.type ?? "all").toLowerCase();
  if (s.query) parts.push(type === "all" ? s.query : `${t(`search.type.${type as SearchType}`)}: ${s.query}`);
  const rec = s as Record<string, unknown>;
  for (const k of WORD_FIELDS) {
    if (k === "query" || typeof rec[k] !== "string" || !rec[k]) continue;
    parts.push(`${t(`search.field.${k}`)}: ${rec[k]}`);
  }
  if (isPreset(s.timeRange)) parts.push(`${t("search.period.label")}: ${t(`search.period.${s.timeRange}`)}`);
  else {
    const r = customRange(s.timeRange);
    if (r && (r.start !== undefined || r.end !== undefined)) {
      parts.push(`${t("search.period.label")}: ${r.start !== undefined ? formatDay(r.start, lng) : ""} ~ ${r.end !== undefined ? formatDay(r.end, lng) : ""}`);
    }
  }
  for (const tag of s.tags ?? []) parts.push(`#${tag}`);
  const where = folderName && s.folderId !== undefined ? folderName(String(s.folderId)) : undefined;
  if (where) parts.push(where);
  return parts.join(" · ");
}

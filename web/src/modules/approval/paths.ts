// The approval island's addresses (002 §2), read without zod so the router chunk stays small: the box keys of
// the sidebar, the list's query (page, size, sort, dir, the date range, form, keyword flag with its value, and
// the department of a department box) and the links to the screens.
import { BOX_KEYS, BOX_SORTS, type BoxKey, KEYWORD_FLAGS, type KeywordFlag, ORGAN_BOX_KEYS } from "@shared/approval/constants.ts";

/** The list's query as the address holds it (page is 1-based here; the server's is 0-based). */
export interface BoxSearch {
  page?: number;
  size?: number;
  sort?: (typeof BOX_SORTS)[number];
  dir?: "asc" | "desc";
  draftFromDate?: string;
  draftToDate?: string;
  formId?: number;
  keywordFlag?: KeywordFlag;
  /** DRAFT_USER_ID: the drafter (with the name and address shown in the filter). */
  userId?: number;
  /** DRAFT_ORGAN_ID: the drafting department (with its name). */
  organId?: number;
  name?: string;
  email?: string;
  /** DOC_NUM and TITLE: the words. */
  docNum?: string;
  title?: string;
  /** Department boxes (oh, or): the department the caller keeps documents for. */
  dept?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const text = (v: unknown) => (typeof v === "string" || typeof v === "number") && String(v).trim() ? String(v).trim().slice(0, 100) : undefined;
const oneOf = <T extends string>(list: readonly T[], v: unknown) => (list as readonly unknown[]).includes(v) ? v as T : undefined;

/** The list's query from the address; anything malformed is left out. */
export function parseBoxSearch(s: Record<string, unknown>): BoxSearch {
  const out: BoxSearch = {
    page: int(s.page),
    size: int(s.size) && int(s.size)! <= 100 ? int(s.size) : undefined,
    sort: oneOf(BOX_SORTS, s.sort),
    dir: oneOf(["asc", "desc"] as const, s.dir),
    draftFromDate: typeof s.draftFromDate === "string" && DATE.test(s.draftFromDate) ? s.draftFromDate : undefined,
    draftToDate: typeof s.draftToDate === "string" && DATE.test(s.draftToDate) ? s.draftToDate : undefined,
    formId: int(s.formId),
    keywordFlag: oneOf(KEYWORD_FLAGS, s.keywordFlag),
    userId: int(s.userId),
    organId: int(s.organId),
    name: text(s.name),
    email: text(s.email),
    docNum: text(s.docNum),
    title: text(s.title),
    dept: int(s.dept),
  };
  for (const k of Object.keys(out) as (keyof BoxSearch)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** The keyword the server takes for the flag (an id for the drafter and the department, else the words). */
export function keywordOf(s: BoxSearch): string | undefined {
  switch (s.keywordFlag) {
    case "DRAFT_USER_ID":
      return s.userId ? String(s.userId) : undefined;
    case "DRAFT_ORGAN_ID":
      return s.organId ? String(s.organId) : undefined;
    case "DOC_NUM":
      return s.docNum;
    case "TITLE":
      return s.title;
    default:
      return undefined;
  }
}

export const isBoxKey = (v: string): v is BoxKey => (BOX_KEYS as readonly string[]).includes(v);
export const isOrganBox = (k: string) => (ORGAN_BOX_KEYS as readonly string[]).includes(k);

/** The screens' addresses, for Link and navigate. */
export const approvalPaths = {
  home: () => ({ to: "/approval/home" as const }),
  box: (boxKey: string, search: BoxSearch = {}) => ({ to: "/approval/doc/list/$boxKey" as const, params: { boxKey }, search }),
  document: (boxKey: string, docId: number) => ({ to: "/approval/doc/list/$boxKey/$docId" as const, params: { boxKey, docId: String(docId) } }),
  preview: (docId: number) => ({ to: "/approval/doc/preview/$docId" as const, params: { docId: String(docId) } }),
  print: (docId: number) => ({ to: "/approval/doc/print/$docId" as const, params: { docId: String(docId) } }),
};

/** A document id from the address (a positive whole number), else null. */
export const docIdOf = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

// Mail route parameters (000 §2): folder ids are numbers, 'all' or 't_{tag}'; numeric parameters that are not
// numbers become undefined. The page in a route is 1-based (the API's is 0-based). actionObj is JSON in one
// path segment (the router encodes it): the list part says what the list shows beyond the folder (a search,
// a shared folder's owner), the view part which mail is open.
import type { MailSearchOptions } from "@shared/mail/folders.ts";
import { formatAttachPath, parseAttachPath } from "@shared/mail/attach-path.ts";

export type FolderRef = number | "all" | `t_${string}`;

export function parseFolderId(raw: string | undefined): FolderRef | undefined {
  if (raw === undefined) return undefined;
  if (/^-?\d{1,15}$/.test(raw)) return Number(raw);
  if (raw === "all") return "all";
  if (/^t_.{1,40}$/u.test(raw)) return raw as `t_${string}`;
  return undefined;
}

export function parsePage(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,7}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/**
 * A search as the list carries it: the options of GET /api/mails/search; timeRange a preset ("1w"),
 * "{start},{end}" in millis, or the saved-folder form { startTimeMillis, endTimeMillis }.
 */
export type MailSearch = Omit<MailSearchOptions, "timeRange"> & {
  timeRange?: string | { startTimeMillis?: number; endTimeMillis?: number };
};

/** What a list shows beyond its folder. */
export interface ListAction {
  /** A search: the list shows its results (folderId inside the options says where). */
  search?: MailSearch;
  /** A folder shared with the user: its owner (the list and view use api/share/mails). */
  ownerId?: number;
}

/** Which mail the view shows. */
export interface ViewPart {
  mailId: number;
  /** Opened from the references of this mail. */
  basedMailId?: number;
  /**
   * The message attached to mailId at this position (MailView.attachPosition), or deeper inside attached
   * messages at a dotted path ("0.1": shared/mail/attach-path.ts; attachPathOf, attachPart).
   */
  attachPosition?: number | string;
}

export interface ViewAction {
  list: ListAction;
  view: ViewPart;
}

/** Compose entry (000 §3 "Compose entry types by number"). */
export const COMPOSE_TYPES = {
  REPLY: 1, FORWARD: 2, REPLY_ALL: 3, DRAFT: 4, RESEND: 5, TOME: 6, CONTACT: 7, DRIVE: 8, EXTERNAL_DRIVE: 9,
  CUSTOMER: 10, ASSISTANT: 11,
} as const;

export interface WriteAction {
  /** COMPOSE_TYPES, any other number (or none) = a blank new mail. */
  type?: number;
  /** reply, reply all, resend, draft: the mail; forward: mailIds. */
  mailId?: number;
  mailIds?: number[];
  /** Prefilled To addresses (a blank mail to someone). */
  to?: string[];
  /** Writing from a shared folder (fromType shared): the folder. */
  sharedFolderId?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const posInt = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : undefined);

/** Reads an actionObj segment; anything malformed is treated as absent. */
export function decodeJson(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function parseListAction(raw: unknown): ListAction {
  const o = typeof raw === "string" ? decodeJson(raw) : isObject(raw) ? raw : undefined;
  if (!o) return {};
  const out: ListAction = {};
  if (isObject(o.search)) out.search = o.search as MailSearch;
  const owner = posInt(o.ownerId);
  if (owner) out.ownerId = owner;
  return out;
}

/** The positions of a view's attached message (ViewPart.attachPosition). */
export const attachPathOf = (at: number | string): number[] => parseAttachPath(at) ?? [];

/** ViewPart.attachPosition for a path: the bare position at the first level (as the spec's), else dotted. */
export const attachPart = (path: readonly number[]): number | string => (path.length === 1 ? path[0] : formatAttachPath(path));

export function parseViewAction(raw: string | undefined): ViewAction | undefined {
  const o = decodeJson(raw);
  const view = o && isObject(o.view) ? o.view : undefined;
  const mailId = posInt(view?.mailId);
  if (!o || !view || !mailId) return undefined;
  const based = posInt(view.basedMailId);
  const path = parseAttachPath(view.attachPosition);
  const at = path ? attachPart(path) : undefined;
  return { list: parseListAction(o.list), view: { mailId, ...(based ? { basedMailId: based } : {}), ...(at !== undefined ? { attachPosition: at } : {}) } };
}

export function parseWriteAction(raw: string | undefined): WriteAction {
  const o = decodeJson(raw);
  if (!o) return {};
  const out: WriteAction = {};
  if (typeof o.type === "number" && Number.isInteger(o.type)) out.type = o.type;
  const mailId = posInt(o.mailId);
  if (mailId) out.mailId = mailId;
  if (Array.isArray(o.mailIds)) out.mailIds = o.mailIds.map(posInt).filter((n): n is number => !!n);
  if (Array.isArray(o.to)) out.to = o.to.filter((s): s is string => typeof s === "string");
  const shared = posInt(o.sharedFolderId);
  if (shared) out.sharedFolderId = shared;
  return out;
}

/** An actionObj path segment: the action as JSON (the router encodes it for the URL). */
export function encodeAction(action: ListAction | ViewAction | WriteAction): string {
  return JSON.stringify(action);
}

const isEmpty = (a: ListAction) => !a.search && !a.ownerId;

/** Navigation targets (to + params) for the router, so every screen builds mail URLs one way. */
export const mailPaths = {
  list(folderId: FolderRef, page = 1, action: ListAction = {}) {
    return isEmpty(action)
      ? { to: "/mail/$folderId/$page" as const, params: { folderId: String(folderId), page: String(page) } }
      : {
        to: "/mail/$folderId/$page/$actionObj" as const,
        params: { folderId: String(folderId), page: String(page), actionObj: encodeAction(action) },
      };
  },
  view(folderId: FolderRef, page: number, view: ViewPart, list: ListAction = {}) {
    return {
      to: "/mail/view/$folderId/$page/$actionObj" as const,
      params: { folderId: String(folderId), page: String(page), actionObj: encodeAction({ list, view }) },
    };
  },
  write(folderId: FolderRef, page: number, action: WriteAction = {}) {
    return {
      to: "/mail/write/$folderId/$page/$actionObj" as const,
      params: { folderId: String(folderId), page: String(page), actionObj: encodeAction(action) },
    };
  },
  config(folderId: FolderRef, page: number, tabId = "list") {
    return { to: "/mail/config/$folderId/$page/$tabId" as const, params: { folderId: String(folderId), page: String(page), tabId } };
  },
};

/** Hash URLs of the popup routes (window.open needs a URL, not a router navigation). */
export const popupUrls = {
  view: (json: { folderId: FolderRef; page?: number; list?: ListAction; view: ViewPart; print?: boolean }) =>
    `#/mail/view/popup/${encodeURIComponent(JSON.stringify(json))}`,
  write: (action: WriteAction & { folderId?: FolderRef }) => `#/mail/write/popup/${encodeURIComponent(JSON.stringify(action))}`,
  original: (mailId: number, ownerId?: number) =>
    `#/mail/view/original/${encodeURIComponent(JSON.stringify(ownerId ? { mailId, ownerId } : { mailId }))}`,
};

/** Popup window size (000 §2, §9). */
export const POPUP_FEATURES = "width=1050,height=870,resizable=yes,scrollbars=yes";

export function openPopup(url: string, name: string): Window | null {
  return globalThis.open(`${location.pathname}${location.search}${url}`, name, POPUP_FEATURES);
}

// The drive's route parameters (001 §2 "Drive"):
//   /drive/{folderId}/{page}[/{actionObj}]          a folder (a number) or a special view by name: recent -1,
//                                                    important -2, share -3, search -4 (shared SPECIAL_FOLDERS)
//   /drive/share/{page}[/{actionObj}]               what the user has shared (list -3)
//   /drive/shared/{folderId}/{page}[/{actionObj}]   shared with the user (-3: all of it; a number: a folder in it)
// The page is 1-based in routes (0-based on the API); actionObj is JSON in one path segment with sort, dir,
// searchWord (and the recent view's window, days). Anything malformed in it is left out. No zod here: the
// router chunk imports this file.
import { DEFAULT_DIR, DEFAULT_SORT, type DriveSortField, RECENT_WINDOWS, SEARCH_MIN_LENGTH, SORT_FIELDS, SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import { actionObject, pageParam } from "../../lib/route-params.ts";

export interface DriveAction {
  sort?: DriveSortField;
  dir?: "asc" | "desc";
  searchWord?: string;
  /** The recent view's window: 0 any time, 7, 30 or 90 days. */
  days?: number;
}

/** Which list a route shows. */
export type DriveView = { kind: "folder"; folder: string } | { kind: "share" } | { kind: "shared"; folder: string };

export const parsePage = pageParam;

export function parseAction(raw: string | undefined): DriveAction {
  const v = actionObject(raw);
  const out: DriveAction = {};
  if (typeof v.sort === "string" && (SORT_FIELDS as readonly string[]).includes(v.sort)) out.sort = v.sort as DriveSortField;
  if (v.dir === "asc" || v.dir === "desc") out.dir = v.dir;
  if (typeof v.searchWord === "string" && [...v.searchWord.trim()].length >= SEARCH_MIN_LENGTH) out.searchWord = v.searchWord.trim().slice(0, 200);
  if (typeof v.days === "number" && (RECENT_WINDOWS as readonly number[]).includes(v.days)) out.days = v.days;
  return out;
}

/** The route name of a folder id: the special ones by name (-1 → "recent"), others as the number. */
export function folderParam(id: number): string {
  const hit = Object.entries(SPECIAL_FOLDERS).find(([, v]) => v === id);
  return hit ? hit[0] : String(id);
}

const isEmpty = (a: DriveAction) => Object.keys(a).length === 0;
const clean = (a: DriveAction): DriveAction => {
  const out: DriveAction = { ...a };
  if (out.sort === DEFAULT_SORT && out.dir === DEFAULT_DIR) {
    delete out.sort;
    delete out.dir;
  }
  for (const k of Object.keys(out) as (keyof DriveAction)[]) if (out[k] === undefined) delete out[k];
  return out;
};

/** A list address, with or without the actionObj segment (the router's types take one route at a time). */
export type DriveTarget =
  | { to: "/drive/$folderId/$page"; params: { folderId: string; page: string } }
  | { to: "/drive/$folderId/$page/$actionObj"; params: { folderId: string; page: string; actionObj: string } }
  | { to: "/drive/share/$page"; params: { page: string } }
  | { to: "/drive/share/$page/$actionObj"; params: { page: string; actionObj: string } }
  | { to: "/drive/shared/$folderId/$page"; params: { folderId: string; page: string } }
  | { to: "/drive/shared/$folderId/$page/$actionObj"; params: { folderId: string; page: string; actionObj: string } };

/** Navigation targets (to + params), so every screen builds drive addresses one way. */
export const drivePaths = {
  folder(folder: string | number, page = 1, action: DriveAction = {}): DriveTarget {
    const a = clean(action);
    const folderId = typeof folder === "number" ? folderParam(folder) : folder;
    if (isEmpty(a)) return { to: "/drive/$folderId/$page" as const, params: { folderId, page: String(page) } };
    return { to: "/drive/$folderId/$page/$actionObj" as const, params: { folderId, page: String(page), actionObj: JSON.stringify(a) } };
  },
  share(page = 1, action: DriveAction = {}): DriveTarget {
    const a = clean(action);
    if (isEmpty(a)) return { to: "/drive/share/$page" as const, params: { page: String(page) } };
    return { to: "/drive/share/$page/$actionObj" as const, params: { page: String(page), actionObj: JSON.stringify(a) } };
  },
  shared(folder: string | number = -3, page = 1, action: DriveAction = {}): DriveTarget {
    const a = clean(action);
    const folderId = String(folder);
    if (isEmpty(a)) return { to: "/drive/shared/$folderId/$page" as const, params: { folderId, page: String(page) } };
    return { to: "/drive/shared/$folderId/$page/$actionObj" as const, params: { folderId, page: String(page), actionObj: JSON.stringify(a) } };
  },
  /** The same view at another page or with other list options. */
  of(view: DriveView, page: number, action: DriveAction): DriveTarget {
    if (view.kind === "share") return drivePaths.share(page, action);
    if (view.kind === "shared") return drivePaths.shared(view.folder, page, action);
    return drivePaths.folder(view.folder, page, action);
  },
};

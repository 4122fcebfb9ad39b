// The drive item of 001 §3 and the bodies and queries of the calls under /api/drive (001 §7 "Drive").
//
// The calls (the server answers 404 drive.not_found for a missing or foreign id, 403 drive.66 without
// permission; lists answer DriveList):
//   GET    root                       the roots: ROOT (own), RECENT -1, IMPORTANT -2, SHARE -3, DELETED (own
//                                     trash), GOOGLE -5 when the company's drive config enables it
//   GET    default                    the user's default folder (their ROOT), made on first use
//   GET    {id}                       one item (folder-by-id lookup of the routes)
//   GET    {parent}/children          the folders under a folder (the folder tree of the move/copy dialog)
//   GET    {id}/super/parent          the folders from the root down to the item (breadcrumbs)
//   GET    moveable?fileIds[]         the caller's folders the items may move into (no item, no descendant)
//   GET    list                       listQuery: a folder (its id), recent -1 (days), important -2, my shares
//                                     -3, search -4 (searchWord), the trash (its id; sorted by deletion)
//   GET    share/list                 listQuery: shared with me (-3: the items shared with the caller), or a
//                                     folder inside a shared one; the answer's permission is the caller's
//   GET    files?fileIds[]            items by id (what the caller may read)
//   GET    shortcut/{id}              a shortcut's target (own); share/shortcut/{id}: one in a shared tree
//   POST   create                     createFolderBody → 201 the folder
//   POST   copy                       copyBody → 201 the copies
//   POST   file/upload                multipart: part (the file), folderId → 201 the file; drive.73 507 over
//                                     quota, drive.74 413 too large
//   POST   shortcut                   shortcutBody → 201 the shortcut
//   POST   share/mail/link/content    fileIds → the links' HTML for a mail body (share links made as needed)
//   PUT    {id}/name                  renameBody
//   PUT    {target}/moved             idsBody (the target folder in the path)
//   PUT    important                  importantBody
//   PUT    restore                    idsBody: back from the trash to where they were (or the root)
//   DELETE (body idsBody)             to the trash → 204
//   DELETE {id}/clean                 permanently (from the trash) → 204
//   DELETE trash                      empty the trash → 204
//   GET    {id}/download              the bytes (Range); a shortcut answers 400 drive.shortcut_not_downloadable
//   GET    download?fileIds[]         a zip of the items (folders with their sub-trees), streamed
//   GET    {id}/preview               an image or PDF inline
import { z } from "zod";
import { DEFAULT_DIR, DEFAULT_SORT, DRIVE_PAGE_SIZE, FILE_NAME_MAX, FOLDER_NAME_MAX, MAX_ITEMS_PER_CALL, SORT_FIELDS } from "./constants.ts";

export interface DriveOwner {
  id: number;
  name: string;
  email: string;
}

/** 001 §3 "Drive item". Times are epoch milliseconds. */
export interface DriveItem {
  id: number;
  /** null for a root. */
  parentId: number | null;
  /** Items directly inside (folders); 0 for files. */
  childCount: number;
  important: boolean;
  /** Shared with members (share module). */
  shareFlag: boolean;
  /** Has a share link (share-links module). */
  linkFlag: boolean;
  isShortcut: boolean;
  /** A FolderType for roots and folders; a FileKind for files (shared/drive/kinds.ts). */
  fileType: string;
  owner: DriveOwner;
  fileName: string;
  /** Lower case, without the dot; "" for folders and names without one. */
  extension: string;
  folderColor: string | null;
  fileSize: number;
  /** Last used: made, changed, opened or downloaded. */
  usedTimeMillis: number;
  /** In the trash since; null elsewhere. */
  deleteTimeMillis: number | null;
  /** For a shortcut: its target's id. */
  targetId?: number | null;
}

/** The answer of list and share/list (001 §3: list.content, list.totalElements, permission, result, message). */
export interface DriveList {
  list: { content: DriveItem[]; totalElements: number; totalPages: number; page: number; pageSize: number };
  /** The caller's permission in the listed folder: 0 default (own), 2 read, 3 read and write. */
  permission: number;
  result: boolean;
  message: string | null;
  /** The listed folder (null for the special views). */
  folder: DriveItem | null;
}

const ids = z.array(z.coerce.number().int().positive()).min(1).max(MAX_ITEMS_PER_CALL);

export const listQuery = z.object({
  folderId: z.coerce.number().int(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(DRIVE_PAGE_SIZE),
  sort: z.enum(SORT_FIELDS).default(DEFAULT_SORT),
  dir: z.enum(["asc", "desc"]).default(DEFAULT_DIR),
  searchWord: z.string().max(200).optional(),
  /** Recent view: 0 (any time), 7, 30 or 90 days. */
  days: z.coerce.number().int().min(0).max(366).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const folderName = z.string().trim().min(1).max(FOLDER_NAME_MAX);
export const fileName = z.string().trim().min(1).max(FILE_NAME_MAX);

export const createFolderBody = z.object({ fileName: z.string(), parentId: z.coerce.number().int().positive(), folderColor: z.string().max(20).nullish() });
export const renameBody = z.object({ fileName: z.string() });
export const copyBody = z.object({ fileIds: ids, targetFolderId: z.coerce.number().int().positive() });
export const idsBody = z.object({ fileIds: ids });
export const importantBody = z.object({ fileIds: ids, important: z.boolean() });
export const shortcutBody = z.object({ fileId: z.coerce.number().int().positive(), parentId: z.coerce.number().int().positive() });
export const idsQuery = z.object({ fileIds: ids });

// Mail folders and tags (000 §3 "Folder", "Tag", "Mail search history"; §4 moving folders; §5 "Folders",
// "Tags"; §6 isOrgChartRestricted; §7 "Folders and tags"; §8 mail.5-12, mail.450, common.80/81).
//
// Folder calls (signed in; every id is the caller's own, a foreign or missing one answers 404):
//   GET    /api/folders                      → MailFolder[]: the whole tree, top level in display order
//   GET    /api/folders/{id}                 → MailFolder (a real id, a virtual id -1..-17, TAG_ROOT_ID, 't_{tag}')
//   POST   /api/folders {nameFolder, folderType PRIVATE|SEARCH, parentId?, options?} → 201 MailFolder
//   PUT    /api/folders/{id}/nameFolder (form nameFolder)        → MailFolder  (PRIVATE and SEARCH only)
//   PUT    /api/folders/{id}/color (form color: #rgb/#rrggbb, empty clears) → MailFolder
//   PUT    /api/folders/{id}/search {nameFolder?, options}       → MailFolder  (SEARCH only)
//   PUT    /api/folders/{id}/tag {type add|update|delete, tag, color}
//            add: id TAG_ROOT_ID (or any 't_…' id); update/delete: id 't_{tag}' of an existing tag
//            → MailTag (add, update); 204 (delete). Renaming or deleting a tag renames or removes it in the
//            caller's mails (mails.tags), nobody else's.
//   DELETE /api/folders/{id}                 → 204 (mail.9 type, mail.10 children, mail.11 mails, mail.12 other)
//   PUT    /api/folders/move/{id}/{targetId}/{position} (before | next | inner) → MailFolder[] (the tree)
//   PUT    /api/folders/sync                 → MailFolder[]: every counter recounted from the mails (a repair);
//            the UI shows common.80 on success, common.81 on failure
// Tag calls:
//   POST   /api/tag/{tag} {color?}           → 201 MailTag (409 mail.tag_duplicate)
//   GET    /api/tag?page&pageSize            → Page<MailTag> sorted by name (pageSize default 130, the dialog's)
//   GET    /api/tag/{x}                      → MailTag[] whose name contains x (at least 2 characters, else
//            400 mail.tag_search_short), names starting with x first, at most TAG_SEARCH_MAX
//
// Virtual folders shown in the tree: ALL -1, IMPORTANT -2, UNREAD -3, ATTACH -4, and FLOW -17 (the mails made
// into tasks) only where the company uses flow. Their scope, and that of
// tag folders, is every folder of the user except Trash, Spam and Drafts (VIRTUAL_SCOPE_EXCLUDED_TYPES):
//   ALL: every mail in scope; IMPORTANT: starred; UNREAD: not read; ATTACH: with attachments;
//   FLOW: mails in scope made into a task (server/modules/flow/mail-tasks/link.ts); TAG 't_x': mails in scope
//   whose tags hold x.
// Saved-search (SEARCH) folders keep their options in mail_folders.options; their counters stay 0 (the
// search is run when the folder is opened). SHARED_ROOT (-9) holds the folders shared with the user (type
// SHARE) and SHARING_ROOT (-15) the user's own shared folders (shared/mail/shared.ts); SHARING_ROOT is left
// out for isOrgChartRestricted users.
import { z } from "zod";
import type { FolderType } from "./constants.ts";
import { TAG_MAX_LENGTH } from "./constants.ts";
import { MAX_TIME_MILLIS, pageQuery } from "../paging.ts";

/** The tag root has no id in the spec; this one is ours. Tag folders are 't_{tag}'. */
export const TAG_ROOT_ID = -100;
export const TAG_FOLDER_PREFIX = "t_";
export const tagFolderId = (tag: string) => `${TAG_FOLDER_PREFIX}${tag}`;

/** Virtual folders the tree shows, in display order, with their ids from VIRTUAL_FOLDER_IDS. */
export const SHOWN_VIRTUAL_FOLDERS = ["ALL", "IMPORTANT", "UNREAD", "ATTACH"] as const;
export type ShownVirtualFolder = (typeof SHOWN_VIRTUAL_FOLDERS)[number];
/** Folders whose mails the virtual and tag folders leave out. */
export const VIRTUAL_SCOPE_EXCLUDED_TYPES = ["DELETED", "SPAM", "DRAFTS"] as const;

/** Display order of the top level of the tree (MailFolder.sortOrder of top-level nodes). */
export const TOP_LEVEL_ORDER: Partial<Record<FolderType, number>> = {
  INBOX: 1, TOME: 2, SENT: 3, DRAFTS: 4, DELETED: 5, SPAM: 6, SMART: 7,
  ALL: 10, IMPORTANT: 11, UNREAD: 12, ATTACH: 13, FLOW: 14,
  PRIVATE_ROOT: 20, SEARCH_ROOT: 21, TAG_ROOT: 22, SHARED_ROOT: 23, SHARING_ROOT: 24,
};

/** Folders that are never renamed, deleted or shared, beyond "only PRIVATE and SEARCH are renamed or deleted". */
export const UNSHAREABLE_FOLDER_TYPES = ["INBOX", "TOME", "DRAFTS", "SEARCH_ROOT"] as const;
/** Folders a user may share with others (moduleType MAIL, objectId = the folder id). */
export const SHAREABLE_FOLDER_TYPES = ["PRIVATE", "SENT"] as const;
/** Folder types a user creates, renames, moves and deletes. */
export const USER_FOLDER_TYPES = ["PRIVATE", "SEARCH"] as const;
export type UserFolderType = (typeof USER_FOLDER_TYPES)[number];

export const FOLDER_NAME_MAX = 50;
/** Private folders below the private root: at most this many levels. */
export const FOLDER_DEPTH_MAX = 8;
/** Private and search folders one user may have. */
export const USER_FOLDERS_MAX = 500;
export const TAGS_MAX = 1000;
/** Page size of the tag dialog (000 §9), the default of GET /api/tag. */
export const TAG_DIALOG_PAGE_SIZE = 130;
export const TAG_SEARCH_MIN = 2;
export const TAG_SEARCH_MAX = 100;
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_TAGS_MAX = 20;

export const FOLDER_MOVE_POSITIONS = ["before", "next", "inner"] as const;
export type FolderMovePosition = (typeof FOLDER_MOVE_POSITIONS)[number];

export interface FolderShareInfo {
  shareId: number;
  memberCount: number;
}

/** One folder of the tree (000 §3 "Folder"). */
export interface MailFolder {
  /** A real folder's id; a virtual folder's negative id; TAG_ROOT_ID; 't_{tag}' for a tag. */
  id: number | string;
  parentId: number | string | null;
  folderType: FolderType;
  /** The stored name; the UI shows system and virtual folders by a translated name of their folderType. */
  nameFolder: string;
  color: string | null;
  /** An icon name for the UI: the folderType in lower case for system and virtual folders, else null. */
  icon: string | null;
  childCount: number;
  children: MailFolder[];
  sortOrder: number;
  newCount: number;
  totalCount: number;
  usedSize: number;
  /** SEARCH: the saved search options; null otherwise. */
  options: MailSearchOptions | null;
  /** The share of the caller's own folder, when it is shared; null otherwise. */
  shareFolders: FolderShareInfo | null;
  /** Whether the caller may share this folder (type allows it and the caller is not org-chart restricted). */
  shareable: boolean;
  /** TAG only: the tag. */
  tag?: string;
}

/** A tag with its colour (000 §3 "Tag"). */
export interface MailTag {
  /** 't_{tag}', the tag folder's id. */
  id: string;
  tag: string;
  color: string | null;
}

export const FOLDERS_ERROR_MESSAGES = {
  "mail.5": "The folder could not be added.",
  "mail.6": "Enter a folder name.",
  "mail.7": "This folder cannot be renamed.",
  "mail.8": "The search folder could not be saved. Enter at least one search condition.",
  "mail.9": "Only your own folders and search folders can be deleted.",
  "mail.10": "Delete the sub-folders first.",
  "mail.11": "The folder still holds mails. Move or delete them first.",
  "mail.12": "The folder could not be deleted.",
  "mail.450": "Choose a valid colour.",
  "mail.folder_name_too_long": "A folder name has at most 50 characters.",
  "mail.folder_name_invalid": "A folder name cannot contain / or \\.",
  "mail.folder_duplicate": "A folder with this name already exists here.",
  "mail.folder_too_deep": "Folders cannot be nested this deep.",
  "mail.folder_limit": "You have reached the largest number of folders.",
  "mail.folder_move_invalid": "The folder cannot be moved there.",
  "mail.folder_move_into_self": "A folder cannot be moved into itself or one of its sub-folders.",
  "mail.tag_required": "Enter a tag.",
  "mail.tag_invalid": "A tag has no spaces or commas; underscore is the only special character.",
  "mail.tag_too_long": "A tag has at most 20 characters.",
  "mail.tag_duplicate": "This tag already exists.",
  "mail.tag_limit": "You have reached the largest number of tags.",
  "mail.tag_search_short": "Enter at least 2 characters to search tags.",
  "mail.tag_type_invalid": "The tag action must be add, update or delete.",
} as const;

// ---- validation ------------------------------------------------------------------------------------------

const FOLDER_NAME_FORBIDDEN = /[\\/\p{Cc}]/u;

/** A folder name: trimmed, required (mail.6), at most FOLDER_NAME_MAX characters, no / or \ or controls. */
export const folderName = z.string({ message: "mail.6" }).trim().min(1, "mail.6")
  .refine((s) => [...s].length <= FOLDER_NAME_MAX, "mail.folder_name_too_long")
  .refine((s) => !FOLDER_NAME_FORBIDDEN.test(s), "mail.folder_name_invalid");

/** A tag (§5): letters and digits of any script and underscore only (so no spaces, commas or other
 *  specials), at most TAG_MAX_LENGTH characters. */
export const TAG_PATTERN = /^[\p{L}\p{N}_]+$/u;
export const tagName = z.string({ message: "mail.tag_required" }).trim().min(1, "mail.tag_required")
  .refine((s) => [...s].length <= TAG_MAX_LENGTH, "mail.tag_too_long")
  .refine((s) => TAG_PATTERN.test(s), "mail.tag_invalid");

/** A colour: #rgb or #rrggbb, stored in lower case. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const colorValue = z.string({ message: "mail.450" }).trim().regex(COLOR_PATTERN, "mail.450")
  .transform((s) => s.toLowerCase());
/** An optional colour where empty or absent means none. */
const optionalColor = z.union([z.literal("").transform(() => null), z.null(), colorValue], { message: "mail.450" }).optional();

const searchText = z.string({ message: "mail.8" }).trim().max(SEARCH_QUERY_MAX, "mail.8").optional();
const millis = z.coerce.number({ message: "mail.8" }).int("mail.8").min(0, "mail.8").max(MAX_TIME_MILLIS, "mail.8");

/**
 * Search options (000 §3 "Mail search history"), as saved by a SEARCH folder and the search history.
 * type: which field the plain query applies to (the search screen's field choice; ALL when absent).
 * folderId: where to search: a folder id, a virtual id, 'all' or 't_{tag}'; everywhere when absent.
 * query*: words per field (queryToCc: To or Cc; querySubjectContent[Attach]: subject or body [or file names]).
 * timeRange: received between startTimeMillis and endTimeMillis (either may be absent).
 * tags: mails holding all these tags.
 */
export const mailSearchOptions = z.object({
  type: z.string().trim().regex(/^[A-Za-z_]{1,30}$/, "mail.8").optional(),
  folderId: z.union([
    z.number().int(),
    z.string().trim().regex(/^(?:-?\d{1,15}|all|t_[\p{L}\p{N}_]{1,20})$/u, "mail.8"),
  ]).optional(),
  query: searchText,
  queryAttach: searchText,
  queryCc: searchText,
  queryContent: searchText,
  queryFrom: searchText,
  querySubject: searchText,
  querySubjectContent: searchText,
  querySubjectContentAttach: searchText,
  queryTo: searchText,
  queryToCc: searchText,
  timeRange: z.object({ startTimeMillis: millis.optional(), endTimeMillis: millis.optional() })
    .refine((r) => r.startTimeMillis === undefined || r.endTimeMillis === undefined || r.startTimeMillis <= r.endTimeMillis, "mail.8")
    .optional(),
  tags: z.array(tagName).max(SEARCH_TAGS_MAX, "mail.8").optional(),
}, { message: "mail.8" }).refine(hasCondition, "mail.8");
export type MailSearchOptions = z.infer<typeof mailSearchOptions>;

const QUERY_FIELDS = [
  "query", "queryAttach", "queryCc", "queryContent", "queryFrom", "querySubject", "querySubjectContent",
  "querySubjectContentAttach", "queryTo", "queryToCc",
] as const;

/** A saved search must ask for something: a word in some field, a time range or a tag. */
function hasCondition(o: {
  [K in (typeof QUERY_FIELDS)[number]]?: string;
} & { timeRange?: { startTimeMillis?: number; endTimeMillis?: number }; tags?: string[] }): boolean {
  if (QUERY_FIELDS.some((k) => (o[k] ?? "") !== "")) return true;
  if (o.timeRange && (o.timeRange.startTimeMillis !== undefined || o.timeRange.endTimeMillis !== undefined)) return true;
  return (o.tags?.length ?? 0) > 0;
}

/** Options may come as an object (JSON) or as a JSON string (a form field). */
const searchOptionsField = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, mailSearchOptions);

const parentIdField = z.union([z.literal("").transform(() => undefined), z.coerce.number({ message: "mail.5" })
  .int("mail.5")]).optional();

/** POST /api/folders. */
export const folderCreateBody = z.discriminatedUnion("folderType", [
  z.object({ folderType: z.literal("PRIVATE"), nameFolder: folderName, parentId: parentIdField }),
  z.object({ folderType: z.literal("SEARCH"), nameFolder: folderName, parentId: parentIdField, options: searchOptionsField }),
], { message: "mail.5" });
export type FolderCreate = z.infer<typeof folderCreateBody>;

/** PUT /api/folders/{id}/nameFolder. */
export const folderRenameBody = z.object({ nameFolder: folderName });
/** PUT /api/folders/{id}/color: empty clears the colour. */
export const folderColorBody = z.object({
  color: z.union([z.literal("").transform(() => null), colorValue], { message: "mail.450" }),
});
/** PUT /api/folders/{id}/search. */
export const folderSearchBody = z.object({ nameFolder: folderName.optional(), options: searchOptionsField });
export type FolderSearchUpdate = z.infer<typeof folderSearchBody>;

export const TAG_ACTIONS = ["add", "update", "delete"] as const;
/** PUT /api/folders/{id}/tag: add needs tag; update takes a new name and/or colour; delete needs neither. */
export const folderTagBody = z.object({
  type: z.string({ message: "mail.tag_type_invalid" }).trim().toLowerCase()
    .pipe(z.enum(TAG_ACTIONS, { message: "mail.tag_type_invalid" })),
  tag: z.union([z.literal("").transform(() => undefined), tagName]).optional(),
  color: optionalColor,
});
export type FolderTagAction = z.infer<typeof folderTagBody>;

/** POST /api/tag/{tag}: an optional colour. */
export const tagCreateBody = z.object({ color: optionalColor });
/** GET /api/tag. */
export const tagListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(200).default(TAG_DIALOG_PAGE_SIZE),
});

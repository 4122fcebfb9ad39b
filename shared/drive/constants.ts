// Constants of the drive (001 §2, §3, §5, §9 "Drive"). No imports: the web bundle reads these too.

/** The special folders of the routes (001 §2): their route names and numeric ids map both ways. */
export const SPECIAL_FOLDERS = { recent: -1, important: -2, share: -3, search: -4 } as const;
export type SpecialFolderName = keyof typeof SPECIAL_FOLDERS;
/** The Google Drive entry of GET root (its screens are /drive/external/GOOGLE_DRIVE). */
export const GOOGLE_FOLDER_ID = -5;

/** fileType of 001 §3: the roots and folders by name; a file's fileType is its kind (FILE_KINDS). */
export const FOLDER_TYPES = ["ROOT", "DELETED", "RECENT", "IMPORTANT", "SHARE", "GOOGLE", "DIRECTORY"] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];
/** A file's kind, from its extension (shared/drive/kinds.ts kindOf). */
export const FILE_KINDS = ["image", "document", "spreadsheet", "presentation", "pdf", "video", "audio", "archive", "text", "file"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const DRIVE_PAGE_SIZE = 10;
export const DRIVE_PAGE_BLOCK = 5;
/** The largest file (001 §5): drive.74 names it. */
export const MAX_FILE_SIZE = 1_073_741_824;
export const FOLDER_NAME_MAX = 80;
/** File names: the same limit as most file systems (bytes of UTF-8 are checked by the server as 255 too). */
export const FILE_NAME_MAX = 255;
export const SEARCH_MIN_LENGTH = 2;
/** "Fast access": the 10 files used last, above the folder list of the home. */
export const FAST_ACCESS_COUNT = 10;
/** The recent view's windows in days; 0 is any time. */
export const RECENT_WINDOWS = [0, 7, 30, 90] as const;
export const TRASH_DAYS = 7;
export const PREVIEW_IMAGE_TYPES = ["jpg", "jpeg", "png", "gif", "bmp"] as const;
/** Items one call may name (copy, move, delete, important, zip download). */
export const MAX_ITEMS_PER_CALL = 500;

export const SORT_FIELDS = ["usedTimeMillis", "fileName", "fileSize", "deleteTimeMillis"] as const;
export type DriveSortField = (typeof SORT_FIELDS)[number];
export const DEFAULT_SORT: DriveSortField = "usedTimeMillis";
export const DEFAULT_DIR = "desc";

/** Share permissions of drive items (share module): 2 read, 3 read and write. 0 is "default" in lists. */
export const DRIVE_PERMISSION = { none: 0, read: 2, write: 3 } as const;
/** The share module's moduleType of drive items. */
export const DRIVE_SHARE_TYPE = "drive";

/** A route's folder part → its number: "recent" → -1, "12" → 12; anything else → null (the UI goes home). */
export function folderIdOf(name: string): number | null {
  if (name in SPECIAL_FOLDERS) return SPECIAL_FOLDERS[name as SpecialFolderName];
  return /^-?\d{1,15}$/.test(name) ? Number(name) : null;
}

/**
 * Realtime: DRIVE_CHANGED on the topic of the owner and the share members of a changed tree, with
 * { folderIds } (the folders whose lists changed, comma-separated ids). The browser refetches.
 */
export const driveTopic = (username: string) => `/topic/drive/user/${username}`;
export const DRIVE_EVENTS = ["DRIVE_CHANGED"] as const;

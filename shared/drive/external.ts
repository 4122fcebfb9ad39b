// The drive's Google Drive (001 §2 /drive/external/{externalType}, §3 "External file" and "External token",
// §4 one refresh and one retry on a 401, §7 "External drive and external services"). No imports: the web's
// route tree reads these too (the request schemas are in external-query.ts).
//
// The spec has the browser call Google with the access token. Here the token stays on the server (encrypted
// at rest in the external-services layer's connection, registration google-drive) and the server calls Google
// for the browser; "External token" answers tell whether a token is stored, never the token itself.
//
//   GET    /api/external/auth/url/{type}          → { url }: the sign-in popup's start address (the same as
//                                                  POST /api/oauth2/authorization/google-drive)
//   GET    /api/external/token?kind=DRIVE          → ExternalToken[] (the caller's drive services)
//   GET    /api/external/token/{type}              → ExternalToken (connected or not)
//   POST   /api/external/token/{type}              { code, state } → 201 ExternalToken: a code the provider gave
//                                                  for an authorisation this user started (POST
//                                                  /api/external/token takes { code, state, externalType })
//   PUT    /api/external/token/{type}              → ExternalToken: the access token refreshed now
//   DELETE /api/external/token/{type}              → 204: revoked at Google and removed (drive.69; drive.68)
//   GET    /api/external/drive/files               externalFilesQuery → ExternalFileList: a tab's root (my:
//                                                  in root; shared: shared with me and not owned), a folder,
//                                                  or a search (name, full text, category, modified range);
//                                                  never trashed; folders first, then modifiedTime desc
//   GET    /api/external/drive/files/{id}          → ExternalFile
//   GET    /api/external/drive/files/{id}/download → the bytes; Google Docs, Sheets, Slides exported to docx,
//                                                  xlsx, pptx (drawings to pdf; ?format=pdf exports any as pdf)
// Every call answers 404 when the company's drive config has useGoogleDrive off (or the drive is off). A
// failed call to Google answers 502 drive.63 with params { reason } (001 §8 reasons: INVALID_TOKEN means
// reconnect); a file Google does not know (or hides) 404 drive.not_found.

/** 001 §2 {externalType}: the one kind of external drive. */
export const EXTERNAL_DRIVE_TYPES = ["GOOGLE_DRIVE"] as const;
export type ExternalDriveType = (typeof EXTERNAL_DRIVE_TYPES)[number];
/** The external-services registration of each type. */
export const EXTERNAL_DRIVE_REGISTRATION: Record<ExternalDriveType, string> = { GOOGLE_DRIVE: "google-drive" };
/** The token list's kind (001 §7 "token list by kind DRIVE"). */
export const EXTERNAL_TOKEN_KINDS = ["DRIVE"] as const;

/** 001 §2: the tabs of /drive/external/{externalType}/{tabId}. */
export const EXTERNAL_TABS = ["my", "shared"] as const;
export type ExternalTab = (typeof EXTERNAL_TABS)[number];

/** 001 §3 categories; "file" is anything else. */
export const EXTERNAL_CATEGORIES = ["folder", "document", "spreadsheet", "presentation", "pdf", "image", "video", "archive"] as const;
export type ExternalCategory = (typeof EXTERNAL_CATEGORIES)[number] | "file";

export const EXTERNAL_PAGE_SIZE = 50;
export const EXTERNAL_PAGE_SIZE_MAX = 100;

export const GOOGLE_FOLDER_MIME = "application/vnd.google-apps.folder";
export const GOOGLE_SHORTCUT_MIME = "application/vnd.google-apps.shortcut";

const OFFICE = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  pdf: "application/pdf",
} as const;
export type ExportFormat = keyof typeof OFFICE;
export const EXPORT_MIME: Record<ExportFormat, string> = OFFICE;

/** Google's own file types and the Office format each downloads as (MODULES.md: exported, not downloaded). */
export const GOOGLE_EXPORTS: Record<string, ExportFormat> = {
  "application/vnd.google-apps.document": "docx",
  "application/vnd.google-apps.spreadsheet": "xlsx",
  "application/vnd.google-apps.presentation": "pptx",
  "application/vnd.google-apps.drawing": "pdf",
};

/** Each category's mime types: exact ones and prefixes (ending in "/"). The search filter asks Google for these. */
export const CATEGORY_MIMES: Record<ExternalCategory, readonly string[]> = {
  folder: [GOOGLE_FOLDER_MIME],
  document: [
    "application/vnd.google-apps.document", "application/msword", OFFICE.docx, "application/vnd.oasis.opendocument.text",
    "application/rtf", "text/plain", "application/x-hwp", "application/haansofthwp", "application/vnd.hancom.hwp",
    "application/vnd.hancom.hwpx",
  ],
  spreadsheet: [
    "application/vnd.google-apps.spreadsheet", "application/vnd.ms-excel", OFFICE.xlsx, "application/vnd.oasis.opendocument.spreadsheet",
    "text/csv",
  ],
  presentation: [
    "application/vnd.google-apps.presentation", "application/vnd.ms-powerpoint", OFFICE.pptx, "application/vnd.oasis.opendocument.presentation",
  ],
  pdf: [OFFICE.pdf],
  image: ["image/", "application/vnd.google-apps.drawing", "application/vnd.google-apps.photo"],
  video: ["video/", "application/vnd.google-apps.video"],
  archive: [
    "application/zip", "application/x-zip-compressed", "application/x-7z-compressed", "application/vnd.rar", "application/x-rar-compressed",
    "application/x-tar", "application/gzip", "application/x-gzip", "application/x-bzip2",
  ],
  file: [],
};

/** A file's category by its mime type (a shortcut by its target's). */
export function categoryOf(mimeType: string): ExternalCategory {
  const m = mimeType.toLowerCase();
  for (const c of EXTERNAL_CATEGORIES) {
    if (CATEGORY_MIMES[c].some((x) => (x.endsWith("/") ? m.startsWith(x) : m === x))) return c;
  }
  return "file";
}

/** 001 §3 "External file", as Google answers it, with the category the suite adds. */
export interface ExternalFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  webViewLink: string | null;
  createdTime: string | null;
  modifiedTime: string | null;
  owners: { displayName: string }[];
  ownedByMe: boolean;
  shared: boolean;
  /** Bytes; null for folders and Google's own types (they have none). */
  size: number | null;
  exportLinks: Record<string, string> | null;
  shortcutDetails: { targetId?: string; targetMimeType?: string } | null;
  category: ExternalCategory;
  /** What a download gives: "media" (the bytes), an Office format (exported), or null (cannot be downloaded). */
  download: "media" | ExportFormat | null;
}

export interface ExternalFileList {
  files: ExternalFile[];
  nextPageToken: string | null;
  /** The listed folder (null for a tab's root and for searches). */
  folder: ExternalFile | null;
}

/** 001 §3 "External token": whether a token is stored (the token itself stays on the server). */
export interface ExternalToken {
  externalType: ExternalDriveType;
  connected: boolean;
  connectionId: number | null;
  username: string | null;
  email: string | null;
  /** The last failure's reason (001 §8); INVALID_TOKEN: connect again. */
  errorMessage: string | null;
  /** When the stored access token expires (it is refreshed as needed). */
  expiresAt: string | null;
}

/**
 * The search of /drive/external/{type}/search/{actionObj} (the actionObj's JSON). The list call takes the
 * same filters, the days as instants: modifiedAfter (the from day's start, inclusive) and modifiedBefore (the
 * day after the to day's start, exclusive), in the browser's zone.
 */
export interface ExternalSearch {
  name?: string;
  fullText?: string;
  category?: ExternalCategory;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export const EXTERNAL_DRIVE_ERRORS = {
  notAFile: "drive.external_not_a_file",
  notDownloadable: "drive.external_not_downloadable",
  dateRange: "drive.external_date_range",
} as const;

export const EXTERNAL_DRIVE_ERROR_MESSAGES: Record<string, string> = {
  "drive.external_not_a_file": "A folder cannot be downloaded.",
  "drive.external_not_downloadable": "This kind of Google file cannot be downloaded.",
  "drive.external_date_range": "The start date must not be after the end date.",
};

// The request shapes of the drive's Google Drive calls (shared/drive/external.ts lists the calls).
import { z } from "zod";
import { SEARCH_MIN_LENGTH } from "./constants.ts";
import { EXTERNAL_CATEGORIES, EXTERNAL_DRIVE_TYPES, EXTERNAL_PAGE_SIZE, EXTERNAL_PAGE_SIZE_MAX, EXTERNAL_TABS, EXTERNAL_TOKEN_KINDS } from "./external.ts";

const term = z.string().trim().min(SEARCH_MIN_LENGTH, "drive.search_too_short").max(200).optional();
const instant = z.string().datetime({ offset: true }).optional();

/** GET /api/external/drive/files. A Google file id: letters, digits, - and _. */
export const externalFileId = z.string().regex(/^[\w-]{1,200}$/);

export const externalFilesQuery = z.object({
  tab: z.enum(EXTERNAL_TABS).default("my"),
  folderId: externalFileId.optional(),
  name: term,
  fullText: term,
  category: z.enum(EXTERNAL_CATEGORIES).optional(),
  modifiedAfter: instant,
  modifiedBefore: instant,
  pageToken: z.string().max(2000).optional(),
  pageSize: z.coerce.number().int().min(1).max(EXTERNAL_PAGE_SIZE_MAX).default(EXTERNAL_PAGE_SIZE),
}).refine((q) => !q.modifiedAfter || !q.modifiedBefore || Date.parse(q.modifiedAfter) < Date.parse(q.modifiedBefore), {
  message: "drive.external_date_range", path: ["modifiedBefore"],
});
export type ExternalFilesQuery = z.infer<typeof externalFilesQuery>;

export const externalDownloadQuery = z.object({ format: z.enum(["pdf"]).optional() });

export const externalDriveType = z.enum(EXTERNAL_DRIVE_TYPES);
export const externalTokenListQuery = z.object({ kind: z.enum(EXTERNAL_TOKEN_KINDS).default("DRIVE") });
/** POST /api/external/token/{type}: the provider's code for an authorisation the caller started, with its state. */
export const externalTokenCodeBody = z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(500) });
/** POST /api/external/token: the same with the type in the body. */
export const externalTokenSaveBody = externalTokenCodeBody.extend({ externalType: z.enum(EXTERNAL_DRIVE_TYPES) });

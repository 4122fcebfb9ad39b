// Restoring mail from files and backing a folder up as zip files (000 §5 "Restore files", §9 restore and
// backup limits). Paths: POST /api/mails/import (multipart: part, folderId);
// GET /api/mail/download/backup/folder/{id}/info; GET /api/mail/download/backup/folder/{id}?part=N (designed:
// the spec shows only the info call).
import { z } from "zod";

import { BACKUP_SPLIT_BYTES, MAX_MESSAGE_BYTES } from "./constants.ts";

export { BACKUP_SPLIT_BYTES, RESTORE_MAX_BYTES } from "./constants.ts";

/**
 * What the entries of one restored zip may unpack to in total (a zip bomb's 1 MB can hold a 1 GiB entry): a
 * backup part holds at most BACKUP_SPLIT_BYTES of mail plus the message that crosses it, so every part this
 * suite writes restores. Past it: 413 mail.restore_inflated (the batches filed before stay).
 */
export const RESTORE_MAX_INFLATED_BYTES = BACKUP_SPLIT_BYTES + MAX_MESSAGE_BYTES;

/** Restored in one transaction each: a failure keeps the batches before it and says so. */
export const RESTORE_BATCH = 100;

export const importFolderField = z.coerce.number().int().positive();

export interface ImportSkipped {
  name: string;
  /** not_eml, too_large, duplicate, unreadable */
  reason: string;
}

export interface ImportResult {
  folderId: number;
  imported: number;
  skipped: ImportSkipped[];
}

export interface BackupPart {
  part: number;
  count: number;
  size: number;
}

export interface BackupInfo {
  folderId: number;
  nameFolder: string;
  totalCount: number;
  totalSize: number;
  parts: BackupPart[];
}

export const backupPartQuery = z.object({ part: z.coerce.number().int().min(1).default(1) });

export const TRANSFER_ERROR_MESSAGES = {
  "mail.restore_type": "Only .eml or .zip files can be restored.",
  "mail.restore_size": "The file to restore may be at most 500 MB.",
  "mail.restore_inflated": "The files in this archive unpack to more than 2 GB. Split it into smaller archives.",
  "mail.restore_empty": "The file holds no mail to restore.",
  "mail.restore_folder": "Mail cannot be restored into this folder.",
  "mail.backup_folder": "This folder cannot be backed up.",
} as const;

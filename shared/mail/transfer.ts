// Restoring mail from files and backing a folder up as zip files (000 §5 "Restore files", §9 restore and
// backup limits). Paths: POST /api/mails/import (multipart: part, folderId);
// GET /api/mail/download/backup/folder/{id}/info; GET /api/mail/download/backup/folder/{id}?part=N (designed:
// the spec shows only the info call).
import { z } from "zod";

export { BACKUP_SPLIT_BYTES, RESTORE_MAX_BYTES } from "./constants.ts";

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
  "mail.restore_empty": "The file holds no mail to restore.",
  "mail.restore_folder": "Mail cannot be restored into this folder.",
  "mail.backup_folder": "This folder cannot be backed up.",
} as const;

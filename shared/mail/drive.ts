// The mail's calls that reach into the drive (000 §7 "Mail files and compose"; issue 25). Imports nothing but
// zod: the web bundle reads it.
//
//   GET  /api/mail/drive/upload/{fileId}?uploadType=&tempFileSize=&largeTempFileSize=
//        a drive file the caller may read becomes an attachment of the mail being written, answered as the
//        UploadedFile of POST api/mail/file/upload (the bytes are not copied: the upload row names the drive
//        file's blob). tempFileSize and largeTempFileSize are the bytes of the normal and large attachments the
//        compose holds already: without uploadType the file is normal while the normal total stays within
//        20 MB, otherwise large while the large total stays within the company's largeFileMaxSize; beyond
//        both (or beyond the type asked for): 413 mail.365. A file the caller cannot read (missing, another
//        company's, a folder, a shortcut): 404 mail.364.
//   POST /api/mails/view/{mailId}/attach/{position}/drive  { folderId? }
//        an attachment of the caller's mail saved as a drive file (into folderId, or the caller's drive root
//        when absent) → 201 the DriveItem; the drive's own refusals (drive.66, drive.73, drive.not_found).
import { z } from "zod";
import { UPLOAD_TYPES } from "./compose.ts";

export const MAIL_DRIVE_UPLOAD_PATH = "/api/mail/drive/upload";

const bytes = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);

export const driveUploadQuery = z.object({
  uploadType: z.enum(UPLOAD_TYPES).optional(),
  tempFileSize: bytes,
  largeTempFileSize: bytes,
});

export const saveToDriveBody = z.object({ folderId: z.coerce.number().int().positive().optional() });

export const MAIL_DRIVE_ERROR_MESSAGES = {
  "mail.364": "The file could not be brought in from the drive.",
  "mail.365": "The file is too large to attach.",
} as const;

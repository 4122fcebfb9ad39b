// The mail's calls into the drive (shared/mail/drive.ts): attach a drive file in compose, save a received
// attachment into the drive.
import { Hono } from "hono";
import { driveUploadQuery, MAIL_DRIVE_UPLOAD_PATH, saveToDriveBody } from "../../../../shared/mail/drive.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { attachFromDrive, saveAttachmentToDrive } from "./service.ts";

export function mailDriveRoutes() {
  const r = new Hono<AppEnv>();
  r.get(`${MAIL_DRIVE_UPLOAD_PATH}/:fileId`, requireAuth, async (c) => {
    const raw = c.req.param("fileId");
    if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, "mail.364");
    return c.json(await attachFromDrive(callerOf(c), Number(raw), query(c, driveUploadQuery)));
  });
  r.post("/api/mails/view/:id/attach/:position/drive", requireAuth, async (c) => {
    const position = c.req.param("position");
    if (!/^\d{1,6}$/.test(position)) throw new AppError(404, "mail.attach_not_found");
    const { folderId } = await body(c, saveToDriveBody);
    return c.json(await saveAttachmentToDrive(callerOf(c), idParam(c), Number(position), folderId), 201);
  });
  return r;
}

// The drive's HTTP API (001 §7 "Drive", api/drive; the calls and their shapes: shared/drive/items.ts). Every
// call needs a signed-in user of a company with the drive switched on (companies.use_drive): otherwise 403
// drive.66. Downloads, zip downloads, previews and resumable uploads are transfer/'s; WebDAV dav/'s; the
// Google drive external/'s.
//
// Layout: access.ts (who may do what), names.ts, repo.ts, view.ts (rows as items), realtime.ts; items/ (roots,
// one item, folders, rename, important, shortcuts), files/ (the upload seam), moves/ (move and copy),
// views/ (the lists), trash/, share/ (shared lists, the shareable registration, the link viewer's calls),
// search/ (name and content search, the extraction job).
import { Hono } from "hono";
import { MAX_FILE_SIZE } from "../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../shared/drive/errors.ts";
import {
  copyBody, createFolderBody, idsBody, idsQuery, importantBody, listQuery, renameBody, shortcutBody,
} from "../../../shared/drive/items.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { readStreamingForm } from "../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../lib/multipart/temp-files.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import { driveNotFound } from "./access.ts";
import { addUploadedFile, checkUploadable, tooLarge } from "./files/service.ts";
import * as items from "./items/service.ts";
import { createShortcut, shortcutTarget } from "./items/shortcuts.ts";
import { listDrive } from "./views/service.ts";
import { copyItems, moveableFolders, moveItems } from "./moves/service.ts";
import { cleanItem, emptyTrash, restoreItems, trashItems } from "./trash/service.ts";
import { mailLinkContent, sharedList } from "./share/service.ts";
import { transferRoutes } from "./transfer/routes.ts";

export const DRIVE_UPLOAD_PATH = "/api/drive/file/upload";
export const driveEnabled = moduleGate("useDrive", DRIVE_ERRORS.noPermission);
/** Multipart overhead allowed beyond the file itself. */
const FORM_OVERHEAD = 1024 * 1024;

/** A folder id of a path: a number, negative for the special views; anything else answers 404. */
export function signedId(raw: string | undefined): number {
  if (!raw || !/^-?\d{1,15}$/.test(raw)) throw driveNotFound();
  return Number(raw);
}

export function driveRoutes() {
  const r = new Hono<AppEnv>();
  // Before the auth below: downloads also take a download ticket instead of the bearer (transfer/ticket.ts).
  r.route("/", transferRoutes());
  r.use("/api/drive/*", requireAuth, driveEnabled);

  r.get("/api/drive/root", async (c) => c.json(await items.roots(callerOf(c))));
  r.get("/api/drive/default", async (c) => c.json(await items.defaultFolder(callerOf(c))));

  // The global 2 MB body limit skips this path (server/app.ts). The file is streamed to a temporary file
  // and cut off with 413 drive.74 the moment it passes MAX_FILE_SIZE; then into the blob store, and the row
  // is inserted (quota and names checked in its transaction). A broken or cancelled upload leaves its
  // temporary file removed and at most an unreferenced blob, which the blob collector removes.
  r.post(DRIVE_UPLOAD_PATH, async (c) => {
    const deps = c.get("deps");
    const caller = callerOf(c);
    const form = await readStreamingForm(c.req.raw, {
      tmpDir: await tempDirOf(deps.config.DATA_DIR),
      maxBodyBytes: MAX_FILE_SIZE + FORM_OVERHEAD,
      maxFileBytes: MAX_FILE_SIZE,
      tooLarge,
      malformed: () => new AppError(400, "common.400"),
    });
    try {
      const part = form.file("part");
      const folderId = Number(form.fields.get("folderId"));
      if (!part || !Number.isSafeInteger(folderId) || folderId <= 0) {
        throw new AppError(400, "common.validation", undefined, [
          ...(!part ? [{ field: "part", code: "common.validation", message: "a file is required" }] : []),
          ...(!(folderId > 0) ? [{ field: "folderId", code: "common.validation", message: "a folder id is required" }] : []),
        ]);
      }
      await checkUploadable(caller, folderId, part.size);
      const blob = await deps.blobs.putFile(part.path);
      const item = await addUploadedFile(caller, folderId, { name: part.name, size: blob.size, blobKey: blob.key, mimeType: part.type });
      return c.json(item, 201);
    } finally {
      await form.dispose();
    }
  });

  r.get("/api/drive/list", async (c) => c.json(await listDrive(callerOf(c), query(c, listQuery))));
  r.get("/api/drive/share/list", async (c) => c.json(await sharedList(callerOf(c), query(c, listQuery))));
  r.get("/api/drive/files", async (c) => c.json(await items.itemsByIds(callerOf(c), query(c, idsQuery).fileIds)));
  r.get("/api/drive/moveable", async (c) => c.json(await moveableFolders(callerOf(c), query(c, idsQuery).fileIds)));
  r.post("/api/drive/copy", async (c) => {
    const { fileIds, targetFolderId } = await body(c, copyBody);
    return c.json(await copyItems(callerOf(c), targetFolderId, fileIds), 201);
  });
  r.post("/api/drive/share/mail/link/content", async (c) => c.json(await mailLinkContent(callerOf(c), (await body(c, idsBody)).fileIds)));
  r.put("/api/drive/restore", async (c) => c.json(await restoreItems(callerOf(c), (await body(c, idsBody)).fileIds)));
  r.put("/api/drive/:target{[0-9]+}/moved", async (c) => c.json(await moveItems(callerOf(c), idParam(c, "target"), (await body(c, idsBody)).fileIds)));
  r.delete("/api/drive/trash", async (c) => {
    await emptyTrash(callerOf(c));
    return c.body(null, 204);
  });
  r.delete("/api/drive/:id{[0-9]+}/clean", async (c) => {
    await cleanItem(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
  r.delete("/api/drive", async (c) => {
    await trashItems(callerOf(c), (await body(c, idsBody)).fileIds);
    return c.body(null, 204);
  });
  r.get("/api/drive/shortcut/:id", async (c) => c.json(await shortcutTarget(callerOf(c), idParam(c), false)));
  r.get("/api/drive/share/shortcut/:id", async (c) => c.json(await shortcutTarget(callerOf(c), idParam(c), true)));
  r.post("/api/drive/shortcut", async (c) => c.json(await createShortcut(callerOf(c), await body(c, shortcutBody)), 201));
  r.post("/api/drive/create", async (c) => c.json(await items.createFolder(callerOf(c), await body(c, createFolderBody)), 201));
  r.put("/api/drive/important", async (c) => {
    const { fileIds, important } = await body(c, importantBody);
    return c.json(await items.setImportant(callerOf(c), fileIds, important));
  });
  r.put("/api/drive/:id{[0-9]+}/name", async (c) => c.json(await items.rename(callerOf(c), idParam(c), (await body(c, renameBody)).fileName)));
  r.get("/api/drive/:parent{[0-9]+}/children", async (c) => c.json(await items.children(callerOf(c), idParam(c, "parent"))));
  r.get("/api/drive/:id{[0-9]+}/super/parent", async (c) => c.json(await items.ancestors(callerOf(c), idParam(c))));
  // Last: /api/drive/{id} would take the named paths above.
  r.get("/api/drive/:id{-?[0-9]+}", async (c) => c.json(await items.getItem(callerOf(c), signedId(c.req.param("id")))));
  return r;
}

// Calls of an item's detail under /api/todo/item/{itemId}/{boardId}/detail (shared/todo/details.ts lists
// them): the detail, content, checklist, files and comments. The upload path is kept off the app's general
// body limit (upload-paths.ts); the form reader enforces FILE_MAX_BYTES while streaming.
import { Hono } from "hono";
import { checklistCheckedBody, checklistTitleBody, commentBody, contentBody } from "../../../../shared/todo/details.ts";
import { FILE_MAX_BYTES, UPLOAD_TYPE } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { withOneFile } from "../../../lib/multipart/one-file.ts";
import { body } from "../../../lib/validate.ts";
import { pathId } from "../workspaces/routes.ts";
import { beforeUpload, deleteFile, fileBytes, fileTooLarge, uploadFile } from "./files.ts";
import * as service from "./service.ts";

const D = "/item/:itemId/:boardId/detail";

const ids = (c: AppContext) => ({ itemId: pathId(c, "itemId", TODO_ERRORS.itemNotFound), boardId: pathId(c, "boardId", TODO_ERRORS.itemNotFound) });
const validation = (field: string, message: string) =>
  new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message }]);

export function detailRoutes() {
  const r = new Hono<AppEnv>();
  r.get(D, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.itemDetail(callerOf(c), boardId, itemId));
  });
  r.post(`${D}/content`, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.writeContent(callerOf(c), boardId, itemId, (await body(c, contentBody)).content), 201);
  });

  r.post(`${D}/checklist`, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.addChecklist(callerOf(c), boardId, itemId, (await body(c, checklistTitleBody)).title), 201);
  });
  r.put(`${D}/checklist/:id/title`, async (c) => {
    const { itemId, boardId } = ids(c);
    const id = pathId(c, "id", TODO_ERRORS.checklistNotFound);
    return c.json(await service.updateChecklist(callerOf(c), boardId, itemId, id, { title: (await body(c, checklistTitleBody)).title }), 201);
  });
  r.put(`${D}/checklist/:id/checked`, async (c) => {
    const { itemId, boardId } = ids(c);
    const id = pathId(c, "id", TODO_ERRORS.checklistNotFound);
    const { checked } = await body(c, checklistCheckedBody);
    return c.json(await service.updateChecklist(callerOf(c), boardId, itemId, id, { checked: checked === true || checked === 1 || checked === "1" }), 201);
  });
  r.delete(`${D}/checklist/:id`, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.deleteChecklist(callerOf(c), boardId, itemId, pathId(c, "id", TODO_ERRORS.checklistNotFound)));
  });

  // Streamed to a temporary file, cut off with 413 the moment it passes FILE_MAX_BYTES.
  r.post(`${D}/file/upload`, async (c) => {
    const { itemId, boardId } = ids(c);
    const caller = callerOf(c);
    await beforeUpload(caller, boardId, itemId); // before the body is read
    return await withOneFile(c.req.raw, { dataDir: caller.deps.config.DATA_DIR, maxFileBytes: FILE_MAX_BYTES, tooLarge: fileTooLarge, field: "part" }, async (part, form) => {
      const uploadType = form.fields.get("uploadType");
      if (uploadType !== undefined && uploadType !== UPLOAD_TYPE) throw validation("uploadType", `must be ${UPLOAD_TYPE}`);
      const file = await uploadFile(caller, boardId, itemId, { name: part.name, contentType: part.type, size: part.size }, () => caller.deps.blobs.putFile(part.path));
      return c.json(file, 201);
    });
  });
  r.get(`${D}/file/:id`, async (c) => {
    const { itemId, boardId } = ids(c);
    const id = pathId(c, "id", TODO_ERRORS.fileNotFound);
    return await fileBytes(callerOf(c), boardId, itemId, id, { method: c.req.method, range: c.req.header("range") });
  });
  r.delete(`${D}/file/:id`, async (c) => {
    const { itemId, boardId } = ids(c);
    await deleteFile(callerOf(c), boardId, itemId, pathId(c, "id", TODO_ERRORS.fileNotFound));
    return c.body(null, 204);
  });

  r.post(`${D}/comment`, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.addComment(callerOf(c), boardId, itemId, (await body(c, commentBody)).content), 201);
  });
  r.put(`${D}/comment/:id`, async (c) => {
    const { itemId, boardId } = ids(c);
    const id = pathId(c, "id", TODO_ERRORS.commentNotFound);
    return c.json(await service.editComment(callerOf(c), boardId, itemId, id, (await body(c, commentBody)).content), 201);
  });
  r.delete(`${D}/comment/:id`, async (c) => {
    const { itemId, boardId } = ids(c);
    return c.json(await service.deleteComment(callerOf(c), boardId, itemId, pathId(c, "id", TODO_ERRORS.commentNotFound)));
  });
  return r;
}

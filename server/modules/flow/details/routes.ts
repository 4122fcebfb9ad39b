// Calls of a task's details (shared/flow/task-details.ts): checklist, comments, files (the upload is streamed
// and cut off with 413 flow.file_too_large the moment it passes FILE_MAX_BYTES; its path is kept off the app's
// general body limit: upload-paths.ts) and the .eml view. Ids that are not digits answer the module's
// not-found code, as missing ones do.
import { Hono } from "hono";
import { FILE_MAX_BYTES } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import { checklistAddBody, checklistPutBody, commentBody } from "../../../../shared/flow/task-details.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { withOneFile } from "../../../lib/multipart/one-file.ts";
import { body } from "../../../lib/validate.ts";
import { pathId, projectParam, taskParam } from "../tasks/params.ts";
import { addFile, checkUpload, deleteFile, emlView, fileBytes, fileTooLarge } from "./files.ts";
import { addChecklist, addComment, deleteChecklist, deleteComment, editComment, putChecklist } from "./service.ts";


const ids = (c: AppContext) => [projectParam(c), taskParam(c)] as const;

export function detailRoutes() {
  const r = new Hono<AppEnv>();
  const D = "/projects/:p/tasks/:t";
  r.post(`${D}/checklist`, async (c) => {
    const [p, t] = ids(c);
    return c.json(await addChecklist(callerOf(c), p, t, await body(c, checklistAddBody)), 201);
  });
  r.put(`${D}/checklist`, async (c) => {
    const [p, t] = ids(c);
    return c.json(await putChecklist(callerOf(c), p, t, await body(c, checklistPutBody)));
  });
  r.delete(`${D}/checklist/:id`, async (c) => {
    const [p, t] = ids(c);
    await deleteChecklist(callerOf(c), p, t, pathId(c, "id", FLOW_ERRORS.checklistNotFound));
    return c.body(null, 204);
  });
  r.post(`${D}/comments`, async (c) => {
    const [p, t] = ids(c);
    return c.json(await addComment(callerOf(c), p, t, await body(c, commentBody)), 201);
  });
  r.put(`${D}/comments/:id`, async (c) => {
    const [p, t] = ids(c);
    const id = pathId(c, "id", FLOW_ERRORS.commentNotFound);
    return c.json(await editComment(callerOf(c), p, t, id, await body(c, commentBody)));
  });
  r.delete(`${D}/comments/:id`, async (c) => {
    const [p, t] = ids(c);
    await deleteComment(callerOf(c), p, t, pathId(c, "id", FLOW_ERRORS.commentNotFound));
    return c.body(null, 204);
  });
  r.post(`${D}/upload`, async (c) => {
    const caller = callerOf(c);
    const [p, t] = ids(c);
    await checkUpload(caller, p, t); // before the body is read
    return await withOneFile(c.req.raw, { dataDir: caller.deps.config.DATA_DIR, maxFileBytes: FILE_MAX_BYTES, tooLarge: fileTooLarge, field: "part" }, async (part) => {
      const info = await addFile(caller, p, t, { name: part.name, contentType: part.type, size: part.size }, () => caller.deps.blobs.putFile(part.path));
      return c.json(info, 201);
    });
  });
  r.get(`${D}/file/:id`, async (c) => {
    const [p, t] = ids(c);
    const id = pathId(c, "id", FLOW_ERRORS.fileNotFound);
    return await fileBytes(callerOf(c), p, t, id, { method: c.req.method, range: c.req.header("range") });
  });
  r.delete(`${D}/file/:id`, async (c) => {
    const [p, t] = ids(c);
    await deleteFile(callerOf(c), p, t, pathId(c, "id", FLOW_ERRORS.fileNotFound));
    return c.body(null, 204);
  });
  r.get(`${D}/file/:id/view/eml`, async (c) => {
    const [p, t] = ids(c);
    return c.json(await emlView(callerOf(c), p, t, pathId(c, "id", FLOW_ERRORS.fileNotFound)));
  });
  return r;
}

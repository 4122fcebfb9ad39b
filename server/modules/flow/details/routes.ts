// Calls of a task's details (shared/flow/task-details.ts): checklist, comments, files (the upload is streamed
// and cut off with 413 flow.file_too_large the moment it passes FILE_MAX_BYTES; its path is kept off the app's
// general body limit: upload-paths.ts) and the .eml view. Ids that are not digits answer the module's
// not-found code, as missing ones do.
import { Hono } from "hono";
import { FILE_MAX_BYTES } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import { checklistAddBody, checklistPutBody, commentBody } from "../../../../shared/flow/task-details.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readStreamingForm } from "../../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../../lib/multipart/temp-files.ts";
import { body } from "../../../lib/validate.ts";
import { pathId, projectParam, taskParam } from "../tasks/params.ts";
import { addFile, checkUpload, deleteFile, emlView, fileBytes, fileTooLarge } from "./files.ts";
import { addChecklist, addComment, deleteChecklist, deleteComment, editComment, putChecklist } from "./service.ts";

/** Multipart overhead allowed beyond the file itself. */
const FORM_OVERHEAD = 1024 * 1024;

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
    const form = await readStreamingForm(c.req.raw, {
      tmpDir: await tempDirOf(caller.deps.config.DATA_DIR),
      maxBodyBytes: FILE_MAX_BYTES + FORM_OVERHEAD,
      maxFileBytes: FILE_MAX_BYTES,
      maxFiles: 1,
      tooLarge: fileTooLarge,
      malformed: () => new AppError(400, "common.400"),
    });
    try {
      const part = form.file("part");
      if (!part) throw new AppError(400, "common.validation", undefined, [{ field: "part", code: "common.validation", message: "a file is required" }]);
      const info = await addFile(caller, p, t, { name: part.name, contentType: part.type, size: part.size }, () => caller.deps.blobs.putFile(part.path));
      return c.json(info, 201);
    } finally {
      await form.dispose();
    }
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

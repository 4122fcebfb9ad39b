// Mounted by ../routes.ts under /api/board (shared/board/posts.ts: post list, notices, get, add, update,
// delete, notice, move, trash; shared/board/replies.ts: POST file, GET file/find, GET file/{fileId}).
// GET /api/board/inline/{fileId}?token= (inlineRoutes) is reached without the bearer header: ../routes.ts
// mounts it before its auth middleware.
import { Hono } from "hono";
import { FILE_MAX_BYTES } from "../../../../shared/board/constants.ts";
import { movePostsBody, noticeBody, noticeListQuery, postBody, postIdsBody, postListQuery, postUpdateBody } from "../../../../shared/board/posts.ts";
import { postIdQuery } from "../../../../shared/board/replies.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { withOneFile } from "../../../lib/multipart/one-file.ts";
import { body, query } from "../../../lib/validate.ts";
import { postNotFound } from "./access.ts";
import { addUpload, fileNotFound, fileResponse, fileTooLarge, findFiles, inlineImage, readableFile, requireSpace, uploadView } from "./files.ts";
import { getPost, listPosts, noticePanel } from "./list.ts";
import { cleanTrash, deleteForever, deletePost, movePosts, moveTrashPosts, restorePosts, setNotice } from "./trash.ts";
import { createPost, updatePost } from "./write.ts";

/** The upload path: the app's global 2 MB body limit skips it (server/app.ts); the form reader limits it. */
export const BOARD_UPLOAD_PATH = "/api/board/file";

function idOf(c: AppContext, name: string, missing: () => AppError): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw missing();
  return Number(raw);
}
const postIdOf = (c: AppContext) => idOf(c, "postId", postNotFound);

export function postRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/post/list", async (c) => c.json(await listPosts(callerOf(c), query(c, postListQuery))));
  r.get("/post/notices", async (c) => c.json(await noticePanel(callerOf(c), query(c, noticeListQuery))));
  r.put("/post/move", async (c) => {
    const b = await body(c, movePostsBody);
    return c.json(await movePosts(callerOf(c), b.postIds, b.boardId));
  });
  r.post("/post", async (c) => {
    const caller = callerOf(c);
    const id = await createPost(caller, await body(c, postBody));
    return c.json(await getPost(caller, id), 201);
  });
  r.get("/post/:postId{[0-9]+}", async (c) => c.json(await getPost(callerOf(c), postIdOf(c))));
  r.put("/post/:postId{[0-9]+}", async (c) => {
    const caller = callerOf(c);
    const id = postIdOf(c);
    await updatePost(caller, id, await body(c, postUpdateBody));
    return c.json(await getPost(caller, id));
  });
  r.delete("/post/:postId{[0-9]+}", async (c) => {
    const id = postIdOf(c);
    await deletePost(callerOf(c), id);
    return c.json({ id });
  });
  r.put("/post/:postId{[0-9]+}/notice", async (c) => {
    const caller = callerOf(c);
    const id = postIdOf(c);
    await setNotice(caller, id, (await body(c, noticeBody)).isNotice);
    return c.json(await getPost(caller, id));
  });

  r.put("/trash/restore", async (c) => c.json(await restorePosts(callerOf(c), (await body(c, postIdsBody)).postIds)));
  r.put("/trash/move", async (c) => {
    const b = await body(c, movePostsBody);
    return c.json(await moveTrashPosts(callerOf(c), b.postIds, b.boardId));
  });
  r.delete("/trash/forever", async (c) => c.json(await deleteForever(callerOf(c), (await body(c, postIdsBody)).postIds)));
  r.delete("/trash/clean", async (c) => c.json(await cleanTrash(callerOf(c))));

  // Streamed to a temporary file, cut off with 413 board.123 the moment it passes FILE_MAX_BYTES.
  r.post("/file", async (c) => {
    const caller = callerOf(c);
    const inline = c.req.query("inline") === "true";
    await requireSpace(caller);
    return await withOneFile(c.req.raw, { dataDir: caller.deps.config.DATA_DIR, maxFileBytes: FILE_MAX_BYTES, tooLarge: fileTooLarge, field: "file" }, async (part) => {
      const row = await addUpload(caller.deps, caller.auth, { name: part.name, contentType: part.type, size: part.size, inline }, () => caller.deps.blobs.putFile(part.path));
      return c.json(await uploadView(caller, row), 201);
    });
  });
  r.get("/file/find", async (c) => c.json(await findFiles(callerOf(c), query(c, postIdQuery).postId)));
  r.get("/file/:fileId{[0-9]+}", async (c) => {
    const caller = callerOf(c);
    const f = await readableFile(caller, idOf(c, "fileId", fileNotFound));
    return await fileResponse(caller.deps, f, { method: c.req.method, range: c.req.header("range"), download: c.req.query("download") === "1" });
  });
  return r;
}

/** GET /api/board/inline/{fileId}?token=: an image shown by an <img> (no bearer; the token stands for it). */
export function inlineRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/board/inline/:fileId{[0-9]+}", async (c) =>
    await inlineImage(c.get("deps"), idOf(c, "fileId", fileNotFound), c.req.query("token") ?? "", { method: c.req.method, range: c.req.header("range") }));
  return r;
}

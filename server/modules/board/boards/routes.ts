// The board tree's calls, mounted by ../routes.ts under /api/board (shared/board/boards.ts lists them).
import { Hono } from "hono";
import { boardBody, boardUpdateBody, followBody, moveBoardBody, renameBody } from "../../../../shared/board/boards.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body } from "../../../lib/validate.ts";
import { createBoard } from "./create.ts";
import { moveBoard, renameBoard, updateBoard } from "./edit.ts";
import { deleteBoard, restoreBoard } from "./lifecycle.ts";
import { setFollowing, setHidden } from "./personal.ts";
import { boardDetail, boardPrivilege, deletedBoards } from "./reads.ts";
import { boardTree, hiddenBoards } from "./tree.ts";

/** A numeric board id; anything else answers 404 board.8 like a missing board. */
function boardId(c: AppContext): number {
  const raw = c.req.param("id") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, BOARD_ERRORS.board);
  return Number(raw);
}

export function boardTreeRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/list", async (c) => c.json(await boardTree(callerOf(c))));
  r.get("/deleted", async (c) => c.json(await deletedBoards(callerOf(c))));
  r.get("/hidden", async (c) => c.json(await hiddenBoards(callerOf(c))));
  r.get("/detail/:id", async (c) => c.json(await boardDetail(callerOf(c), boardId(c))));
  r.get("/privilege/:id", async (c) => c.json(await boardPrivilege(callerOf(c), c.req.param("id"))));
  // POST /api/board, and /api/board/ with a trailing slash (a mounted "/" matches only the first).
  const create = async (c: AppContext) => c.json(await createBoard(callerOf(c), await body(c, boardBody)), 201);
  r.post("/", create);
  r.post("/:slash{^$}", create);
  r.put("/:id{[0-9]+}", async (c) => {
    const id = boardId(c);
    return c.json(await updateBoard(callerOf(c), id, await body(c, boardUpdateBody)));
  });
  r.put("/:id{[0-9]+}/rename", async (c) => {
    const id = boardId(c);
    return c.json(await renameBoard(callerOf(c), id, (await body(c, renameBody)).name));
  });
  r.put("/:id{[0-9]+}/move", async (c) => {
    const id = boardId(c);
    return c.json(await moveBoard(callerOf(c), id, await body(c, moveBoardBody)));
  });
  r.delete("/:id{[0-9]+}", async (c) => c.json(await deleteBoard(callerOf(c), boardId(c))));
  r.put("/:id{[0-9]+}/restore", async (c) => c.json(await restoreBoard(callerOf(c), boardId(c))));
  r.put("/:id{[0-9]+}/hide", async (c) => c.json(await setHidden(callerOf(c), boardId(c), true)));
  r.put("/:id{[0-9]+}/unhide", async (c) => c.json(await setHidden(callerOf(c), boardId(c), false)));
  r.put("/:id{[0-9]+}/follow", async (c) => {
    const id = boardId(c);
    return c.json(await setFollowing(callerOf(c), id, (await body(c, followBody)).follow));
  });
  return r;
}

// Boards' HTTP API (001 §7 "Boards (api/board)"; the calls and their shapes: shared/board/). Every call needs a
// signed-in user of a company with boards switched on (companies.use_board): otherwise 403 board.disabled.
// Who may do what: access.ts. Ids in paths are numeric ({[0-9]+}) so fixed paths such as post/move never
// reach a /:id route.
//
// Layout (each folder mounts its own calls under /api/board):
//   boards/   the tree, detail, privilege, create, update, rename, move, delete and restore (and the purge
//             job), hide and unhide, follow
//   config/   the caller's board config and the company's tags
//   posts/    post list (boards and special folders), notices, get, add, update, delete, move, trash,
//             mentions, files (upload, find, bytes), the trash and upload-sweep jobs
//   reads/    views, read and unread, the read list of a post and must-read reminders
//   replies/  replies and their children, counts, reactions (feeling), and the digest job
//   search/   /api/board/search/{type} over posts, replies and files (the two-syllable index)
//   og/       link previews with SSRF protection
//   mail/     the board's mail address and filters, mail in (SMTP) and out (archive), and
//             GET /api/mails/share/board/form/{mailId} (a mail as a post draft)
import { Hono } from "hono";
import { BOARD_ERRORS } from "../../../shared/board/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { boardTreeRoutes } from "./boards/routes.ts";
import { boardConfigRoutes } from "./config/routes.ts";
import { boardMailFormRoutes } from "./mail/form-routes.ts";
import { boardMailRoutes } from "./mail/routes.ts";
import { ogRoutes } from "./og/routes.ts";
import { inlineRoutes, postRoutes } from "./posts/routes.ts";
import { readRoutes } from "./reads/routes.ts";
import { replyRoutes } from "./replies/routes.ts";
import { boardSearchRoutes } from "./search/routes.ts";

export const boardEnabled = moduleGate("useBoard", BOARD_ERRORS.disabled);

export function boardRoutes() {
  const r = new Hono<AppEnv>();
  r.route("/", inlineRoutes()); // before the auth middleware: an <img> sends no bearer (a signed token instead)
  r.use("/api/board/*", requireAuth, boardEnabled);
  r.use("/api/mails/share/board/*", requireAuth, boardEnabled);
  r.route("/api/board", boardConfigRoutes());
  r.route("/api/board", readRoutes()); // before postRoutes: post/read and post/unread are not post/{postId}
  r.route("/api/board", postRoutes());
  r.route("/api/board", replyRoutes());
  r.route("/api/board", boardSearchRoutes());
  r.route("/api/board", ogRoutes());
  r.route("/api/board", boardMailRoutes());
  r.route("/api/board", boardTreeRoutes());
  r.route("/api/mails/share/board", boardMailFormRoutes());
  return r;
}

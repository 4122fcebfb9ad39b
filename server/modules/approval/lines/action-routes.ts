// The line actions of /api/approval (shared/approval/lines.ts): appr-line/approve, reject, cancel, receive,
// return, upper, share and list. Mounted by ./routes.ts.
import { Hono } from "hono";
import { docIdQuery, lineActionBody, shareLinesBody, upperLinesBody } from "../../../../shared/approval/lines.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, query } from "../../../lib/validate.ts";
import { approve, cancel, reject } from "./actions.ts";
import { addShareLines, changeUpperLines, listLines } from "./change.ts";
import { receive, returnDocument } from "./receive.ts";

export function lineActionRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/appr-line/list", async (c) => c.json(await listLines(callerOf(c), query(c, docIdQuery).docId)));
  r.put("/appr-line/approve", async (c) => c.json(await approve(callerOf(c), await body(c, lineActionBody))));
  r.put("/appr-line/reject", async (c) => c.json(await reject(callerOf(c), await body(c, lineActionBody))));
  r.put("/appr-line/cancel", async (c) => c.json(await cancel(callerOf(c), await body(c, lineActionBody))));
  r.put("/appr-line/receive", async (c) => c.json(await receive(callerOf(c), await body(c, lineActionBody))));
  r.put("/appr-line/return", async (c) => c.json(await returnDocument(callerOf(c), await body(c, lineActionBody))));
  r.put("/appr-line/upper", async (c) => c.json(await changeUpperLines(callerOf(c), await body(c, upperLinesBody))));
  r.post("/appr-line/share", async (c) => c.json(await addShareLines(callerOf(c), await body(c, shareLinesBody)), 201));
  return r;
}

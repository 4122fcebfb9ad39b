// Documents (shared/wiki/documents.ts): get, summary, summaries, create, patch, move, rollback, delete, trash.
// Ids are numeric ({[0-9]+}) so docs/summaries and the other folders' fixed paths never reach docs/{id}.
import { Hono } from "hono";
import {
  createDocBody, docQuery, moveDocBody, patchDocBody, rollbackBody, summariesQuery, trashQuery,
} from "../../../../shared/wiki/documents.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { getDocument, getSummary, listSummaries } from "./read.ts";
import { listTrash, purgeDoc, restoreDoc } from "./trash.ts";
import { createDoc, deleteDoc, moveDoc, patchDoc, rollbackDoc } from "./write.ts";

export function docRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/docs/summaries", async (c) => c.json(await listSummaries(callerOf(c), query(c, summariesQuery))));
  r.get("/docs/:id{[0-9]+}", async (c) => {
    const id = idParam(c);
    return c.json(await getDocument(callerOf(c), id, { trackRecent: query(c, docQuery).trackRecent }));
  });
  r.get("/docs/:id{[0-9]+}/summary", async (c) => c.json(await getSummary(callerOf(c), idParam(c))));
  r.post("/docs", async (c) => c.json(await createDoc(callerOf(c), await body(c, createDocBody)), 201));
  r.patch("/docs/:id{[0-9]+}", async (c) => {
    const id = idParam(c);
    return c.json(await patchDoc(callerOf(c), id, await body(c, patchDocBody)));
  });
  r.patch("/docs/:id{[0-9]+}/move", async (c) => {
    const id = idParam(c);
    return c.json(await moveDoc(callerOf(c), id, await body(c, moveDocBody)));
  });
  r.post("/docs/:id{[0-9]+}/rollback", async (c) => {
    const id = idParam(c);
    return c.json(await rollbackDoc(callerOf(c), id, (await body(c, rollbackBody)).versionId));
  });
  r.delete("/docs/:id{[0-9]+}", async (c) => c.json(await deleteDoc(callerOf(c), idParam(c))));
  r.get("/trash/docs", async (c) => c.json(await listTrash(callerOf(c), query(c, trashQuery))));
  r.patch("/trash/docs/:id{[0-9]+}/restore", async (c) => c.json(await restoreDoc(callerOf(c), idParam(c))));
  r.delete("/trash/docs/:id{[0-9]+}", async (c) => c.json(await purgeDoc(callerOf(c), idParam(c))));
  return r;
}

// External mail accounts (paths in shared/mail/external.ts): list, add, edit, delete, fetch now.
import { Hono } from "hono";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { readBody } from "../../../lib/validate.ts";
import { notFound } from "../../../lib/errors.ts";
import { tooManyItems } from "../../../lib/request-input.ts";
import { MAX_LIST_ITEMS } from "../../../../shared/request-input.ts";
import { createAccount, deleteAccounts, fetchNow, listAccounts, updateAccount } from "./service.ts";

function idParam(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export function externalRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/mail/config/external", requireAuth, async (c) => c.json(await listAccounts(callerOf(c))));
  r.post("/api/mail/config/external", requireAuth, async (c) => c.json(await createAccount(callerOf(c), await readBody(c)), 201));
  r.put("/api/mail/config/external/:id", requireAuth, async (c) =>
    c.json(await updateAccount(callerOf(c), idParam(c.req.param("id")), await readBody(c))));
  // The spec's path: the id in the body.
  r.put("/api/mail/config/external", requireAuth, async (c) => {
    const body = await readBody(c) as Record<string, unknown> | null;
    const id = body && typeof body === "object" ? body.id ?? body.externalId : undefined;
    return c.json(await updateAccount(callerOf(c), idParam(String(id ?? "")), body));
  });
  r.delete("/api/mail/config/external", requireAuth, async (c) => {
    // DELETE with a form or JSON body; the ids may also come in the query string.
    const body = await readBody(c) as Record<string, unknown>;
    const fromQuery = c.req.query("externalIds");
    await deleteAccounts(callerOf(c), body && typeof body === "object" && "externalIds" in body ? body : { externalIds: fromQuery });
    return c.body(null, 204);
  });
  r.get("/api/mail/config/fetch", requireAuth, async (c) => {
    const raw = [...c.req.queries("externalIds") ?? [], ...c.req.queries("externalIds[]") ?? []].join(",");
    const ids = raw.split(",").map((s) => s.trim()).filter(Boolean);
    if (ids.length > MAX_LIST_ITEMS) throw tooManyItems("externalIds");
    return c.json(await fetchNow(callerOf(c), ids.map(idParam)));
  });
  return r;
}

// Spam management routes (paths in shared/mail/spam-lists.ts): the spam log and its actions, the user's block
// and allow lists, and the company's block list for its admin.
import { Hono } from "hono";
import {
  companySenderAddBody, senderAddBody, senderListQuery, spamIdsBody, spamLogQuery, unsubscribeBody,
} from "../../../../shared/mail/spam-lists.ts";
import { requireAdmin, requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { allowSpam, deleteSpamLog, listSpamLog, recoverSpam, spamLogDetail } from "./log.ts";
import { addCompanySender, addOwnSender, listCompanySenders, listSenders, removeSenders } from "./senders.ts";

export function spamListRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/api/spam/list", requireAuth, async (c) => c.json(await listSpamLog(callerOf(c), query(c, spamLogQuery))));
  r.get("/api/spam/block/detail/:id", requireAuth, async (c) => c.json(await spamLogDetail(callerOf(c), idParam(c))));
  r.post("/api/spam/unsubscribe", requireAuth, async (c) => {
    const { sender } = await body(c, unsubscribeBody);
    return c.json(await addOwnSender(callerOf(c), "BLOCK", sender), 201);
  });
  r.post("/api/spam/allow", requireAuth, async (c) => c.json(await allowSpam(callerOf(c), (await body(c, spamIdsBody)).ids)));
  r.post("/api/spam/recovery", requireAuth, async (c) => c.json(await recoverSpam(callerOf(c), (await body(c, spamIdsBody)).ids)));
  r.delete("/api/spam/maillog", requireAuth, async (c) => {
    await deleteSpamLog(callerOf(c), (await body(c, spamIdsBody)).ids);
    return c.body(null, 204);
  });

  r.get("/api/spam/senders", requireAuth, async (c) => c.json(await listSenders(callerOf(c), query(c, senderListQuery).kind)));
  r.post("/api/spam/senders", requireAuth, async (c) => {
    const { kind, pattern } = await body(c, senderAddBody);
    return c.json(await addOwnSender(callerOf(c), kind, pattern), 201);
  });
  r.delete("/api/spam/senders", requireAuth, async (c) => {
    const caller = callerOf(c);
    await removeSenders(caller.deps.db, caller.auth.companyId, caller.auth.userId, (await body(c, spamIdsBody)).ids);
    return c.body(null, 204);
  });

  // The company's block list (ROLE_ADMIN).
  r.get("/api/admin/mail/senders", requireAuth, requireAdmin, async (c) => c.json(await listCompanySenders(callerOf(c))));
  r.post("/api/admin/mail/senders", requireAuth, requireAdmin, async (c) => {
    const caller = callerOf(c);
    const { pattern } = await body(c, companySenderAddBody);
    return c.json(await addCompanySender(caller, pattern), 201);
  });
  r.delete("/api/admin/mail/senders", requireAuth, requireAdmin, async (c) => {
    const caller = callerOf(c);
    await removeSenders(caller.deps.db, caller.auth.companyId, null, (await body(c, spamIdsBody)).ids);
    return c.body(null, 204);
  });
  return r;
}

// Signatures (paths in shared/mail/signatures.ts): list, add, change, the two defaults, delete.
import { Hono } from "hono";
import { signatureBody, useNewMailBody, useReplyForwardBody } from "../../../../shared/mail/signatures.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import { addSignature, changeSignature, listOf, removeSignature, setDefault } from "./service.ts";

export function signatureRoutes() {
  const r = new Hono<AppEnv>();
  const base = "/api/mail/config/sign";
  r.get(base, requireAuth, async (c) => c.json(await listOf(callerOf(c))));
  r.post(base, requireAuth, async (c) => c.json(await addSignature(callerOf(c), await body(c, signatureBody)), 201));
  r.put(`${base}/:id`, requireAuth, async (c) => {
    const id = idParam(c);
    return c.json(await changeSignature(callerOf(c), id, await body(c, signatureBody)));
  });
  r.put(`${base}/:id/useNewMail`, requireAuth, async (c) => {
    const id = idParam(c);
    const { useNewMail } = await body(c, useNewMailBody);
    return c.json(await setDefault(callerOf(c), id, "useNewMail", useNewMail));
  });
  r.put(`${base}/:id/useReplyForward`, requireAuth, async (c) => {
    const id = idParam(c);
    const { useReplyForward } = await body(c, useReplyForwardBody);
    return c.json(await setDefault(callerOf(c), id, "useReplyForward", useReplyForward));
  });
  r.delete(`${base}/:id`, requireAuth, async (c) => {
    await removeSignature(callerOf(c), idParam(c));
    return c.body(null, 204);
  });
  return r;
}

// Calls of flow's members/ (shared/flow/projects.ts): invite, resend, apply, apply/resend, favourite,
// authority, delegate, accept, approve, remove, leave, decline, cancel. The rules: joining.ts, managing.ts.
import { Hono } from "hono";
import { z } from "zod";
import {
  authorityBody, delegateBody, favoriteBody, flowId, INVITE_MAX, inviteBody, memberIdsBody,
} from "../../../../shared/flow/index.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, parseWith, query, readBody } from "../../../lib/validate.ts";
import { projectIdParam } from "../projects/params.ts";
import { accept, apply, approve, cancel, decline, invite, resendApply, resendInvite } from "./joining.ts";
import { delegate, leave, removeMembers, setAuthority, setFavorite } from "./managing.ts";

/** decline's memberIds: in the body or the query, or none (the caller's own invitation). */
const declineInput = z.object({ memberIds: z.array(flowId).min(1).max(INVITE_MAX).optional() });

export function memberRoutes() {
  const r = new Hono<AppEnv>();
  const P = "/projects/:id";
  r.post(`${P}/members/invite`, async (c) => {
    const id = projectIdParam(c);
    return c.json(await invite(callerOf(c), id, await body(c, inviteBody)), 201);
  });
  r.post(`${P}/members/invite/resend`, async (c) => {
    const id = projectIdParam(c);
    return c.json(await resendInvite(callerOf(c), id, (await body(c, memberIdsBody)).memberIds));
  });
  r.post(`${P}/members/apply`, async (c) => c.json(await apply(callerOf(c), projectIdParam(c))));
  r.post(`${P}/members/apply/resend`, async (c) => c.json(await resendApply(callerOf(c), projectIdParam(c))));
  r.put(`${P}/members/favorite`, async (c) => {
    const id = projectIdParam(c);
    return c.json(await setFavorite(callerOf(c), id, (await body(c, favoriteBody)).favoriteStatus as 0 | 1));
  });
  r.put(`${P}/members/authority`, async (c) => {
    const id = projectIdParam(c);
    const b = await body(c, authorityBody);
    return c.json(await setAuthority(callerOf(c), id, b.memberId, b.authority));
  });
  r.put(`${P}/delegate`, async (c) => {
    const id = projectIdParam(c);
    return c.json(await delegate(callerOf(c), id, (await body(c, delegateBody)).memberId));
  });
  r.put(`${P}/members/accept`, async (c) => c.json(await accept(callerOf(c), projectIdParam(c))));
  r.put(`${P}/members/approve`, async (c) => {
    const id = projectIdParam(c);
    return c.json(await approve(callerOf(c), id, (await body(c, memberIdsBody)).memberIds));
  });
  r.delete(`${P}/members`, async (c) => {
    const id = projectIdParam(c);
    await removeMembers(callerOf(c), id, query(c, memberIdsBody).memberIds);
    return c.body(null, 204);
  });
  r.delete(`${P}/leave`, async (c) => {
    await leave(callerOf(c), projectIdParam(c));
    return c.body(null, 204);
  });
  r.delete(`${P}/decline`, async (c) => {
    const id = projectIdParam(c);
    const fromBody = parseWith(declineInput, await readBody(c)).memberIds;
    await decline(callerOf(c), id, fromBody ?? query(c, declineInput).memberIds);
    return c.body(null, 204);
  });
  r.delete(`${P}/cancel`, async (c) => {
    await cancel(callerOf(c), projectIdParam(c));
    return c.body(null, 204);
  });
  return r;
}

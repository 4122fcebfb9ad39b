// Who may use the assistant and see or change what (002 §6; shared/assistant/api.ts):
// - the plan rule: companies on FREE, BASIC, STANDARD or ADVANCED, and company 1, use it; every other call
//   answers 403 assistant.not_available (assistantAvailable in shared/assistant/constants.ts);
// - an assistant is seen by the whole company (organId null), or by the members of its organisation
//   (memberships and the representative organisation), and with includeSubOrganizations also by the members
//   of the organisations below it. Its owner and the company's administrators always see it. One the caller
//   cannot see answers 404 assistant.not_found, as a missing one does;
// - its owner or a company administrator edits and deletes it (403 assistant.not_owner);
// - the provider settings are a company administrator's (403 assistant.admin_only).
import { createMiddleware } from "hono/factory";
import { assistantAvailable } from "../../../shared/assistant/constants.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { AppDeps, AppEnv, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { companyInfo } from "../company/service.ts";
import * as repo from "./repo.ts";

/** A company administrator (not someone who switched into an administrator's shared account). */
export const isAdmin = (caller: Caller) => caller.auth.role === "ROLE_ADMIN" && !caller.auth.actorUserId;

export async function availableFor(deps: AppDeps, companyId: number): Promise<boolean> {
  const info = await companyInfo(deps, companyId);
  return assistantAvailable({ id: info.id, planType: info.planType });
}

/** After requireAuth: the plan rule on every call. */
export const requireAvailable = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await availableFor(c.get("deps"), c.get("auth").companyId))) throw new AppError(403, ASSISTANT_ERRORS.notAvailable);
  await next();
});

export function requireAdmin(caller: Caller): void {
  if (!isAdmin(caller)) throw new AppError(403, ASSISTANT_ERRORS.adminOnly);
}

export const assistantNotFound = () => new AppError(404, ASSISTANT_ERRORS.notFound);

/** What decides which assistants the caller sees. */
export interface Viewer {
  userId: number;
  admin: boolean;
  /** The caller's organisations. */
  own: Set<number>;
  /** Those and every organisation above them. */
  withAncestors: Set<number>;
}

export async function viewerOf(caller: Caller): Promise<Viewer> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [own, tree] = await Promise.all([repo.organIdsOf(db, companyId, userId), repo.organTree(db, companyId)]);
  const parent = new Map(tree.map((o) => [o.id, o.parentId]));
  const withAncestors = new Set<number>();
  for (const id of own) {
    let cur: number | null | undefined = id;
    while (cur != null && !withAncestors.has(cur)) {
      withAncestors.add(cur);
      cur = parent.get(cur);
    }
  }
  return { userId, admin: isAdmin(caller), own: new Set(own), withAncestors };
}

export function canSee(v: Viewer, a: { organId: number | null; includeSubOrganizations: boolean; ownerId: number | null }): boolean {
  if (v.admin || a.ownerId === v.userId || a.organId === null) return true;
  return v.own.has(a.organId) || (a.includeSubOrganizations && v.withAncestors.has(a.organId));
}

export const canEdit = (v: Viewer, a: { ownerId: number | null }) => v.admin || (a.ownerId !== null && a.ownerId === v.userId);

/** The assistant if the caller sees it; 404 otherwise. */
export async function visibleAssistant(caller: Caller, id: number, v?: Viewer): Promise<{ row: repo.AssistantListRow; viewer: Viewer }> {
  const row = await repo.findAssistant(caller.deps.db, caller.auth.companyId, id);
  const viewer = v ?? await viewerOf(caller);
  if (!row || !canSee(viewer, row)) throw assistantNotFound();
  return { row, viewer };
}

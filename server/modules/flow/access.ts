// Who may do what in flow (002 §6; shared/flow/constants.ts canEdit/canManage): a project is the company's
// (every member sees it in the all-projects list, its title and members); its tasks, groups and files need
// JOINED membership (403 flow.not_member); changing them needs an authority other than READ (403
// flow.no_permission); managing members MASTER or ADMIN; deleting and delegating the MASTER. Another company's
// project, group, task or file answers 404 as a missing one does.
import { and, eq } from "drizzle-orm";
import { flowMembers, flowProjects } from "../../../db/schema/flow.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { type Authority, canEdit, canManage, type MemberState } from "../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../shared/flow/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

export type ProjectRow = typeof flowProjects.$inferSelect;
export type MemberRow = typeof flowMembers.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  /** The caller's membership row (any state), or null. */
  member: MemberRow | null;
  /** JOINED authority, or null when not joined. */
  authority: Authority | null;
  state: MemberState | null;
}

export const projectNotFound = () => new AppError(404, FLOW_ERRORS.projectNotFound);
export const notMember = () => new AppError(403, FLOW_ERRORS.notMember);
export const noPermission = () => new AppError(403, FLOW_ERRORS.noPermission);

/** The project and the caller's membership; 404 flow.project_not_found when missing or another company's.
 *  `lock` takes the project row FOR UPDATE (membership changes, task numbering). */
export async function projectAccess(db: DbOrTx, caller: Caller, projectId: number, opts: { lock?: boolean } = {}): Promise<ProjectAccess> {
  const q = db.select().from(flowProjects).where(and(eq(flowProjects.id, projectId), eq(flowProjects.companyId, caller.auth.companyId)));
  const [project] = opts.lock ? await q.for("update") : await q;
  if (!project) throw projectNotFound();
  const [member] = await db.select().from(flowMembers).where(and(eq(flowMembers.projectId, projectId), eq(flowMembers.userId, caller.auth.userId)));
  const state = (member?.state ?? null) as MemberState | null;
  return { project, member: member ?? null, state, authority: state === "JOINED" ? member!.authority as Authority : null };
}

/** JOINED (any authority): reading tasks, groups, files. */
export async function requireJoined(db: DbOrTx, caller: Caller, projectId: number, opts: { lock?: boolean } = {}): Promise<ProjectAccess> {
  const a = await projectAccess(db, caller, projectId, opts);
  if (!a.authority) throw notMember();
  return a;
}

/** JOINED with an authority other than READ: changing tasks and groups. */
export async function requireEdit(db: DbOrTx, caller: Caller, projectId: number, opts: { lock?: boolean } = {}): Promise<ProjectAccess> {
  const a = await requireJoined(db, caller, projectId, opts);
  if (!canEdit(a.authority)) throw noPermission();
  return a;
}

/** MASTER or ADMIN: the project's settings and its members. */
export async function requireManage(db: DbOrTx, caller: Caller, projectId: number, opts: { lock?: boolean } = {}): Promise<ProjectAccess> {
  const a = await requireJoined(db, caller, projectId, opts);
  if (!canManage(a.authority)) throw noPermission();
  return a;
}

/** The MASTER: deleting the project, delegating. */
export async function requireMaster(db: DbOrTx, caller: Caller, projectId: number, opts: { lock?: boolean } = {}): Promise<ProjectAccess> {
  const a = await requireJoined(db, caller, projectId, opts);
  if (a.authority !== "MASTER") throw noPermission();
  return a;
}

// Flow projects (shared/flow/projects.ts): create (the caller MASTER, JOINED, a favourite; the default group
// 미지정; a colour from the palette in turn when none is given), change (MASTER/ADMIN), delete (the MASTER,
// nobody else JOINED; the calendar forgets the project), my, all, one, and the FlowProject answers every
// members/ call gives too.
import { sql } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import type { Authority, MemberState } from "../../../../shared/flow/constants.ts";
import { DEFAULT_GROUP_TITLE } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { FlowMember, FlowProject, projectBody, projectsAllQuery, projectsMyQuery } from "../../../../shared/flow/projects.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { forgetProject } from "../../calendar/projects/service.ts";
import { projectAccess, requireManage, requireMaster } from "../access.ts";
import { forgetObject, forgetObjects } from "../../notifications/notify.ts";
import { publishFlowChanged } from "../realtime.ts";
import * as repo from "./repo.ts";

/** The colours new projects take in turn (the calendar and the tree show them). */
export const PROJECT_COLORS = [
  "#4f7cff", "#20a37a", "#f08c2e", "#d9485f", "#8a5cf6", "#1aa3c9", "#c2a01b", "#6b7a90", "#e0609b", "#3f9f3f",
] as const;

export const memberAnswer = (m: repo.MemberPersonRow): FlowMember => ({
  userId: m.userId,
  name: m.name,
  email: m.email,
  authority: m.authority,
  state: m.state,
  joinRequestTimeMillis: (m.state === "JOINED" ? m.joinedAt ?? m.requestedAt : m.requestedAt).getTime(),
});

/** FlowProject answers of these projects for the caller, in the order of `ids` (missing ones left out). */
export async function projectAnswers(db: DbOrTx, caller: Caller, ids: number[]): Promise<FlowProject[]> {
  const { companyId, userId } = caller.auth;
  const [rows, members, counts] = await Promise.all([
    repo.projectsByIds(db, companyId, ids),
    repo.membersOf(db, companyId, ids),
    repo.taskCounts(db, companyId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const membersBy = new Map<number, repo.MemberPersonRow[]>();
  for (const m of members) {
    const list = membersBy.get(m.projectId) ?? [];
    list.push(m);
    membersBy.set(m.projectId, list);
  }
  const out: FlowProject[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) continue;
    const ms = membersBy.get(id) ?? [];
    const mine = ms.find((m) => m.userId === userId);
    out.push({
      id: p.id,
      title: p.title,
      description: p.description,
      privateStatus: p.isPrivate ? 1 : 0,
      favoriteStatus: mine?.state === "JOINED" && mine.favorite ? 1 : 0,
      sortOrder: mine?.state === "JOINED" && mine.favorite ? mine.favoriteOrder : 0,
      mainViewTab: p.mainViewTab === "KANBAN" ? "KANBAN" : "LIST",
      color: p.color,
      members: (p.isPrivate && mine?.state !== "JOINED" ? ms.filter((m) => m.authority === "MASTER" || m.userId === userId) : ms)
        .map(memberAnswer),
      memberCount: ms.filter((m) => m.state === "JOINED").length,
      myAuthority: mine?.state === "JOINED" ? mine.authority as Authority : null,
      myState: (mine?.state ?? null) as MemberState | null,
      taskCount: counts.get(id) ?? 0,
      createdTime: p.createdAt.getTime(),
    });
  }
  return out;
}

export async function projectAnswer(db: DbOrTx, caller: Caller, id: number): Promise<FlowProject> {
  const [p] = await projectAnswers(db, caller, [id]);
  if (!p) throw new AppError(404, FLOW_ERRORS.projectNotFound);
  return p;
}

export async function createProject(caller: Caller, body: z.infer<typeof projectBody>): Promise<FlowProject> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const color = body.color?.toLowerCase() ?? PROJECT_COLORS[(await repo.projectCount(tx, auth.companyId)) % PROJECT_COLORS.length];
    const p = await repo.insertProject(tx, {
      companyId: auth.companyId,
      title: body.title,
      description: body.description,
      isPrivate: body.privateStatus === 1,
      mainViewTab: body.mainViewTab,
      color,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertDefaultGroup(tx, auth.companyId, p.id, DEFAULT_GROUP_TITLE, generateKeyBetween(null, null), now);
    await repo.insertMember(tx, {
      projectId: p.id,
      userId: auth.userId,
      companyId: auth.companyId,
      authority: "MASTER",
      state: "JOINED",
      favorite: true,
      favoriteOrder: await repo.nextFavoriteOrder(tx, auth.companyId, auth.userId),
      requestedAt: now,
      joinedAt: now,
    });
    return p.id;
  });
  await publishFlowChanged(caller, { projectId: id, kind: "project" });
  return await projectAnswer(deps.db, caller, id);
}

export async function updateProject(caller: Caller, id: number, body: z.infer<typeof projectBody>): Promise<FlowProject> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireManage(tx, caller, id, { lock: true });
    await repo.updateProject(tx, auth.companyId, id, {
      title: body.title,
      description: body.description,
      isPrivate: body.privateStatus === 1,
      mainViewTab: body.mainViewTab,
      ...(body.color ? { color: body.color.toLowerCase() } : {}),
      updatedAt: deps.clock.now(),
    });
  });
  await publishFlowChanged(caller, { projectId: id, kind: "project" });
  return await projectAnswer(deps.db, caller, id);
}

export async function deleteProject(caller: Caller, id: number): Promise<void> {
  const { deps, auth } = caller;
  const taskIds = await deps.db.transaction(async (tx) => {
    await requireMaster(tx, caller, id, { lock: true });
    if (await repo.othersJoined(tx, id, auth.userId)) throw new AppError(409, FLOW_ERRORS.membersExist);
    const tasks = await tx.execute<{ id: string }>(sql`select id from flow_tasks where project_id = ${id} and company_id = ${auth.companyId}`);
    await repo.deleteProject(tx, auth.companyId, id);
    await forgetProject(tx, auth.companyId, id);
    return tasks.map((t) => Number(t.id));
  });
  await publishFlowChanged(caller, { projectId: id, kind: "project" });
  // The bell's notices of the project and its tasks go with them.
  await forgetObjects(deps, auth.companyId, "flow", taskIds);
  await forgetObject(deps, auth.companyId, `flow-project:${id}`);
}

export async function myProjects(caller: Caller, q: z.infer<typeof projectsMyQuery>): Promise<Page<FlowProject>> {
  const { deps, auth } = caller;
  const { ids, total } = await repo.myProjectIds(deps.db, auth.companyId, auth.userId, q.pageSize, q.page * q.pageSize);
  return pageOf(await projectAnswers(deps.db, caller, ids), total, q);
}

export async function allProjects(caller: Caller, q: z.infer<typeof projectsAllQuery>): Promise<Page<FlowProject>> {
  const { deps, auth } = caller;
  const { ids, total } = await repo.allProjectIds(deps.db, auth.companyId, auth.userId, q, q.pageSize, q.page * q.pageSize);
  return pageOf(await projectAnswers(deps.db, caller, ids), total, q);
}

/** GET projects/{id}: any person of the company (404 for another company's or a missing one). */
export async function oneProject(caller: Caller, id: number): Promise<FlowProject> {
  await projectAccess(caller.deps.db, caller, id);
  return await projectAnswer(caller.deps.db, caller, id);
}

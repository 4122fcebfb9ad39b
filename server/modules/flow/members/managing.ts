// Members of a flow project once they are in (shared/flow/projects.ts header): the caller's favourite, a
// member's authority, delegating the MASTER, removing members and leaving. The MASTER stays fixed but by
// delegating (409 flow.master_fixed); whoever leaves or is removed loses their assignments in the project.
//
// Decided here (authority and removal): the MASTER sets ADMIN, MEMBER or READ on anyone else; an ADMIN sets
// MEMBER or READ, and on MEMBERs, READs and themselves only: making an ADMIN, or changing or removing another
// ADMIN, answers 403 flow.no_permission.
import type { Authority } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { FlowMember, FlowProject } from "../../../../shared/flow/projects.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { noPermission, requireJoined, requireManage, requireMaster } from "../access.ts";
import { publishFlowChanged, publishFlowFolders, publishFlowMember } from "../realtime.ts";
import * as projectRepo from "../projects/repo.ts";
import { projectAnswer } from "../projects/service.ts";
import { memberAnswers, memberNotFound } from "./joining.ts";
import * as repo from "./repo.ts";

const masterFixed = () => new AppError(409, FLOW_ERRORS.masterFixed);

export async function setFavorite(caller: Caller, projectId: number, favoriteStatus: 0 | 1): Promise<FlowProject> {
  const { deps, auth } = caller;
  const changed = await deps.db.transaction(async (tx) => {
    const a = await requireJoined(tx, caller, projectId);
    const on = favoriteStatus === 1;
    if (a.member!.favorite === on) return false;
    await repo.updateRows(tx, projectId, [auth.userId], {
      favorite: on,
      favoriteOrder: on ? await projectRepo.nextFavoriteOrder(tx, auth.companyId, auth.userId) : 0,
    });
    return true;
  });
  if (changed) await publishFlowFolders(caller);
  return await projectAnswer(deps.db, caller, projectId);
}

export async function setAuthority(caller: Caller, projectId: number, memberId: number, authority: Authority): Promise<FlowMember> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    const a = await requireManage(tx, caller, projectId, { lock: true });
    const [row] = await repo.rowsOf(tx, projectId, [memberId]);
    if (!row) throw memberNotFound();
    if (row.authority === "MASTER") throw masterFixed();
    if (a.authority !== "MASTER") {
      if (authority === "ADMIN" || (row.authority === "ADMIN" && row.userId !== auth.userId)) throw noPermission();
    }
    await repo.updateRows(tx, projectId, [memberId], { authority });
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  const [m] = await memberAnswers(deps.db, caller, projectId, [memberId]);
  return m;
}

/** The MASTER hands over to a JOINED member and becomes ADMIN, in one transaction (one MASTER a project). */
export async function delegate(caller: Caller, projectId: number, memberId: number): Promise<FlowProject> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireMaster(tx, caller, projectId, { lock: true });
    const [row] = await repo.rowsOf(tx, projectId, [memberId]);
    if (!row || row.state !== "JOINED" || row.userId === auth.userId) throw new AppError(409, FLOW_ERRORS.cannotDelegate);
    await repo.updateRows(tx, projectId, [auth.userId], { authority: "ADMIN" });
    await repo.updateRows(tx, projectId, [memberId], { authority: "MASTER" });
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  return await projectAnswer(deps.db, caller, projectId);
}

/** JOINED, INVITED or APPLIED rows removed (MASTER/ADMIN); 404 flow.member_not_found if one is no member. */
export async function removeMembers(caller: Caller, projectId: number, memberIds: number[]): Promise<void> {
  const { deps, auth } = caller;
  const ids = [...new Set(memberIds)];
  const removed = await deps.db.transaction(async (tx) => {
    const a = await requireManage(tx, caller, projectId, { lock: true });
    const rows = await repo.rowsOf(tx, projectId, ids);
    if (rows.length !== ids.length) throw memberNotFound();
    if (rows.some((r) => r.authority === "MASTER")) throw masterFixed();
    if (a.authority !== "MASTER" && rows.some((r) => r.authority === "ADMIN" && r.userId !== auth.userId)) throw noPermission();
    const people = await repo.peopleByIds(tx, auth.companyId, ids);
    await repo.deleteRows(tx, projectId, ids);
    return people;
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  for (const p of removed) await publishFlowMember(caller, p.username, projectId);
}

/** The caller leaves (JOINED; the MASTER delegates first: 409 flow.master_fixed). */
export async function leave(caller: Caller, projectId: number): Promise<void> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    const a = await requireJoined(tx, caller, projectId, { lock: true });
    if (a.authority === "MASTER") throw masterFixed();
    await repo.deleteRows(tx, projectId, [auth.userId]);
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
}

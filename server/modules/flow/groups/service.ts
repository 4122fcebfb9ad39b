// Task groups (shared/flow/tasks.ts groups calls; 002 §3 "Task group", §5 "A group with tasks cannot be
// deleted", "A default group cannot be deleted or moved", §8 "기본 그룹은 이동할 수 없습니다."): list (the default
// first), create (last, GROUPS_MAX), title, move (a key beside the target; never before the default group,
// which stays first), move to another project (edit on both; its tasks and subtasks go along, tasks/relocate.ts)
// and delete (empty groups only). The default group (미지정) is made with its project (projects/).
import { generateKeyBetween } from "fractional-indexing";
import type { z } from "zod";
import { GROUPS_MAX } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { groupBody, groupMoveBody, groupToProjectBody, TaskGroup } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireEdit, requireJoined } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { lockBoth, relocateTasks } from "../tasks/relocate.ts";
import { topIdsOfGroup } from "../tasks/repo.ts";
import { groupNotFound } from "../tasks/rules.ts";
import * as repo from "./repo.ts";

const defaultFixed = () => new AppError(409, FLOW_ERRORS.defaultGroupFixed);

async function answer(caller: Caller, projectId: number, groupId: number): Promise<TaskGroup> {
  const g = (await repo.groupsOf(caller.deps.db, caller.auth.companyId, projectId)).find((x) => x.id === groupId);
  if (!g) throw groupNotFound();
  return g;
}

/** GET projects/{p}/groups. */
export async function listGroups(caller: Caller, projectId: number): Promise<TaskGroup[]> {
  await requireJoined(caller.deps.db, caller, projectId);
  return await repo.groupsOf(caller.deps.db, caller.auth.companyId, projectId);
}

/** POST projects/{p}/groups: last. */
export async function createGroup(caller: Caller, projectId: number, b: z.infer<typeof groupBody>): Promise<TaskGroup> {
  const { deps, auth } = caller;
  const g = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId, { lock: true });
    if ((await repo.groupCount(tx, projectId)) >= GROUPS_MAX) throw new AppError(409, FLOW_ERRORS.groupsMax);
    return await repo.insertGroup(tx, {
      companyId: auth.companyId,
      projectId,
      title: b.title,
      isDefault: false,
      sortOrder: generateKeyBetween(await repo.lastGroupKey(tx, projectId), null),
      createdAt: deps.clock.now(),
    });
  });
  await publishFlowChanged(caller, { projectId, kind: "group" });
  return await answer(caller, projectId, g.id);
}

/** PUT projects/{p}/groups/{g}/title (the default group's too: its title is only shown as 미지정). */
export async function renameGroup(caller: Caller, projectId: number, groupId: number, b: z.infer<typeof groupBody>): Promise<TaskGroup> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const g = await repo.groupRow(tx, auth.companyId, projectId, groupId, true);
    if (!g) throw groupNotFound();
    await repo.setGroupTitle(tx, g.id, b.title);
  });
  await publishFlowChanged(caller, { projectId, kind: "group" });
  return await answer(caller, projectId, groupId);
}

/** PUT projects/{p}/groups/{g}/move: beside the target group; only the moved group's row is written. */
export async function moveGroup(caller: Caller, projectId: number, groupId: number, b: z.infer<typeof groupMoveBody>): Promise<TaskGroup[]> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId, { lock: true });
    const g = await repo.groupRow(tx, auth.companyId, projectId, groupId, true);
    if (!g) throw groupNotFound();
    if (g.isDefault) throw defaultFixed();
    const target = await repo.groupRow(tx, auth.companyId, projectId, b.targetGroupId);
    if (!target) throw groupNotFound();
    if (target.id === g.id) return;
    // Before the default group is right after it: the default group stays first.
    const after = b.position === "AFTER" || target.isDefault;
    const key = after
      ? generateKeyBetween(target.sortOrder, await repo.neighbourGroupKey(tx, projectId, target.sortOrder, "after", g.id))
      : generateKeyBetween(await repo.neighbourGroupKey(tx, projectId, target.sortOrder, "before", g.id), target.sortOrder);
    await repo.setGroupKey(tx, g.id, key);
  });
  await publishFlowChanged(caller, { projectId, kind: "group" });
  return await repo.groupsOf(deps.db, auth.companyId, projectId);
}

/** PUT projects/{p}/groups/{g}/moveToProject: last in the target project, with its tasks. */
export async function moveGroupToProject(caller: Caller, projectId: number, groupId: number, b: z.infer<typeof groupToProjectBody>): Promise<TaskGroup> {
  const { deps, auth } = caller;
  const to = b.targetProjectId;
  const moved = await deps.db.transaction(async (tx) => {
    await lockBoth(tx, caller, projectId, to);
    const g = await repo.groupRow(tx, auth.companyId, projectId, groupId, true);
    if (!g) throw groupNotFound();
    if (g.isDefault) throw defaultFixed();
    if (to === projectId) return [];
    if ((await repo.groupCount(tx, to)) >= GROUPS_MAX) throw new AppError(409, FLOW_ERRORS.groupsMax);
    await repo.moveGroupRow(tx, g.id, to, generateKeyBetween(await repo.lastGroupKey(tx, to), null));
    return await relocateTasks(tx, caller, projectId, to, await topIdsOfGroup(tx, g.id), g.id, true);
  });
  await publishFlowChanged(caller, { projectId, kind: "group", taskIds: moved });
  if (to !== projectId) await publishFlowChanged(caller, { projectId: to, kind: "group", taskIds: moved });
  return await answer(caller, to, groupId);
}

/** DELETE projects/{p}/groups/{g}: an empty group that is not the default. */
export async function deleteGroup(caller: Caller, projectId: number, groupId: number): Promise<void> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, projectId);
    const g = await repo.groupRow(tx, auth.companyId, projectId, groupId, true);
    if (!g) throw groupNotFound();
    if (g.isDefault) throw defaultFixed();
    if (await repo.groupHasTasks(tx, g.id)) throw new AppError(409, FLOW_ERRORS.groupHasTasks);
    await repo.deleteGroup(tx, g.id);
  });
  await publishFlowChanged(caller, { projectId, kind: "group" });
}

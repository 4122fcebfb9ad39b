// Joining a flow project (shared/flow/projects.ts header): invitations (invite and resend by MASTER/ADMIN, a
// mail to each; accept or decline by the invited person) and applications (apply: a public project joins at
// once, a private one waits for the MASTER, who is mailed; resend, cancel by the applicant; approve or refuse by
// MASTER/ADMIN). A person who joins gets the project among their favourites. Realtime: FLOW_CHANGED kind
// members, FLOW_MEMBER on the person's own topic when invited or decided.
//
// Decided here: inviting someone who applied lets them in at once (as approving would); inviting someone
// INVITED already renews the invitation (authority, time) and mails them again; an ADMIN cannot invite as
// ADMIN (403 flow.no_permission: only the MASTER makes ADMINs).
import type { z } from "zod";
import type { Authority } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { FlowMember, FlowProject, inviteBody } from "../../../../shared/flow/projects.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { noPermission, projectAccess, requireManage } from "../access.ts";
import { publishFlowChanged, publishFlowMember } from "../realtime.ts";
import { noticeProject } from "../notices.ts";
import * as projectRepo from "../projects/repo.ts";
import { memberAnswer, projectAnswer } from "../projects/service.ts";
import { applicationMail, invitationMail } from "./mail.ts";
import * as repo from "./repo.ts";

export const memberNotFound = () => new AppError(404, FLOW_ERRORS.memberNotFound);

/** The FlowMember answers of these people in the project, in the project's member order. */
export async function memberAnswers(db: DbOrTx, caller: Caller, projectId: number, userIds: number[]): Promise<FlowMember[]> {
  const wanted = new Set(userIds);
  return (await projectRepo.membersOf(db, caller.auth.companyId, [projectId])).filter((m) => wanted.has(m.userId)).map(memberAnswer);
}

async function callerName(db: DbOrTx, caller: Caller): Promise<string> {
  const [me] = await repo.peopleByIds(db, caller.auth.companyId, [caller.auth.userId]);
  return me?.name ?? caller.auth.username;
}

function sendAll(caller: Caller, mails: ReturnType<typeof invitationMail>[]) {
  return Promise.all(mails.map((m) =>
    caller.deps.mailer.send(m).catch((e) => caller.deps.log.error(`flow: the membership mail to ${m.to} failed`, e))
  ));
}

/** Joining: JOINED now, a favourite at the end of the person's favourites. */
async function join(db: DbOrTx, caller: Caller, projectId: number, userId: number, authority?: Authority) {
  const now = caller.deps.clock.now();
  await repo.updateRows(db, projectId, [userId], {
    state: "JOINED",
    ...(authority ? { authority } : {}),
    favorite: true,
    favoriteOrder: await projectRepo.nextFavoriteOrder(db, caller.auth.companyId, userId),
    joinedAt: now,
  });
}

export async function invite(caller: Caller, projectId: number, body: z.infer<typeof inviteBody>): Promise<FlowMember[]> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const a = await requireManage(tx, caller, projectId, { lock: true });
    if (body.authority === "ADMIN" && a.authority !== "MASTER") throw noPermission();
    const byId = new Map((await repo.peopleByIds(tx, auth.companyId, body.userIds)).map((p) => [p.id, p]));
    const byEmail = new Map((await repo.peopleByEmails(tx, auth.companyId, body.emails)).map((p) => [p.username, p]));
    const people = new Map<number, repo.PersonRow>();
    body.userIds.forEach((id, index) => {
      const p = byId.get(id);
      if (!p) throw new AppError(400, FLOW_ERRORS.inviteeInvalid, { field: "userIds", index });
      people.set(p.id, p);
    });
    body.emails.forEach((email, index) => {
      const p = byEmail.get(email.toLowerCase());
      if (!p) throw new AppError(400, FLOW_ERRORS.inviteeInvalid, { field: "emails", index, email });
      people.set(p.id, p);
    });
    const rows = new Map((await repo.rowsOf(tx, projectId, [...people.keys()])).map((r) => [r.userId, r]));
    const invited: repo.PersonRow[] = [];
    const joined: number[] = [];
    for (const p of people.values()) {
      const row = rows.get(p.id);
      if (row?.state === "JOINED") continue;
      if (row?.state === "APPLIED") {
        await join(tx, caller, projectId, p.id, body.authority);
        joined.push(p.id);
        continue;
      }
      if (row) await repo.updateRows(tx, projectId, [p.id], { authority: body.authority, invitedBy: auth.userId, requestedAt: now });
      else {
        await repo.insertRow(tx, {
          projectId, userId: p.id, companyId: auth.companyId, authority: body.authority, state: "INVITED", invitedBy: auth.userId, requestedAt: now,
        });
      }
      invited.push(p);
    }
    const from = await callerName(tx, caller);
    const answers = await memberAnswers(tx, caller, projectId, [...invited.map((p) => p.id), ...joined]);
    return { project: a.project.title, from, invited, joined, answers };
  });
  await sendAll(caller, result.invited.map((p) => invitationMail(deps, { to: p.username, language: p.language, from: result.from, project: result.project })));
  await publishFlowChanged(caller, { projectId, kind: "members" });
  for (const p of result.invited) await publishFlowMember(caller, p.username, projectId);
  await noticeProject(caller, "flow.invited", projectId, result.invited.map((p) => p.id), { member: false });
  return result.answers;
}

/** The invitation mail again to the INVITED among memberIds (404 flow.member_not_found when none is). */
export async function resendInvite(caller: Caller, projectId: number, memberIds: number[]): Promise<FlowMember[]> {
  const { deps, auth } = caller;
  const a = await requireManage(deps.db, caller, projectId);
  const invitedIds = (await repo.rowsOf(deps.db, projectId, memberIds)).filter((r) => r.state === "INVITED").map((r) => r.userId);
  if (!invitedIds.length) throw memberNotFound();
  const people = await repo.peopleByIds(deps.db, auth.companyId, invitedIds);
  const from = await callerName(deps.db, caller);
  await sendAll(caller, people.map((p) => invitationMail(deps, { to: p.username, language: p.language, from, project: a.project.title })));
  return await memberAnswers(deps.db, caller, projectId, invitedIds);
}

export async function apply(caller: Caller, projectId: number): Promise<FlowProject> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const mailMaster = await deps.db.transaction(async (tx) => {
    const a = await projectAccess(tx, caller, projectId, { lock: true });
    if (a.state === "JOINED" || a.state === "APPLIED") throw new AppError(409, FLOW_ERRORS.alreadyMember);
    if (a.state === "INVITED") {
      await join(tx, caller, projectId, auth.userId);
      return null;
    }
    await repo.insertRow(tx, {
      projectId, userId: auth.userId, companyId: auth.companyId, authority: "MEMBER", state: "APPLIED", requestedAt: now,
    });
    if (!a.project.isPrivate) {
      await join(tx, caller, projectId, auth.userId);
      return null;
    }
    return { master: await repo.masterOf(tx, projectId), from: await callerName(tx, caller), project: a.project.title };
  });
  if (mailMaster?.master) {
    const m = mailMaster.master;
    await sendAll(caller, [applicationMail(deps, { to: m.username, language: m.language, from: mailMaster.from, project: mailMaster.project })]);
  }
  await publishFlowChanged(caller, { projectId, kind: "members" });
  if (mailMaster?.master) await noticeProject(caller, "flow.applied", projectId, [mailMaster.master.id], { member: true });
  return await projectAnswer(deps.db, caller, projectId);
}

/** The MASTER mailed again about the caller's application (404 flow.member_not_found without one). */
export async function resendApply(caller: Caller, projectId: number): Promise<FlowProject> {
  const { deps } = caller;
  const a = await projectAccess(deps.db, caller, projectId);
  if (a.state !== "APPLIED") throw memberNotFound();
  const master = await repo.masterOf(deps.db, projectId);
  if (master) {
    const from = await callerName(deps.db, caller);
    await sendAll(caller, [applicationMail(deps, { to: master.username, language: master.language, from, project: a.project.title })]);
  }
  return await projectAnswer(deps.db, caller, projectId);
}

export async function accept(caller: Caller, projectId: number): Promise<FlowProject> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    const a = await projectAccess(tx, caller, projectId, { lock: true });
    if (a.state !== "INVITED") throw memberNotFound();
    await join(tx, caller, projectId, auth.userId);
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  return await projectAnswer(deps.db, caller, projectId);
}

/** Applications accepted (MASTER/ADMIN): JOINED MEMBERs; 404 flow.member_not_found if one is not APPLIED. */
export async function approve(caller: Caller, projectId: number, memberIds: number[]): Promise<FlowMember[]> {
  const { deps, auth } = caller;
  const ids = [...new Set(memberIds)];
  const decided = await deps.db.transaction(async (tx) => {
    await requireManage(tx, caller, projectId, { lock: true });
    const rows = await repo.rowsOf(tx, projectId, ids);
    if (rows.length !== ids.length || rows.some((r) => r.state !== "APPLIED")) throw memberNotFound();
    for (const id of ids) await join(tx, caller, projectId, id, "MEMBER");
    return await repo.peopleByIds(tx, auth.companyId, ids);
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  for (const p of decided) await publishFlowMember(caller, p.username, projectId);
  await noticeProject(caller, "flow.decided", projectId, decided.map((p) => p.id), { member: true });
  return await memberAnswers(deps.db, caller, projectId, ids);
}

/**
 * Without memberIds: the caller's invitation declined (404 flow.member_not_found without one). With them
 * (MASTER/ADMIN): those applications refused (404 flow.member_not_found if one is not APPLIED).
 */
export async function decline(caller: Caller, projectId: number, memberIds: number[] | undefined): Promise<void> {
  const { deps, auth } = caller;
  const refused = await deps.db.transaction(async (tx) => {
    if (!memberIds?.length) {
      const a = await projectAccess(tx, caller, projectId, { lock: true });
      if (a.state !== "INVITED") throw memberNotFound();
      await repo.deleteRows(tx, projectId, [auth.userId]);
      return [];
    }
    const ids = [...new Set(memberIds)];
    await requireManage(tx, caller, projectId, { lock: true });
    const rows = await repo.rowsOf(tx, projectId, ids);
    if (rows.length !== ids.length || rows.some((r) => r.state !== "APPLIED")) throw memberNotFound();
    const people = await repo.peopleByIds(tx, auth.companyId, ids);
    await repo.deleteRows(tx, projectId, ids);
    return people;
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
  for (const p of refused) await publishFlowMember(caller, p.username, projectId);
  await noticeProject(caller, "flow.decided", projectId, refused.map((p) => p.id), { member: false });
}

/** The caller's application withdrawn (404 flow.member_not_found without one). */
export async function cancel(caller: Caller, projectId: number): Promise<void> {
  const { deps, auth } = caller;
  await deps.db.transaction(async (tx) => {
    const a = await projectAccess(tx, caller, projectId, { lock: true });
    if (a.state !== "APPLIED") throw memberNotFound();
    await repo.deleteRows(tx, projectId, [auth.userId]);
  });
  await publishFlowChanged(caller, { projectId, kind: "members" });
}

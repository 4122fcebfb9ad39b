// Rooms (shared/messenger/api.ts): the list, the chat with myself, browsing PUBLIC channels, creating (a DIRECT
// room once per pair), renaming, deleting, joining, leaving, members, the owner and one's own settings. Joins,
// leaves, renames and member changes leave a SYSTEM message (key + JSON params). Realtime after the commit:
// ROOM_ADDED / ROOM_REMOVED on the people's own topics (ROOM_REMOVED first, so their sockets stop receiving the
// room before anything later), ROOM_CHANGED and the system message's MESSAGE_NEW on the room's topic.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { messengerMembers, messengerRooms } from "../../../db/schema/messenger.ts";
import { organizations } from "../../../db/schema/users.ts";
import type { createRoomBody, RoomDetail, RoomSummary, updateRoomBody } from "../../../shared/messenger/api.ts";
import type { z } from "zod";
import { MESSENGER_EVENTS, ROOM_MEMBERS_MAX, SYSTEM_KEYS, type SystemKey } from "../../../shared/messenger/constants.ts";
import { MESSENGER_ERRORS } from "../../../shared/messenger/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { memberOf, requireMember, requireOwner, roomNotFound, roomOf, type RoomRow } from "./access.ts";
import { loadMessages, readersOf } from "./message-load.ts";
import { insertSystem, pinnedIds } from "./messages-repo.ts";
import { publishMessageNew, publishRoom, publishUser } from "./realtime.ts";
import * as repo from "./rooms-repo.ts";

const conflict = (code: `${string}.${string}`, params?: Record<string, unknown>) => new AppError(409, code, params);
const userInvalid = (index: number) => new AppError(400, MESSENGER_ERRORS.userInvalid, { index });

/** After the commit: who gets ROOM_ADDED / ROOM_REMOVED, the room changed, a system message. */
interface Effects {
  added?: string[];
  removed?: string[];
  changed?: boolean;
  systemId?: number;
}

async function publishEffects(caller: Caller, roomId: number, fx: Effects) {
  const { deps } = caller;
  for (const u of fx.removed ?? []) await publishUser(deps, u, MESSENGER_EVENTS.roomRemoved, { roomId });
  for (const u of fx.added ?? []) await publishUser(deps, u, MESSENGER_EVENTS.roomAdded, { roomId });
  if (fx.changed) await publishRoom(deps, roomId, MESSENGER_EVENTS.roomChanged);
  if (fx.systemId) await publishMessageNew(deps, roomId, fx.systemId);
}

export async function listRooms(caller: Caller): Promise<RoomSummary[]> {
  return await repo.mySummaries(caller.deps.db, caller.auth.userId, caller.auth.companyId);
}

export async function roomDetail(caller: Caller, roomId: number): Promise<RoomDetail> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  return await detailOf(caller, roomId);
}

async function detailOf(caller: Caller, roomId: number): Promise<RoomDetail> {
  const { db } = caller.deps;
  const { userId, companyId } = caller.auth;
  const [summary, members, pins, readers] = await Promise.all([
    repo.summaryOfRoom(db, userId, companyId, roomId), repo.membersOf(db, roomId), pinnedIds(db, roomId), readersOf(db, roomId),
  ]);
  if (!summary) throw roomNotFound();
  const pinMessages = await loadMessages(db, companyId, pins, readers, userId);
  const order = new Map(pins.map((id, i) => [id, i]));
  return { ...summary, members, pins: pinMessages.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
}

/** GET rooms/self: the chat with myself, made on first use. */
export async function selfRoom(caller: Caller): Promise<RoomSummary> {
  const { db, clock } = caller.deps;
  const { userId, companyId } = caller.auth;
  const key = `self:${userId}`;
  const existing = await db.select({ id: messengerRooms.id }).from(messengerRooms)
    .where(and(eq(messengerRooms.companyId, companyId), eq(messengerRooms.directKey, key)));
  let id = existing[0]?.id;
  if (!id) {
    const now = clock.now();
    id = await db.transaction(async (tx) => {
      const [room] = await tx.insert(messengerRooms).values({
        companyId, kind: "SELF", directKey: key, ownerId: userId, createdAt: now, updatedAt: now,
      }).onConflictDoNothing().returning();
      if (!room) {
        const [r] = await tx.select({ id: messengerRooms.id }).from(messengerRooms)
          .where(and(eq(messengerRooms.companyId, companyId), eq(messengerRooms.directKey, key)));
        return r.id;
      }
      await repo.addMembers(tx, room, [userId], now, "OWNER");
      return room.id;
    });
  }
  const [s] = await repo.mySummaries(db, userId, companyId, { roomId: id });
  return s;
}

export async function browseRooms(caller: Caller, keyword: string): Promise<RoomSummary[]> {
  return await repo.publicSummaries(caller.deps.db, caller.auth.userId, caller.auth.companyId, keyword);
}

/** Active users of the company for `ids` (400 messenger.user_invalid with the first bad one's index). */
async function checkUsers(tx: Tx, caller: Caller, ids: number[]) {
  const found = await repo.companyUsers(tx, caller.auth.companyId, ids);
  const byId = new Map(found.map((u) => [u.id, u]));
  const bad = ids.findIndex((id) => !byId.has(id));
  if (bad >= 0) throw userInvalid(bad);
  return ids.map((id) => byId.get(id)!);
}

export async function createRoom(caller: Caller, body: z.output<typeof createRoomBody>): Promise<{ status: 200 | 201; room: RoomDetail }> {
  const { deps, auth } = caller;
  const me = auth.userId;
  const now = deps.clock.now();
  const others = [...new Set(body.userIds.filter((id) => id !== me))];
  if (body.kind === "DIRECT") {
    if (others.length !== 1) throw new AppError(400, "common.validation", undefined, [{ field: "userIds", code: "common.validation", message: "one person" }]);
    const [peer] = others;
    const key = `${Math.min(me, peer)}:${Math.max(me, peer)}`;
    const made = await deps.db.transaction(async (tx) => {
      await checkUsers(tx, caller, [peer]);
      const [room] = await tx.insert(messengerRooms).values({
        companyId: auth.companyId, kind: "DIRECT", directKey: key, createdAt: now, updatedAt: now,
      }).onConflictDoNothing().returning();
      if (!room) {
        const [r] = await tx.select().from(messengerRooms).where(and(eq(messengerRooms.companyId, auth.companyId), eq(messengerRooms.directKey, key)));
        return { room: r, created: false };
      }
      await repo.addMembers(tx, room, [me, peer], now);
      return { room, created: true };
    });
    if (made.created) {
      const users = await repo.companyUsers(deps.db, auth.companyId, [peer]);
      await publishEffects(caller, made.room.id, { added: [auth.username, ...users.map((u) => u.username)] });
    }
    return { status: made.created ? 201 : 200, room: await detailOf(caller, made.room.id) };
  }
  if (body.kind === "CHANNEL" && !body.name) {
    throw new AppError(400, "common.validation", undefined, [{ field: "name", code: "common.validation", message: "a channel needs a name" }]);
  }
  const { room, added, systemId } = await deps.db.transaction(async (tx) => {
    let organId: number | null = null;
    let ids = others;
    if (body.kind === "CHANNEL" && body.organId !== null) {
      const [o] = await tx.select({ id: organizations.id }).from(organizations)
        .where(and(eq(organizations.id, body.organId), eq(organizations.companyId, auth.companyId)));
      if (!o) throw new AppError(400, "common.validation", undefined, [{ field: "organId", code: "common.validation", message: "not an organisation of the company" }]);
      organId = o.id;
      ids = [...new Set([...ids, ...await repo.organMemberIds(tx, auth.companyId, o.id)])].filter((id) => id !== me);
    }
    const people = await checkUsers(tx, caller, ids);
    if (people.length + 1 > ROOM_MEMBERS_MAX) throw conflict(MESSENGER_ERRORS.membersMax, { max: ROOM_MEMBERS_MAX });
    const [room] = await tx.insert(messengerRooms).values({
      companyId: auth.companyId, kind: body.kind, visibility: body.kind === "CHANNEL" ? body.visibility : "PRIVATE", name: body.name,
      description: body.description, organId, ownerId: me, createdAt: now, updatedAt: now,
    }).returning();
    await repo.addMembers(tx, room, [me], now, "OWNER");
    await repo.addMembers(tx, room, people.map((p) => p.id), now);
    const sys = await insertSystem(tx, room, SYSTEM_KEYS.created, { by: await repo.displayName(tx, me), names: people.map((p) => p.name) }, now);
    return { room, added: [auth.username, ...people.map((p) => p.username)], systemId: sys.id };
  });
  await publishEffects(caller, room.id, { added, systemId });
  return { status: 201, room: await detailOf(caller, room.id) };
}

export async function updateRoom(caller: Caller, roomId: number, body: z.output<typeof updateRoomBody>): Promise<RoomDetail> {
  const { deps } = caller;
  const now = deps.clock.now();
  const systemId = await deps.db.transaction(async (tx) => {
    const { room, kind } = await requireOwner(tx, caller, roomId, true);
    if (kind === "CHANNEL" && body.name === "") {
      throw new AppError(400, "common.validation", undefined, [{ field: "name", code: "common.validation", message: "a channel needs a name" }]);
    }
    const set: Partial<RoomRow> = { updatedAt: now };
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    if (body.visibility !== undefined && kind === "CHANNEL") set.visibility = body.visibility;
    await tx.update(messengerRooms).set(set).where(eq(messengerRooms.id, room.id));
    if (body.name === undefined || body.name === room.name) return undefined;
    return (await insertSystem(tx, room, SYSTEM_KEYS.renamed, { by: await repo.displayName(tx, caller.auth.userId), name: body.name }, now)).id;
  });
  await publishEffects(caller, roomId, { changed: true, systemId });
  return await detailOf(caller, roomId);
}

export async function deleteRoom(caller: Caller, roomId: number): Promise<void> {
  const { deps } = caller;
  const members = await deps.db.transaction(async (tx) => {
    await requireOwner(tx, caller, roomId, true);
    const members = await repo.memberUsernames(tx, roomId);
    await tx.delete(messengerRooms).where(eq(messengerRooms.id, roomId));
    return members;
  });
  await publishEffects(caller, roomId, { removed: members.map((m) => m.username) });
}

export async function joinRoom(caller: Caller, roomId: number): Promise<RoomDetail> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const systemId = await deps.db.transaction(async (tx) => {
    const room = await roomOf(tx, auth.companyId, roomId, true);
    if (!room) throw roomNotFound();
    const public_ = room.kind === "CHANNEL" && room.visibility === "PUBLIC";
    if (await memberOf(tx, roomId, auth.userId)) {
      if (!public_) return undefined; // a member of a private room: nothing to do
      throw conflict(MESSENGER_ERRORS.alreadyMember);
    }
    if (room.kind !== "CHANNEL") throw roomNotFound(); // a non-member learns nothing of groups and DIRECT rooms
    if (!public_) throw conflict(MESSENGER_ERRORS.cannotJoin);
    if (room.memberCount + 1 > ROOM_MEMBERS_MAX) throw conflict(MESSENGER_ERRORS.membersMax, { max: ROOM_MEMBERS_MAX });
    await repo.addMembers(tx, room, [auth.userId], now);
    return (await insertSystem(tx, room, SYSTEM_KEYS.joined, { names: [await repo.displayName(tx, auth.userId)] }, now)).id;
  });
  await publishEffects(caller, roomId, { added: [auth.username], changed: true, systemId });
  return await detailOf(caller, roomId);
}

async function leaveWith(caller: Caller, roomId: number, key: SystemKey, userId: number, username: string, check: (tx: Tx, room: RoomRow) => Promise<void>) {
  const { deps } = caller;
  const now = deps.clock.now();
  const systemId = await deps.db.transaction(async (tx) => {
    const { room } = await requireMember(tx, caller, roomId, true);
    await check(tx, room);
    const name = await repo.displayName(tx, userId);
    await repo.removeMember(tx, roomId, userId);
    const by = key === SYSTEM_KEYS.removed ? { by: await repo.displayName(tx, caller.auth.userId) } : {};
    return (await insertSystem(tx, room, key, { names: [name], ...by }, now)).id;
  });
  await publishEffects(caller, roomId, { removed: [username], changed: true, systemId });
}

export async function leaveRoom(caller: Caller, roomId: number): Promise<void> {
  await leaveWith(caller, roomId, SYSTEM_KEYS.left, caller.auth.userId, caller.auth.username, async (tx, room) => {
    if (room.kind === "SELF" || room.kind === "DIRECT") throw conflict(MESSENGER_ERRORS.cannotLeave);
    const me = await memberOf(tx, roomId, caller.auth.userId);
    if (me?.role === "OWNER" && room.memberCount > 1) throw conflict(MESSENGER_ERRORS.ownerMustStay);
  });
  // The last one out: the room goes with them.
  const { db } = caller.deps;
  await db.delete(messengerRooms).where(and(eq(messengerRooms.id, roomId), eq(messengerRooms.memberCount, 0)));
}

export async function removeMember(caller: Caller, roomId: number, userId: number): Promise<void> {
  if (userId === caller.auth.userId) return await leaveRoom(caller, roomId);
  const [target] = await repo.companyUsers(caller.deps.db, caller.auth.companyId, [userId]);
  await leaveWith(caller, roomId, SYSTEM_KEYS.removed, userId, target?.username ?? "", async (tx) => {
    await requireOwner(tx, caller, roomId);
    if (!target || !(await memberOf(tx, roomId, userId))) throw userInvalid(0);
  });
}

export async function addRoomMembers(caller: Caller, roomId: number, userIds: number[]): Promise<RoomDetail> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const { added, systemId } = await deps.db.transaction(async (tx) => {
    const { room, kind, role } = await requireMember(tx, caller, roomId, true);
    if (kind === "SELF" || kind === "DIRECT") throw conflict(MESSENGER_ERRORS.cannotJoin);
    if (kind === "CHANNEL" && role !== "OWNER" && room.visibility !== "PUBLIC") throw new AppError(403, MESSENGER_ERRORS.notOwner);
    const people = await checkUsers(tx, caller, [...new Set(userIds)]);
    const existing = new Set((await repo.memberUsernames(tx, roomId)).map((m) => m.userId));
    const fresh = people.filter((p) => !existing.has(p.id));
    if (!fresh.length) throw conflict(MESSENGER_ERRORS.alreadyMember);
    if (room.memberCount + fresh.length > ROOM_MEMBERS_MAX) throw conflict(MESSENGER_ERRORS.membersMax, { max: ROOM_MEMBERS_MAX });
    await repo.addMembers(tx, room, fresh.map((p) => p.id), now);
    const sys = await insertSystem(tx, room, SYSTEM_KEYS.invited, { by: await repo.displayName(tx, auth.userId), names: fresh.map((p) => p.name) }, now);
    return { added: fresh.map((p) => p.username), systemId: sys.id };
  });
  await publishEffects(caller, roomId, { added, changed: true, systemId });
  return await detailOf(caller, roomId);
}

export async function changeOwner(caller: Caller, roomId: number, userId: number): Promise<RoomDetail> {
  const { deps, auth } = caller;
  const now = deps.clock.now();
  const systemId = await deps.db.transaction(async (tx) => {
    const { room } = await requireOwner(tx, caller, roomId, true);
    if (userId === auth.userId) return undefined;
    if (!(await memberOf(tx, roomId, userId))) throw new AppError(400, MESSENGER_ERRORS.userInvalid, { index: 0 });
    await tx.update(messengerMembers).set({ role: "MEMBER" }).where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, auth.userId)));
    await tx.update(messengerMembers).set({ role: "OWNER" }).where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, userId)));
    await tx.update(messengerRooms).set({ ownerId: userId, updatedAt: now }).where(eq(messengerRooms.id, roomId));
    return (await insertSystem(tx, room, SYSTEM_KEYS.ownerChanged, { by: await repo.displayName(tx, auth.userId), names: [await repo.displayName(tx, userId)] }, now)).id;
  });
  await publishEffects(caller, roomId, { changed: true, systemId });
  return await detailOf(caller, roomId);
}

export async function roomSettings(caller: Caller, roomId: number, body: { muted?: boolean; hidden?: boolean }): Promise<RoomSummary> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  const set: { muted?: boolean; hidden?: boolean } = {};
  if (body.muted !== undefined) set.muted = body.muted;
  if (body.hidden !== undefined) set.hidden = body.hidden;
  if (Object.keys(set).length) {
    await db.update(messengerMembers).set(set).where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, caller.auth.userId)));
  }
  const [s] = await repo.mySummaries(db, caller.auth.userId, caller.auth.companyId, { roomId });
  return s;
}


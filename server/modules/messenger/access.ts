// Who may see a room: its members. A room the caller is not a member of answers 404 messenger.room_not_found, as
// a missing or another company's room does (a PUBLIC channel is visible to browse and join only). The module's
// switch: the company's useMessenger or useTeamChat flag (403 messenger.disabled).
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { messengerMembers, messengerRooms } from "../../../db/schema/messenger.ts";
import type { MemberRole, RoomKind } from "../../../shared/messenger/constants.ts";
import { MESSENGER_ERRORS } from "../../../shared/messenger/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { moduleGate } from "../../lib/module-gate.ts";

export type RoomRow = typeof messengerRooms.$inferSelect;
export type MemberRow = typeof messengerMembers.$inferSelect;

export const roomNotFound = () => new AppError(404, MESSENGER_ERRORS.roomNotFound);
export const messageNotFound = () => new AppError(404, MESSENGER_ERRORS.messageNotFound);
export const notOwner = () => new AppError(403, MESSENGER_ERRORS.notOwner);

/** 403 messenger.disabled unless the company has the messenger (either flag). Runs after requireAuth. */
export const messengerEnabled = moduleGate(["useMessenger", "useTeamChat"], MESSENGER_ERRORS.disabled);

/** The company's room (any membership), or null. `lock` takes it FOR UPDATE (membership changes). */
export async function roomOf(db: DbOrTx, companyId: number, roomId: number, lock = false): Promise<RoomRow | null> {
  const q = db.select().from(messengerRooms).where(and(eq(messengerRooms.id, roomId), eq(messengerRooms.companyId, companyId)));
  const [room] = lock ? await q.for("update") : await q;
  return room ?? null;
}

export async function memberOf(db: DbOrTx, roomId: number, userId: number): Promise<MemberRow | null> {
  const [m] = await db.select().from(messengerMembers).where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, userId)));
  return m ?? null;
}

export interface RoomAccess {
  room: RoomRow;
  member: MemberRow;
  kind: RoomKind;
  role: MemberRole;
}

/** The room and the caller's membership; 404 when missing, foreign or not a member. */
export async function requireMember(db: DbOrTx, caller: Caller, roomId: number, lock = false): Promise<RoomAccess> {
  // One statement: the room of the company joined with the caller's membership.
  const q = db.select({ room: messengerRooms, member: messengerMembers }).from(messengerRooms)
    .innerJoin(messengerMembers, and(eq(messengerMembers.roomId, messengerRooms.id), eq(messengerMembers.userId, caller.auth.userId)))
    .where(and(eq(messengerRooms.id, roomId), eq(messengerRooms.companyId, caller.auth.companyId)));
  const [row] = lock ? await q.for("update", { of: messengerRooms }) : await q;
  if (!row) throw roomNotFound();
  return { room: row.room, member: row.member, kind: row.room.kind as RoomKind, role: row.member.role as MemberRole };
}

/** The owner of a GROUP or CHANNEL (403 messenger.not_owner otherwise). */
export async function requireOwner(db: DbOrTx, caller: Caller, roomId: number, lock = false): Promise<RoomAccess> {
  const a = await requireMember(db, caller, roomId, lock);
  if (a.role !== "OWNER" || (a.kind !== "GROUP" && a.kind !== "CHANNEL")) throw notOwner();
  return a;
}

/** Whether the user may subscribe to the room's topic (a current member; realtime/routes.ts asks). */
export async function isRoomMember(db: DbOrTx, companyId: number, userId: number, roomId: number): Promise<boolean> {
  const [m] = await db.select({ roomId: messengerMembers.roomId }).from(messengerMembers)
    .where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, userId), eq(messengerMembers.companyId, companyId)));
  return !!m;
}

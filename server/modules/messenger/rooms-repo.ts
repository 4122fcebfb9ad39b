// Queries of rooms and members. GET rooms is ONE statement for all the caller's rooms: the room, the caller's
// membership, unread and mention counts (a capped count of the messages past the caller's read position, found
// through the primary key's range), the last message with its sender, and a DIRECT room's peer.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { messengerMembers, messengerRooms } from "../../../db/schema/messenger.ts";
import { organizationMembers, users } from "../../../db/schema/users.ts";
import type { MemberUser, RoomSummary } from "../../../shared/messenger/api.ts";
import {
  type MemberRole, type MessageKind, type RoomKind, type RoomVisibility, UNREAD_COUNT_CAP,
} from "../../../shared/messenger/constants.ts";

interface SummaryRow extends Record<string, unknown> {
  id: string;
  kind: string;
  visibility: string;
  name: string;
  description: string;
  organ_id: string | null;
  member_count: number;
  updated_at: number;
  role: string | null;
  last_read_id: string | null;
  muted: boolean | null;
  hidden: boolean | null;
  unread: number;
  mentions: number;
  lm_id: string | null;
  lm_kind: string | null;
  lm_text: string | null;
  lm_deleted: boolean | null;
  lm_sender: string | null;
  lm_at: number | null;
  peer_id: string | null;
  peer_name: string | null;
  peer_email: string | null;
  peer_position: string | null;
  peer_organ: string | null;
}

const PREVIEW_CHARS = 100;

function summaryQuery(me: number, companyId: number, where: ReturnType<typeof sql>, joined: boolean) {
  const membership = joined
    ? sql`join messenger_members mm on mm.room_id = r.id and mm.user_id = ${me}`
    : sql`left join messenger_members mm on mm.room_id = r.id and mm.user_id = ${me}`;
  return sql`
    select r.id, r.kind, r.visibility, r.name, r.description, r.organ_id, r.member_count,
           (extract(epoch from coalesce(r.last_message_at, r.updated_at)) * 1000)::float8 as updated_at,
           mm.role, mm.last_read_id, mm.muted, mm.hidden,
           coalesce(u.unread, 0) as unread, coalesce(u.mentions, 0) as mentions,
           lm.id as lm_id, lm.kind as lm_kind, left(lm.text, ${PREVIEW_CHARS * 4}) as lm_text, lm.deleted_at is not null as lm_deleted,
           su.display_name as lm_sender, (extract(epoch from lm.created_at) * 1000)::float8 as lm_at,
           pu.id as peer_id, pu.display_name as peer_name, pu.username as peer_email, pu.position as peer_position, po.name as peer_organ
      from messenger_rooms r
      ${membership}
      left join lateral (
        select count(*)::int as unread, count(*) filter (where x.mentions @> array[${me}]::bigint[])::int as mentions
          from (select x.mentions from messenger_messages x
                 where x.room_id = r.id and x.id > mm.last_read_id and x.sender_id is distinct from ${me}
                   and x.deleted_at is null and x.kind <> 'SYSTEM'
                   and (x.parent_id is null or x.mentions @> array[${me}]::bigint[])
                 limit ${UNREAD_COUNT_CAP}) x
      ) u on mm.user_id is not null
      left join messenger_messages lm on lm.id = r.last_message_id
      left join users su on su.id = lm.sender_id
      left join lateral (
        select o.user_id from messenger_members o where o.room_id = r.id and o.user_id <> ${me} order by o.user_id limit 1
      ) peer on r.kind = 'DIRECT'
      left join users pu on pu.id = peer.user_id
      left join organizations po on po.id = pu.organ_id
     where r.company_id = ${companyId} and ${where}
     order by coalesce(r.last_message_at, r.updated_at) desc, r.id desc`;
}

function previewOf(text: string, kind: string): string {
  if (kind === "SYSTEM") return text;
  const one = text.replace(/\s+/g, " ").trim();
  return [...one].length > PREVIEW_CHARS ? [...one].slice(0, PREVIEW_CHARS).join("") + "…" : one;
}

function summaryOf(r: SummaryRow, myName: string): RoomSummary {
  const kind = r.kind as RoomKind;
  const peer: MemberUser | null = r.peer_id === null ? null : {
    userId: Number(r.peer_id), name: r.peer_name ?? "", email: r.peer_email ?? "", position: r.peer_position, organName: r.peer_organ,
  };
  return {
    id: Number(r.id),
    kind,
    visibility: r.visibility as RoomVisibility,
    name: kind === "DIRECT" ? (peer?.name ?? r.name) : kind === "SELF" ? myName : r.name,
    description: r.description,
    organId: r.organ_id === null ? null : Number(r.organ_id),
    memberCount: r.member_count,
    me: r.role === null ? null : { role: r.role as MemberRole, lastReadId: Number(r.last_read_id), muted: !!r.muted, hidden: !!r.hidden },
    unreadCount: r.unread,
    mentionCount: r.mentions,
    lastMessage: r.lm_id === null ? null : {
      id: Number(r.lm_id),
      senderName: r.lm_sender,
      preview: r.lm_deleted ? "" : previewOf(r.lm_text ?? "", r.lm_kind ?? "TEXT"),
      kind: (r.lm_kind ?? "TEXT") as MessageKind,
      createdAt: r.lm_at ?? 0,
    },
    peer,
    updatedAt: r.updated_at,
  };
}

export async function displayName(db: DbOrTx, userId: number): Promise<string> {
  const [u] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return u?.name ?? "";
}

/** The caller's rooms (hidden ones left out unless `withHidden`), newest first. */
export async function mySummaries(db: DbOrTx, me: number, companyId: number, opts: { roomId?: number; withHidden?: boolean } = {}): Promise<RoomSummary[]> {
  const where = opts.roomId !== undefined ? sql`r.id = ${opts.roomId}` : opts.withHidden ? sql`true` : sql`not mm.hidden`;
  const [rows, name] = await Promise.all([db.execute<SummaryRow>(summaryQuery(me, companyId, where, true)), displayName(db, me)]);
  return rows.map((r) => summaryOf(r, name));
}

/** One room as the caller sees it (joined or, for browsing, not). */
export async function summaryOfRoom(db: DbOrTx, me: number, companyId: number, roomId: number): Promise<RoomSummary | null> {
  const [rows, name] = await Promise.all([db.execute<SummaryRow>(summaryQuery(me, companyId, sql`r.id = ${roomId}`, false)), displayName(db, me)]);
  return rows[0] ? summaryOf(rows[0], name) : null;
}

/** PUBLIC channels of the company whose name has `keyword` (joined or not). */
export async function publicSummaries(db: DbOrTx, me: number, companyId: number, keyword: string): Promise<RoomSummary[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`r.kind = 'CHANNEL' and r.visibility = 'PUBLIC' and (${keyword} = '' or r.name ilike ${like})`;
  const [rows, name] = await Promise.all([db.execute<SummaryRow>(summaryQuery(me, companyId, where, false)), displayName(db, me)]);
  return rows.map((r) => summaryOf(r, name));
}

export interface MemberDetail extends MemberUser {
  role: MemberRole;
  lastReadId: number;
}

export async function membersOf(db: DbOrTx, roomId: number): Promise<MemberDetail[]> {
  const rows = await db.execute<{ user_id: string; name: string; email: string; position: string | null; organ: string | null; role: string; last_read_id: string }>(sql`
    select m.user_id, u.display_name as name, u.username as email, u.position, o.name as organ, m.role, m.last_read_id
      from messenger_members m join users u on u.id = m.user_id left join organizations o on o.id = u.organ_id
     where m.room_id = ${roomId}
     order by m.role = 'OWNER' desc, u.display_name, m.user_id`);
  return rows.map((r) => ({
    userId: Number(r.user_id), name: r.name, email: r.email, position: r.position, organName: r.organ, role: r.role as MemberRole,
    lastReadId: Number(r.last_read_id),
  }));
}

/** Active users of the company among `ids`, with their names and usernames. */
export async function companyUsers(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return await db.select({ id: users.id, name: users.displayName, username: users.username }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, "ACTIVE"), inArray(users.id, ids)));
}

/** Active users who belong to the organisation. */
export async function organMemberIds(db: DbOrTx, companyId: number, organId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ id: users.id }).from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organId, organId), eq(users.companyId, companyId), eq(users.status, "ACTIVE")));
  return rows.map((r) => r.id);
}

export async function memberUsernames(db: DbOrTx, roomId: number): Promise<{ userId: number; username: string }[]> {
  return await db.select({ userId: messengerMembers.userId, username: users.username }).from(messengerMembers)
    .innerJoin(users, eq(users.id, messengerMembers.userId)).where(eq(messengerMembers.roomId, roomId));
}

/** Every message id so far (ids are one sequence across rooms): a member joining now has "read" up to it. */
export async function messageIdNow(db: DbOrTx): Promise<number> {
  const [r] = await db.execute<{ v: string }>(sql`select case when is_called then last_value else 0 end as v from messenger_messages_id_seq`);
  return Number(r.v);
}

export async function addMembers(db: DbOrTx, room: { id: number; companyId: number }, ids: number[], at: Date, role: MemberRole = "MEMBER") {
  if (!ids.length) return;
  const after = await messageIdNow(db);
  await db.insert(messengerMembers).values(ids.map((userId) => ({
    roomId: room.id, userId, companyId: room.companyId, role, lastReadId: after, joinedAfterId: after, joinedAt: at,
  }))).onConflictDoNothing();
  await recount(db, room.id);
}

export async function recount(db: DbOrTx, roomId: number) {
  await db.update(messengerRooms).set({
    memberCount: sql`(select count(*)::int from messenger_members where room_id = ${roomId})`,
  }).where(eq(messengerRooms.id, roomId));
}

export async function removeMember(db: DbOrTx, roomId: number, userId: number) {
  await db.delete(messengerMembers).where(and(eq(messengerMembers.roomId, roomId), eq(messengerMembers.userId, userId)));
  await recount(db, roomId);
}

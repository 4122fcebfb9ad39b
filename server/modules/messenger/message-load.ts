// Messages as the API answers them (shared/messenger/api.ts Message), loaded for a list of ids in ONE query:
// the sender's name, files, reactions grouped by emoji, the link preview and whether it is pinned come from
// subqueries of the same statement. Unread counts come from the room's read positions (unread.ts).
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import type { LinkPreview, Message, MessengerFile, Reaction } from "../../../shared/messenger/api.ts";
import type { MessageKind } from "../../../shared/messenger/constants.ts";
import { type Readers, UnreadCounter } from "./unread.ts";

export const fileUrl = (id: number) => `/api/messenger/files/${id}`;

interface Row extends Record<string, unknown> {
  id: string;
  room_id: string;
  kind: string;
  sender_id: string | null;
  sender_name: string | null;
  text: string;
  parent_id: string | null;
  reply_count: number;
  last_reply_at: number | null;
  mentions: string[];
  client_id: string | null;
  edited_at: number | null;
  deleted_at: number | null;
  created_at: number;
  files: { id: number; name: string; size: number; contentType: string; width: number | null; height: number | null }[];
  reactions: { emoji: string; userIds: number[] }[];
  preview: { url: string; status: LinkPreview["status"]; title: string; description: string; siteName: string; imageUrl: string | null } | null;
  pinned: boolean;
}

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The messages of `ids` (in id order), as seen by `viewerId` (reactions' "mine"; 0 for a shared payload). `ids`
 * may be a subquery of ids (a history page: the page's ids and its messages in one statement).
 */
export async function loadMessages(db: DbOrTx, companyId: number | null, ids: number[] | SQL, readers: Readers, viewerId: number): Promise<Message[]> {
  if (Array.isArray(ids) && !ids.length) return [];
  const rows = await db.execute<Row>(messagesStatement(companyId, ids));
  const counter = new UnreadCounter(readers);
  return rows.map((r) => messageOf(r, counter, viewerId));
}

/** The statement of loadMessages (the benchmark explains it). */
export function messagesStatement(companyId: number | null, ids: number[] | SQL): SQL {
  const idList = Array.isArray(ids) ? sql`select unnest(${`{${ids.join(",")}}`}::bigint[])` : ids;
  return sql`
    select m.id, m.room_id, m.kind, m.sender_id, u.display_name as sender_name, m.text, m.parent_id, m.reply_count,
           ${ms("m.last_reply_at")} as last_reply_at, m.mentions, m.client_id, ${ms("m.edited_at")} as edited_at,
           ${ms("m.deleted_at")} as deleted_at, ${ms("m.created_at")} as created_at,
           coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType', f.content_type,
                                                      'width', f.width, 'height', f.height) order by f.id)
                       from messenger_files f where f.message_id = m.id), '[]'::json) as files,
           coalesce((select json_agg(json_build_object('emoji', r.emoji, 'userIds', r.users) order by r.first)
                       from (select emoji, array_agg(user_id order by created_at, user_id) as users, min(created_at) as first
                               from messenger_reactions where message_id = m.id group by emoji) r), '[]'::json) as reactions,
           (select json_build_object('url', p.url, 'status', p.status, 'title', p.title, 'description', p.description,
                                     'siteName', p.site_name, 'imageUrl', p.image_url)
              from messenger_link_previews p where p.message_id = m.id) as preview,
           exists (select 1 from messenger_pins pn where pn.room_id = m.room_id and pn.message_id = m.id) as pinned
      from messenger_messages m
      left join users u on u.id = m.sender_id
     where m.id in (${idList}) and (${companyId}::bigint is null or m.company_id = ${companyId})
     order by m.id`;
}

function messageOf(r: Row, counter: UnreadCounter, viewerId: number): Message {
  const id = Number(r.id);
  const senderId = r.sender_id === null ? null : Number(r.sender_id);
  const deleted = r.deleted_at !== null;
  const files: MessengerFile[] = deleted ? [] : r.files.map((f) => ({
    id: Number(f.id), name: f.name, size: Number(f.size), contentType: f.contentType, width: f.width, height: f.height, url: fileUrl(Number(f.id)),
  }));
  const reactions: Reaction[] = deleted ? [] : r.reactions.map((x) => {
    const userIds = x.userIds.map(Number);
    return { emoji: x.emoji, count: userIds.length, mine: userIds.includes(viewerId), userIds };
  });
  return {
    id,
    roomId: Number(r.room_id),
    kind: r.kind as MessageKind,
    sender: senderId === null ? null : { userId: senderId, name: r.sender_name ?? "" },
    text: deleted ? "" : r.text,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    replyCount: r.reply_count,
    lastReplyAt: r.last_reply_at,
    mentions: deleted ? [] : r.mentions.map(Number),
    files,
    reactions,
    preview: deleted ? null : r.preview,
    pinned: r.pinned,
    clientId: r.client_id,
    unreadCount: r.kind === "SYSTEM" ? 0 : counter.count(id, senderId),
    editedAt: r.edited_at,
    deletedAt: r.deleted_at,
    createdAt: r.created_at,
  };
}

/** Every member's read position in the room (MessagePage.readers). */
export async function readersOf(db: DbOrTx, roomId: number): Promise<Readers> {
  const rows = await db.execute<{ user_id: string; last_read_id: string; joined_after_id: string }>(sql`
    select user_id, last_read_id, joined_after_id from messenger_members where room_id = ${roomId}`);
  return rows.map((r) => ({ userId: Number(r.user_id), lastReadId: Number(r.last_read_id), joinedAfterId: Number(r.joined_after_id) }));
}

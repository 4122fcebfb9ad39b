// mail-1: the inbox's unread count (its kept counter) and its newest mails (one indexed page).
import { sql } from "drizzle-orm";
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { MailWidgetData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { mailLink } from "../../../lib/app-links.ts";

export async function mailWidget(caller: Caller, q: WidgetDataQuery): Promise<MailWidgetData> {
  const { companyId, userId } = caller.auth;
  const rows = await caller.deps.db.execute<{ folder_id: string; unread: number; id: string | null; subject: string | null; from_name: string | null; from_address: string | null; received_at: string | null; read: boolean | null; important: boolean | null }>(sql`
    select f.id as folder_id, f.new_count as unread, m.id, mm.subject, mm.from_name, mm.from_address, m.received_at, m.read, m.important
    from mail_folders f
      left join lateral (
        select id, message_id, received_at, read, important from mails
        where user_id = ${userId} and folder_id = f.id order by received_at desc, id desc limit ${q.size}) m on true
      left join mail_messages mm on mm.id = m.message_id
    where f.company_id = ${companyId} and f.user_id = ${userId} and f.folder_type = 'INBOX'
    order by m.received_at desc, m.id desc`);
  if (!rows.length) return { unread: 0, rows: [] };
  const folderId = Number(rows[0].folder_id);
  return {
    unread: Number(rows[0].unread),
    rows: rows.filter((r) => r.id !== null).map((r) => ({
      id: String(r.id),
      title: r.subject ?? "",
      sub: r.from_name || r.from_address || null,
      at: new Date(r.received_at!).toISOString(),
      link: mailLink(folderId, Number(r.id)),
      flag: !r.read,
    })),
  };
}

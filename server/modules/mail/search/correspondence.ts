// The caller's mails exchanged with given addresses (sent by one of them, or to or cc one of them), newest
// first: what another module shows as "mail with this person" (a contact card's mail history, issue 24).
// Drafts and spam are left out. The GIN index on mails.search_vector finds the candidates (an address's
// word lexemes at weight B, the addresses' weight); each is then checked against From, To and Cc exactly.
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { mailFolders, mailMessages, mails } from "../../../../db/schema/mail.ts";
import type { Caller } from "../../../lib/context.ts";
import { queryTerm, tsqueryOf } from "./tokens.ts";

export interface CorrespondenceItem {
  mailId: number;
  folderId: number;
  subject: string;
  fromName: string;
  fromAddress: string;
  sent: boolean;
  receivedAt: Date;
  hasAttachments: boolean;
}

export async function mailsWithAddresses(
  caller: Caller, addresses: string[], page: number, pageSize: number,
): Promise<{ items: CorrespondenceItem[]; total: number }> {
  const list = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  const queries = list.map((a) => tsqueryOf(queryTerm(a), "B")).filter((q): q is string => !!q);
  if (queries.length === 0) return { items: [], total: 0 };
  const { companyId, userId } = caller.auth;
  const addressArray = `{${list.map((a) => JSON.stringify(a)).join(",")}}`;
  const exact = sql`(lower(${mailMessages.fromAddress}) = any(${addressArray}::text[])
    or exists (select 1 from jsonb_array_elements(${mailMessages.to} || ${mailMessages.cc}) e
      where lower(e->>'address') = any(${addressArray}::text[])))`;
  const where = and(
    eq(mails.companyId, companyId),
    eq(mails.userId, userId),
    sql`(${sql.join(queries.map((q) => sql`${mails.searchVector} @@ ${q}::tsquery`), sql` or `)})`,
    notInArray(mails.mailType, ["DRAFT"]),
    notInArray(mailFolders.folderType, ["DRAFTS", "SPAM"]),
    exact,
  );
  const base = caller.deps.db.select({
    mailId: mails.id,
    folderId: mails.folderId,
    subject: mailMessages.subject,
    fromName: mailMessages.fromName,
    fromAddress: mailMessages.fromAddress,
    mailType: mails.mailType,
    folderType: mailFolders.folderType,
    receivedAt: mails.receivedAt,
    hasAttachments: mails.hasAttachments,
  }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(where);
  const [rows, [{ n }]] = await Promise.all([
    base.orderBy(desc(mails.receivedAt), desc(mails.id)).limit(pageSize).offset(page * pageSize),
    caller.deps.db.select({ n: sql<number>`count(*)::int` }).from(mails)
      .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
      .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      mailId: r.mailId,
      folderId: r.folderId,
      subject: r.subject,
      fromName: r.fromName,
      fromAddress: r.fromAddress,
      sent: r.folderType === "SENT" || r.mailType === "SENT" || r.mailType.startsWith("RESERVE"),
      receivedAt: r.receivedAt,
      hasAttachments: r.hasAttachments,
    })),
    total: n,
  };
}

// GET api/contact/detail/{id}/mail/history: the caller's mails with the card's addresses, newest first,
// through the mail module's own lookup (mail/search/correspondence.ts).
import type { CardMailItem, ContactCard } from "../../../../shared/contacts/cards.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { mailsWithAddresses } from "../../mail/search/correspondence.ts";
import { getCard } from "./service.ts";

export async function cardMailHistory(caller: Caller, id: number, q: { page: number; pageSize: number }): Promise<Page<CardMailItem>> {
  const card: ContactCard = await getCard(caller, id);
  const { items, total } = await mailsWithAddresses(caller, card.emailList, q.page, q.pageSize);
  const content = items.map((m): CardMailItem => ({
    mailId: m.mailId,
    folderId: m.folderId,
    subject: m.subject,
    fromName: m.fromName,
    fromAddress: m.fromAddress,
    direction: m.sent ? "SENT" : "RECEIVED",
    receivedTimeMillis: m.receivedAt.getTime(),
    hasAttachment: m.hasAttachments,
  }));
  return pageOf(content, total, q);
}

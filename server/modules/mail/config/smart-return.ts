// Turning the smart mailbox (or one of its classes) off hands its mail back: every mail the smart mailbox
// filed (in SMART, with a category) of the classes no longer on goes back to the inbox with its category
// cleared. Otherwise the SMART folder, hidden while the setting is off, would keep mail the user no longer
// sees, and the 7-day clean-up would quietly trash it.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mails } from "../../../../db/schema/mail.ts";
import type { MailConfig } from "../../../../shared/mail/config.ts";
import { systemFolders } from "../store/folders.ts";

/** The classes that were being sorted before and are not after the change. */
export function classesTurnedOff(before: MailConfig, after: MailConfig): string[] {
  const on = (c: MailConfig) => new Set(c.smartMailbox ? [...(c.classifyPromotion ? ["PROMOTION"] : []), ...(c.classifySocial ? ["SOCIAL"] : [])] : []);
  const now = on(after);
  return [...on(before)].filter((c) => !now.has(c));
}

export async function returnSmartMail(tx: DbOrTx, companyId: number, userId: number, categories: string[]): Promise<number> {
  if (!categories.length) return 0;
  const ids = await systemFolders(tx, companyId, userId);
  const moved = await tx.update(mails).set({ folderId: ids.INBOX, category: null })
    .where(and(
      eq(mails.userId, userId),
      eq(mails.folderId, ids.SMART),
      isNotNull(mails.category),
      inArray(mails.category, categories),
    ))
    .returning({ id: mails.id });
  return moved.length;
}

// Cancelling a scheduled mail (DELETE api/mails/reserve/{id}): the sender's RESERVE copy becomes
// RESERVE_CANCEL and stays in Sent; it can be reopened (draft/{id} or resend/{id}), edited and sent again.
// The conditional update waits for a scheduled-send job holding the row, so a mail is sent or cancelled,
// never both.
import { and, eq } from "drizzle-orm";
import { mails } from "../../../../db/schema/mail.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

export async function cancelReserve(caller: Caller, id: number): Promise<void> {
  const { db } = caller.deps;
  const [own] = await db.select({ mailType: mails.mailType }).from(mails)
    .where(and(eq(mails.id, id), eq(mails.userId, caller.auth.userId)));
  if (!own) throw new AppError(404, "common.404");
  const updated = await db.update(mails).set({ mailType: "RESERVE_CANCEL", reserveAt: null })
    .where(and(eq(mails.id, id), eq(mails.userId, caller.auth.userId), eq(mails.mailType, "RESERVE")))
    .returning({ id: mails.id });
  if (!updated.length) throw new AppError(409, "mail.reserve_not_cancelable");
}

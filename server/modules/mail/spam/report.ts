// Reporting and unblocking (000 §4): reporting moves a mail to spam as REPORT_MAIL (remembering where it
// was); a blocked mail cannot be reported again. Unblocking brings a blocked mail back where it came from
// (the inbox when that folder is gone) as NORMAL, unless the system blocked it (spamReason SYSTEM), which
// stays blocked. The sender's block-list entry that reporting adds comes with the spam settings.
import { and, eq } from "drizzle-orm";
import { mails } from "../../../../db/schema/mail.ts";
import type { ReportInput, SpamActionResult } from "../../../../shared/mail/spam.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { findUserFolder, systemFolders } from "../store/folders.ts";
import { markRecovered } from "./log.ts";

async function ownMail(caller: Caller, mailId: number) {
  const [m] = await caller.deps.db.select().from(mails)
    .where(and(eq(mails.id, mailId), eq(mails.userId, caller.auth.userId)));
  if (!m) throw notFound();
  return m;
}

export async function report(caller: Caller, input: ReportInput): Promise<SpamActionResult> {
  const { deps, auth } = caller;
  const m = await ownMail(caller, input.mailId);
  if (m.spamReason || m.mailType === "REPORT_MAIL") throw new AppError(409, "mail.already_blocked");
  if (m.mailType !== "NORMAL") throw new AppError(400, "mail.not_reportable");
  const { SPAM } = await systemFolders(deps.db, auth.companyId, auth.userId);
  await deps.db.update(mails).set({
    folderId: SPAM,
    prevFolderId: m.folderId === SPAM ? m.prevFolderId : m.folderId,
    mailType: "REPORT_MAIL",
    spamReason: "REPORTED",
  }).where(and(eq(mails.id, m.id), eq(mails.userId, auth.userId)));
  deps.log.info(`mail ${m.id} reported as spam by user ${auth.userId}${input.reportContents ? ` (${input.reportContents.length} chars of notes)` : ""}`);
  return { mailId: m.id, folderId: SPAM, mailType: "REPORT_MAIL" };
}

export async function unblock(caller: Caller, mailId: number): Promise<SpamActionResult> {
  const { deps, auth } = caller;
  const m = await ownMail(caller, mailId);
  if (m.spamReason === "SYSTEM") throw new AppError(403, "mail.system_blocked");
  if (!m.spamReason && m.mailType !== "REPORT_MAIL") throw new AppError(409, "mail.not_blocked");
  const folders = await systemFolders(deps.db, auth.companyId, auth.userId);
  const back = m.prevFolderId ? await findUserFolder(deps.db, auth.userId, m.prevFolderId) : undefined;
  const folderId = back && back.folderType !== "SPAM" && back.folderType !== "DELETED" ? back.id : folders.INBOX;
  await deps.db.update(mails).set({ folderId, prevFolderId: null, mailType: "NORMAL", spamReason: null })
    .where(and(eq(mails.id, m.id), eq(mails.userId, auth.userId)));
  await markRecovered(caller, m.id);
  return { mailId: m.id, folderId, mailType: "NORMAL" };
}


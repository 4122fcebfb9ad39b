// Drafts (POST, PUT, DELETE api/mails/v2/draft): a draft is a mails row of type DRAFT in the user's DRAFTS
// folder whose message is the composed MIME (Bcc kept), with its compose state beside it. Saving checks the
// sender and the attachment limits, not the recipients: a draft may be unfinished. Updating files the new
// version and removes the old one in one transaction that first locks the old draft, so of two concurrent
// updates of one draft the second finds it gone (404) instead of leaving two (the answer carries the new ids).
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { mails } from "../../../../db/schema/mail.ts";
import type { ComposeBody, DraftSaved } from "../../../../shared/mail/compose.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileInTransaction } from "../store/deliver.ts";
import { parseMessage } from "../store/parse.ts";
import { purgeInTransaction } from "../reading/purge.ts";
import { assemble } from "./assemble.ts";
import { checkSender, checkSystem, loadSender } from "./checks.ts";
import { buildMime } from "./mime.ts";
import { saveComposeState } from "./state.ts";
import { uploadsForMail } from "./uploads.ts";

export async function saveDraft(caller: Caller, body: ComposeBody, replaces?: number): Promise<DraftSaved> {
  const { deps } = caller;
  const sender = await loadSender(caller);
  if (replaces !== undefined) await ownDrafts(caller, [replaces]);
  await checkSystem(caller, sender);
  await checkSender(caller, body, sender);
  const uploads = await uploadsForMail(deps, sender.companyId, sender.userId, body.attachments);
  const parts = await assemble(deps, sender, body, uploads, { largeLinks: false });
  const now = deps.clock.now();
  const raw = await buildMime(deps, { ...parts, keepBcc: true, priority: body.priority, date: now });
  const parsed = await parseMessage(raw);
  const blob = await deps.blobs.put(raw);
  const mailId = await deps.db.transaction(async (tx) => {
    if (replaces !== undefined) {
      const [old] = await tx.select({ id: mails.id }).from(mails)
        .where(and(eq(mails.id, replaces), eq(mails.userId, sender.userId), eq(mails.mailType, "DRAFT"))).for("update");
      if (!old) throw new AppError(404, "common.404");
    }
    const filed = await fileInTransaction(tx, {
      companyId: sender.companyId,
      raw,
      receivedAt: now,
      bcc: parts.bcc,
      targets: [{ userId: sender.userId, folder: "DRAFTS", mailType: "DRAFT", read: true, internal: true, seesBcc: true }],
    }, parsed, blob.key);
    const id = filed.mails[0].mailId;
    await saveComposeState(deps, sender, id, { ...body, draftId: undefined }, tx);
    if (replaces !== undefined) {
      await purgeInTransaction(tx, sender.userId, and(eq(mails.id, replaces), eq(mails.mailType, "DRAFT"))!);
    }
    return id;
  });
  return { draftId: mailId, mailId };
}

/** Deletes the user's drafts; any id that is not one of them answers 404 and deletes nothing. */
export async function deleteDrafts(caller: Caller, ids: number[]): Promise<void> {
  await purgeDrafts(caller, await ownDrafts(caller, ids));
}

/** Drafts go for good (not to the trash), with their stored messages (the blob collector takes the bytes). */
async function purgeDrafts(caller: Caller, ids: number[]): Promise<void> {
  await caller.deps.db.transaction((tx) =>
    purgeInTransaction(tx, caller.auth.userId, and(inArray(mails.id, ids), eq(mails.mailType, "DRAFT"))!)
  );
}

async function ownDrafts(caller: Caller, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await caller.deps.db.select({ id: mails.id }).from(mails)
    .where(and(inArray(mails.id, unique), eq(mails.userId, caller.auth.userId), eq(mails.mailType, "DRAFT")));
  if (rows.length !== unique.length) throw new AppError(404, "common.404");
  return unique;
}

/** The draft a send starts from is the caller's and still a draft; otherwise 404, before any work is done. */
export async function checkDraft(caller: Caller, id: number): Promise<void> {
  const [row] = await caller.deps.db.select({ id: mails.id }).from(mails)
    .where(and(eq(mails.id, id), eq(mails.userId, caller.auth.userId), eq(mails.mailType, "DRAFT")));
  if (!row) throw new AppError(404, "common.404");
}

/**
 * In the send's transaction: the draft it was sent from goes, with its stored message. The row is locked by
 * the delete, so of two sends of one draft the second waits, then finds it gone: 404, and its transaction
 * (its copies, its queue rows) rolls back. The draft goes only if the send commits.
 */
export async function takeDraft(tx: Tx, caller: Caller, id: number): Promise<void> {
  const purged = await purgeInTransaction(tx, caller.auth.userId, and(eq(mails.id, id), eq(mails.mailType, "DRAFT"))!);
  if (!purged) throw new AppError(404, "common.404");
}

// Mail to and from boards (shared/board/config.ts): a board's address and filters (MANAGE), a mail of the
// caller's as a post draft, and what the mail module calls: the board addresses among a message's recipients
// (inbound SMTP, local delivery), the posts of a message to boards (inbound.ts) and, after a user's send, the
// OUT archive (archive.ts).
import type { BoardMail, MailFilter, MailPostForm } from "../../../../shared/board/config.ts";
import { mailFilterBody } from "../../../../shared/board/config.ts";
import { MAIL_FILTERS_MAX } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { BoardFile } from "../../../../shared/board/posts.ts";
import type { z } from "zod";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { isAliasAddress } from "../../mail/aliases/taken.ts";
import { quoteLabels } from "../../mail/compose/quote-header.ts";
import { keptAttachment, mailCopyOf } from "../../mail/reading/copy-out.ts";
import { parseMessage } from "../../mail/store/parse.ts";
import { requireBoard, requirePostable } from "../access.ts";
import { addUpload, uploadView } from "../posts/files.ts";
import { archiveSent, type SentMail } from "./archive.ts";
import { contentOf, filesOf, quotedHeader, titleOf } from "./content.ts";
import { type BoardTarget, deliverToBoards, type MailToBoards } from "./inbound.ts";
import * as repo from "./repo.ts";

export type { BoardTarget, MailToBoards, SentMail };

async function boardMailOf(caller: Caller, boardId: number): Promise<BoardMail> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const [localPart, domain, filters] = await Promise.all([
    repo.localPartOf(db, companyId, boardId),
    repo.firstDomain(db, companyId),
    repo.filtersOf(db, companyId, boardId),
  ]);
  return { boardId, address: localPart && domain ? `${localPart}@${domain}` : null, localPart, domain, filters };
}

/** GET /api/board/{id}/mail */
export async function boardMail(caller: Caller, boardId: number): Promise<BoardMail> {
  await requireBoard(caller, boardId, "MANAGE");
  return await boardMailOf(caller, boardId);
}

/**
 * PUT /api/board/{id}/mail/address: localPart on the company's first domain, or none. 409 board.address_taken
 * when a user (any status), an alias, an organisation or another board of the company (deleted ones too, while
 * they may come back) holds the address.
 */
export async function setMailAddress(caller: Caller, boardId: number, localPart: string | null): Promise<BoardMail> {
  const board = await requireBoard(caller, boardId, "MANAGE");
  requirePostable(board);
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  if (localPart !== null) {
    const domain = await repo.firstDomain(db, companyId);
    if (!domain) throw new AppError(409, BOARD_ERRORS.addressTaken, { address: localPart });
    const address = `${localPart}@${domain}`;
    if (await repo.localPartOf(db, companyId, boardId) === localPart) return await boardMailOf(caller, boardId);
    const taken = await repo.personOrGroupHolds(db, address) || await isAliasAddress(db, address) ||
      await repo.otherBoardHolds(db, companyId, boardId, localPart);
    if (taken) throw new AppError(409, BOARD_ERRORS.addressTaken, { address });
  }
  try {
    await repo.setLocalPart(db, companyId, boardId, localPart, caller.deps.clock.now());
  } catch (e) {
    if (isUniqueViolation(e, "boards_mail_uq")) throw new AppError(409, BOARD_ERRORS.addressTaken, { localPart });
    throw e;
  }
  return await boardMailOf(caller, boardId);
}

/** POST /api/board/{id}/mail/filter: 409 board.filters_max past MAIL_FILTERS_MAX, board.filter_exists for a repeat. */
export async function addMailFilter(caller: Caller, boardId: number, body: z.infer<typeof mailFilterBody>): Promise<MailFilter> {
  const board = await requireBoard(caller, boardId, "MANAGE");
  requirePostable(board);
  const { companyId, userId } = caller.auth;
  // A domain is kept without the "@" a manager may type before it.
  const content = body.classifier === "DOMAIN" ? body.content.replace(/^@/, "") : body.content;
  const filter = { direction: body.direction, classifier: body.classifier, content };
  try {
    return await transactionWithRetry(caller.deps.db, async (tx) => {
      await repo.lockBoard(tx, companyId, boardId);
      if (await repo.filterExists(tx, boardId, filter)) throw new AppError(409, BOARD_ERRORS.filterExists);
      if (await repo.countFilters(tx, boardId) >= MAIL_FILTERS_MAX) throw new AppError(409, BOARD_ERRORS.filtersMax, { max: MAIL_FILTERS_MAX });
      return await repo.insertFilter(tx, { companyId, boardId, ...filter, createdBy: userId, now: caller.deps.clock.now() });
    });
  } catch (e) {
    if (isUniqueViolation(e, "board_mail_filters_uq")) throw new AppError(409, BOARD_ERRORS.filterExists);
    throw e;
  }
}

/** DELETE /api/board/{id}/mail/filter/{filterId}: 404 board.filter_not_found when missing or another board's. */
export async function deleteMailFilter(caller: Caller, boardId: number, filterId: number): Promise<BoardMail> {
  await requireBoard(caller, boardId, "MANAGE");
  if (!await repo.deleteFilter(caller.deps.db, caller.auth.companyId, boardId, filterId)) {
    throw new AppError(404, BOARD_ERRORS.filterNotFound);
  }
  return await boardMailOf(caller, boardId);
}

/**
 * GET /api/mails/share/board/form/{mailId}: a mail of the caller's mailbox as a post draft: the subject, a
 * small quoted header (sender, date: in the caller's language) above the sanitised body, and with
 * includeAttach its attachments copied as the caller's unclaimed uploads (the first FILES_PER_POST, each at
 * most FILE_MAX_BYTES; the others named in skippedFiles). 404 board.mail_not_found for another's or no mail;
 * 507 board.124 when the copies do not fit the caller's storage.
 */
export async function mailPostForm(caller: Caller, mailId: number, includeAttach: boolean): Promise<MailPostForm> {
  const { deps } = caller;
  const mail = await mailCopyOf(caller, mailId).catch((e) => {
    if (e instanceof AppError && e.status === 404) throw new AppError(404, BOARD_ERRORS.mailNotFound);
    throw e;
  });
  const language = await repo.languageOf(deps.db, caller.auth.companyId, caller.auth.userId);
  const header = quotedHeader(quoteLabels(language), { name: mail.fromName, address: mail.fromAddress }, new Date(mail.sentAt ?? mail.receivedAt));
  const content = contentOf({ htmlBody: mail.html, textBody: mail.text }, header);
  const { take, skipped } = filesOf(mail.attachments);
  const files: BoardFile[] = [];
  if (includeAttach) {
    // Each copy is an upload of the caller's (posts/files.ts addUpload: the quota locked and checked, 507 board.124).
    for (const a of take) {
      const part = await keptAttachment(deps, mail, a.position);
      if (!part) {
        skipped.push(a.name);
        continue;
      }
      const row = await addUpload(deps, caller.auth, { name: a.name, contentType: a.contentType, size: part.bytes.length, inline: false }, () => deps.blobs.put(part.bytes));
      files.push(await uploadView(caller, row));
    }
  }
  return { title: titleOf(mail.subject), content: content.html, files, skippedFiles: includeAttach ? skipped : [] };
}

// ---- for the mail module ----

/**
 * The boards the addresses name (lower-case local part @ the first domain of the board's company). The mail
 * module asks only about addresses that are no user, alias or organisation.
 */
export async function boardRecipients(deps: AppDeps, addresses: string[]): Promise<Map<string, BoardTarget>> {
  const rows = await repo.boardsOfAddresses(deps.db, [...new Set(addresses.map((a) => a.trim().toLowerCase()))]);
  const byAddress = new Map(rows.map((r) => [r.address, { companyId: r.companyId, boardId: r.boardId }]));
  const out = new Map<string, BoardTarget>();
  for (const a of addresses) {
    const found = byAddress.get(a.trim().toLowerCase());
    if (found) out.set(a, found);
  }
  return out;
}

/** Inbound: the posts of a message to board addresses, before the 250 (throws only when storing failed). */
export async function deliverMailToBoards(deps: AppDeps, m: MailToBoards): Promise<void> {
  await deliverToBoards(deps, m);
}

/**
 * After a user's send committed (mail/outbound/dispatch.ts): the posts of the board addresses it named and the
 * OUT archive, detached and best effort (a failure is logged, the send stands).
 */
export function afterUserSend(deps: AppDeps, sent: SentMail & { boards: BoardTarget[]; archive: boolean }): void {
  void (async () => {
    if (sent.boards.length) {
      const parsed = sent.parsed ?? await parseMessage(sent.raw);
      await deliverToBoards(deps, {
        boards: sent.boards,
        raw: sent.raw,
        parsed,
        envelopeFrom: sent.senderAddress,
        local: { companyId: sent.companyId, userId: sent.senderUserId },
      });
    }
    if (sent.archive) await archiveSent(deps, sent);
  })().catch((e) => deps.log.error("board mail: posting a sent mail failed", e));
}

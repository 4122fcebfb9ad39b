// Mail to a board's address becomes a post, or is dropped (logged; never bounced: the sender may be forged).
//
// Who sent it: the From header's address (what the mail shows and what the post's mailFrom keeps; the envelope
// sender is often a bounce address of a mailing service on another domain), the envelope sender only when
// the message has no From. It counts as follows:
// - a colleague's mail delivered by this server (web composer, SMTP submission): the signed-in sender
//   (`local`) is who wrote it, whatever address they wrote from;
// - mail from another server: the SPF/DKIM/DMARC verdicts of the ingest decide how far the From is believed.
//   "verified": DMARC passed, or SPF or DKIM passed for a domain aligned with the From domain
//   (mail/inbound/own-domain.ts authenticatedFor). "contradicted": DMARC failed, or SPF (fail, softfail) or
//   DKIM failed for a domain aligned with it.
// The post is then
// - the sender's own, when the sender is an active user of the board's company with WRITE on the board
//   (from another server only when verified: a company's own people do not reach it unverified from outside);
// - otherwise, when the sender matches one of the board's IN filters (ADDRESS: the same address; DOMAIN: the
//   domain or a sub-domain of it) and is not contradicted, written in the name of the board's first manager
//   (its creator while a manager, else the first listed) with mailFrom the sender (outsiders have no user);
// - otherwise nothing (logged).
// A message without a Message-ID is known by the SHA-256 of its bytes, so a repeated delivery still makes one post.
import { createHash } from "node:crypto";
import { privilegeRank } from "../../../../shared/board/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { authenticatedFor, aligned } from "../../mail/inbound/own-domain.ts";
import type { AuthVerdicts } from "../../mail/smtp/auth.ts";
import { attachmentParts } from "../../mail/store/parse.ts";
import { boardAccess } from "../access.ts";
import { contentOf, filesOf, type MailParts, titleOf } from "./content.ts";
import { writeMailPost } from "./post-writer.ts";
import * as repo from "./repo.ts";

export interface BoardTarget {
  companyId: number;
  boardId: number;
}

export interface MailToBoards {
  boards: BoardTarget[];
  /** The message's bytes (its attachments are read from them). */
  raw: Uint8Array;
  parsed: MailParts;
  /** MAIL FROM; empty for bounces. */
  envelopeFrom: string;
  /** Mail from another server: its verdicts. */
  verdicts?: AuthVerdicts;
  /** Mail a user of this server sent (delivered locally): who. */
  local?: { companyId: number; userId: number };
}

type Trust = "verified" | "unknown" | "contradicted";

function trustOf(m: MailToBoards, fromDomain: string): Trust {
  if (m.local) return "verified";
  const v = m.verdicts;
  if (!v) return "unknown";
  if (authenticatedFor(v, fromDomain)) return "verified";
  if (v.dmarc.result === "fail") return "contradicted";
  if ((v.spf.result === "fail" || v.spf.result === "softfail") && aligned(v.spf.domain, fromDomain)) return "contradicted";
  if (v.dkim.some((d) => d.result === "fail" && aligned(d.domain, fromDomain))) return "contradicted";
  return "unknown";
}

/** A filter's content matches the sender: ADDRESS the same address, DOMAIN the domain or one under it. */
export function filterMatches(f: { classifier: string; content: string }, address: string): boolean {
  const domain = address.split("@").pop() ?? "";
  return f.classifier === "ADDRESS" ? f.content === address : domain === f.content || domain.endsWith(`.${f.content}`);
}

export function messageIdOf(parsed: Pick<MailParts, "messageIdHeader">, raw: Uint8Array): string {
  const id = parsed.messageIdHeader?.trim();
  return id ? id.slice(0, 998) : `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}

/** Who writes the post in the board, or why nobody does. */
async function authorFor(deps: AppDeps, m: MailToBoards, t: BoardTarget, sender: string, trust: Trust) {
  const user = m.local?.companyId === t.companyId
    ? await repo.activeUser(deps.db, t.companyId, m.local.userId)
    : trust === "verified" ? await repo.activeUserByAddress(deps.db, t.companyId, sender) : null;
  if (user) {
    const b = await boardAccess(deps.db, { userId: user.id, companyId: t.companyId, role: user.role }, t.boardId);
    if (b && b.boardType === "BOARD" && privilegeRank(b.privilege) >= privilegeRank("WRITE")) return { authorId: user.id };
  }
  if (trust === "contradicted") return { drop: "the sender's authentication failed" };
  const filters = await repo.filtersIn(deps.db, t.boardId, "IN");
  if (!filters.some((f) => filterMatches(f, sender))) return { drop: "no member with WRITE and no IN filter matches the sender" };
  const manager = await repo.firstManager(deps.db, t.companyId, t.boardId);
  return manager ? { authorId: manager.id } : { drop: "the board has no active manager" };
}

/** Makes the posts of a message to board addresses; a dropped message is logged. Throws only on a failure to store. */
export async function deliverToBoards(deps: AppDeps, m: MailToBoards): Promise<void> {
  const sender = (m.parsed.from.address || m.envelopeFrom).trim().toLowerCase();
  const trust = trustOf(m, sender.split("@").pop() ?? "");
  const messageId = messageIdOf(m.parsed, m.raw);
  const seen = new Set<number>();
  let parts: Promise<Map<number, { bytes: Uint8Array }>> | null = null;
  for (const t of m.boards) {
    if (seen.has(t.boardId)) continue;
    seen.add(t.boardId);
    const who = sender.includes("@") ? await authorFor(deps, m, t, sender, trust) : { drop: "no sender" };
    if ("drop" in who) {
      deps.log.info(`board mail: message ${messageId} from <${sender}> to board ${t.boardId} dropped: ${who.drop}`);
      continue;
    }
    if (await repo.postOfMessageId(deps.db, t.boardId, messageId) !== null) continue; // delivered before
    const { take, skipped } = filesOf(m.parsed.attachments);
    if (skipped.length) deps.log.info(`board mail: board ${t.boardId}: attachments left out: ${skipped.join(", ")}`);
    parts ??= take.length ? attachmentParts(m.raw, take.map((a) => a.position)) : Promise.resolve(new Map());
    const bytes = await parts;
    try {
      await writeMailPost(deps, {
        companyId: t.companyId,
        boardId: t.boardId,
        authorId: who.authorId,
        title: titleOf(m.parsed.subject),
        content: contentOf(m.parsed),
        mailFrom: sender,
        mailMessageId: messageId,
        files: take.flatMap((a) => {
          const b = bytes.get(a.position);
          return b ? [{ name: a.name, contentType: a.contentType, bytes: b.bytes }] : [];
        }),
      });
    } catch (e) {
      // A post the posts' rules refuse is dropped (a retry would be refused again); a storage failure is thrown.
      if (!(e instanceof AppError)) throw e;
      deps.log.warn(`board mail: message ${messageId} to board ${t.boardId} dropped: ${e.code}`);
    }
  }
}

// The OUT filters: correspondence a user sends through this server (web composer, scheduled send, SMTP
// submission) is kept in the boards of the sender's company that have an OUT filter matching any recipient
// (To, Cc or Bcc; ADDRESS: the same address, DOMAIN: the recipient's domain or a domain above it) and on which
// the sender has WRITE: a copy becomes the sender's post there, once per board per message (Message-ID).
// Runs after the send committed, detached (mail/outbound/dispatch.ts): it never slows or undoes a send, and a
// failure is logged.
import { privilegeRank } from "../../../../shared/board/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { attachmentParts, parseMessage } from "../../mail/store/parse.ts";
import { boardAccess } from "../access.ts";
import { contentOf, filesOf, type MailParts, titleOf } from "./content.ts";
import { messageIdOf } from "./inbound.ts";
import { writeMailPost } from "./post-writer.ts";
import * as repo from "./repo.ts";

export interface SentMail {
  companyId: number;
  senderUserId: number;
  /** The envelope sender: the user's address (or one of their aliases). */
  senderAddress: string;
  recipients: string[];
  raw: Uint8Array;
  parsed?: MailParts;
}

/** The domain and every domain above it that still has a dot ("a.b.example.com" → itself, "b.example.com", "example.com"). */
export function domainsUp(domain: string): string[] {
  const labels = domain.split(".");
  const out = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join("."));
  return out;
}

export async function archiveSent(deps: AppDeps, s: SentMail): Promise<number[]> {
  const addresses = [...new Set(s.recipients.map((a) => a.trim().toLowerCase()).filter((a) => a.includes("@")))];
  const domains = [...new Set(addresses.flatMap((a) => domainsUp(a.split("@").pop()!)))];
  const boardIds = await repo.boardsWithOutFilter(deps.db, s.companyId, addresses, domains);
  if (!boardIds.length) return [];
  const sender = await repo.activeUser(deps.db, s.companyId, s.senderUserId);
  if (!sender) return [];
  const posted: number[] = [];
  let message: { parsed: MailParts; bytes: Map<number, { bytes: Uint8Array }>; take: ReturnType<typeof filesOf>["take"] } | null = null;
  for (const boardId of boardIds) {
    const b = await boardAccess(deps.db, { userId: sender.id, companyId: s.companyId, role: sender.role }, boardId);
    if (!b || privilegeRank(b.privilege) < privilegeRank("WRITE")) continue;
    if (!message) {
      const parsed = s.parsed ?? await parseMessage(s.raw);
      const { take } = filesOf(parsed.attachments);
      const bytes = take.length ? await attachmentParts(s.raw, take.map((a) => a.position)) : new Map();
      message = { parsed, bytes, take };
    }
    const { parsed, bytes, take } = message;
    const postId = await writeMailPost(deps, {
      companyId: s.companyId,
      boardId,
      authorId: sender.id,
      title: titleOf(parsed.subject),
      content: contentOf(parsed),
      mailFrom: s.senderAddress.toLowerCase(),
      mailMessageId: messageIdOf(parsed, s.raw),
      files: take.flatMap((a) => {
        const part = bytes.get(a.position);
        return part ? [{ name: a.name, contentType: a.contentType, bytes: part.bytes }] : [];
      }),
    });
    if (postId !== null) posted.push(postId);
  }
  return posted;
}

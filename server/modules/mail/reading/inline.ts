// GET /api/mail-inline/{mailId}/{position}[/{sub}]?token=: the reader frame's way to a mail's attachments
// (inline images, download links) with the inline token (content.ts) standing for the bearer. The token only
// says who was granted; every fetch checks again, as the bearer routes would: the reader must still be an
// active user and, for a mail read through a shared folder, the mail must still be in that folder and the
// folder still shared with the reader (../shared/service.ts sharedMail, the api/share/mails check). A token
// whose grant has ended answers exactly like a missing mail: 404 mail.not_found.
import { and, eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { sharedMail } from "../shared/service.ts";
import { nestedAttachmentResponse } from "./attached-message.ts";
import { verifyInlineToken } from "./content.ts";
import { attachmentResponse, mailNotFound } from "./service.ts";

/** The reader a grant names, as a Caller of the share check; 404 unless they are still an active user. */
async function readerCaller(deps: AppDeps, userId: number): Promise<Caller> {
  const [u] = await deps.db.select({
    userId: users.id,
    companyId: users.companyId,
    username: users.username,
    role: users.role,
    isHr: users.isHr,
  }).from(users).where(and(eq(users.id, userId), eq(users.status, "ACTIVE")));
  if (!u) throw mailNotFound();
  // No session stands behind an inline token; the share check reads only the company and user ids.
  return { deps, auth: { ...u, sessionId: "inline-token", actorUserId: null }, ip: "", userAgent: "" };
}

/** Whose mailbox a valid inline token of this mail opens, while its grant still holds; 404 otherwise. */
async function inlineMailbox(deps: AppDeps, mailId: number, token: string): Promise<number> {
  const grant = await verifyInlineToken(deps.secrets.tokenKey, token, mailId, deps.clock.now());
  if (!grant) throw mailNotFound();
  const reader = await readerCaller(deps, grant.userId);
  if (grant.sharedFolderId === null) return grant.userId;
  const access = await sharedMail(reader, mailId, undefined, grant.sharedFolderId);
  return access.ownerId;
}

/** An attachment of the mail (reading/service.ts attachmentResponse), for the token's reader. */
export async function inlineAttachment(deps: AppDeps, mailId: number, position: number, token: string): Promise<Response> {
  return await attachmentResponse(deps, await inlineMailbox(deps, mailId, token), mailId, position);
}

/** An attachment of the message attached at `path` (attached-message.ts), for the token's reader. */
export async function inlineNestedAttachment(deps: AppDeps, mailId: number, path: readonly number[], sub: number, token: string): Promise<Response> {
  return await nestedAttachmentResponse(deps, await inlineMailbox(deps, mailId, token), mailId, path, sub);
}

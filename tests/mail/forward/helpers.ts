// Set-up shared by the forwarding and away-reply tests: a company with a colleague, a second company, mail
// arriving over real SMTP, the outbound queue run against the test's SMTP sink (the relay), and readers of
// a user's mailbox.
import { eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { processOutbound } from "../../../server/modules/mail/outbound/queue.ts";
import { whenFollowUpsDone } from "../../../server/modules/mail/inbound/after.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { login, signupCompany, type TestApp } from "../../support/test-app.ts";
import { compose, sendRaw } from "../smtp/support.ts";
import { messageBytes, type StoredMessageRef } from "../../../server/modules/mail/store/message-bytes.ts";

export interface User {
  userId: number;
  companyId: number;
  username: string;
  token: string;
}

async function idOf(t: TestApp, username: string) {
  const [u] = await t.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, username));
  return u;
}

/** Company `domain` with its admin and a colleague "bob"; the system folders made. */
export async function companyWithColleague(t: TestApp, domain: string): Promise<{ admin: User; bob: User }> {
  const s = await signupCompany(t, { domain, name: "Alice Admin" });
  await adminApi(t).newUser(s.token, { loginId: "bob", accountName: "Bob Colleague" });
  const bobToken = (await login(t, `bob@${domain}`, USER_PASSWORD)).access_token;
  const a = await idOf(t, s.username);
  const b = await idOf(t, `bob@${domain}`);
  const admin = { userId: a.id, companyId: a.companyId, username: s.username, token: s.token };
  const bob = { userId: b.id, companyId: b.companyId, username: `bob@${domain}`, token: bobToken };
  for (const u of [admin, bob]) await t.call("GET", "/api/folders", { token: u.token });
  return { admin, bob };
}

/** One message over SMTP from `from` (envelope `envelopeFrom`, "" for a bounce) to `to`. */
export async function arrive(
  port: number,
  o: { from: string; to: string; envelopeFrom?: string; subject?: string; headers?: Record<string, string>; messageId?: string },
) {
  const raw = await compose({
    from: o.from,
    to: o.to,
    subject: o.subject ?? "Hello",
    text: "Body text",
    headers: o.headers,
    messageId: o.messageId,
  });
  const r = await sendRaw(port, { from: o.envelopeFrom ?? o.from.replace(/.*<|>.*/g, ""), to: o.to.split(",") }, raw);
  if (!r.ok) throw new Error(`SMTP: ${r.response}`);
  return r;
}

/** The user's mails with folder type and raw message, oldest first. */
export async function mailbox(t: TestApp, userId: number) {
  const rows = await t.db.db.select({ id: mails.id, folderType: mailFolders.folderType, subject: mailMessages.subject, blobKey: mailMessages.blobKey, headerPrefix: mailMessages.headerPrefix, fromAddress: mailMessages.fromAddress, textBody: mailMessages.textBody })
    .from(mails).innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(eq(mails.userId, userId)).orderBy(mails.id);
  return rows;
}

/** The stored message's bytes as text (store/message-bytes.ts: the header prefix and the blob). */
export async function rawText(t: TestApp, m: StoredMessageRef): Promise<string> {
  return new TextDecoder().decode(await messageBytes(t.deps.blobs, m));
}

/**
 * Waits (deadline 10 s) until the detached follow-ups of arrived mail (forwards, away replies:
 * inbound/after.ts), including those they cause in turn, have ended. Never a fixed sleep.
 */
export async function settle(t: TestApp): Promise<void> {
  if (!await whenFollowUpsDone(t.deps, 10_000)) throw new Error("follow-ups still running after 10 s");
}

/** Runs the outbound queue once against the relay (the test's SMTP sink), once the follow-ups have ended. */
export async function flushOutbound(t: TestApp): Promise<number> {
  await settle(t);
  return await processOutbound(t.deps, { timeoutMs: 5000 });
}

/** The acceptance link in a mail's text, as a path of this server. */
export function linkIn(text: string): { path: string; token: string } {
  const m = /https?:\/\/[^\s/]+(\/api\/mail\/forward\/accept\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return { path: m[1], token: m[2] };
}

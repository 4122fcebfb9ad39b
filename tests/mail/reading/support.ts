// Shared set-up of the reading tests: messages built with nodemailer's MailComposer and filed directly with
// fileMessage (as inbound SMTP and sending do), and small readers of the folder counters.
import MailComposer from "nodemailer/lib/mail-composer";
import { and, eq } from "drizzle-orm";
import { mailFolders, mails, users } from "../../../db/schema/index.ts";
import { fileMessage, type FilingTarget } from "../../../server/modules/mail/store/deliver.ts";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { login, type TestApp } from "../../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";

export interface BuildInput {
  from?: string;
  to?: string | string[];
  cc?: string | string[];
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: Uint8Array | string; contentType?: string; cid?: string }[];
}

export function build(m: BuildInput): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: m.from ?? "Partner Kim <kim@partner.example>",
    to: m.to ?? "someone@alpha.test",
    cc: m.cc,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: m.messageId,
    inReplyTo: m.inReplyTo,
    references: m.references,
    date: new Date("2026-11-01T09:00:00Z"),
    attachments: m.attachments?.map((a) => ({
      filename: a.filename,
      content: typeof a.content === "string" ? a.content : Buffer.from(a.content),
      contentType: a.contentType,
      cid: a.cid,
    })),
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((err: Error | null, buf: Buffer) => (err ? reject(err) : resolve(new Uint8Array(buf))))
  );
}

export interface Who {
  companyId: number;
  userId: number;
  username: string;
  token: string;
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

let tick = 0;

/** Files a message into one mailbox; each filing is one second later than the last (list order). */
export async function file(
  t: TestApp,
  who: Who,
  raw: Uint8Array | Promise<Uint8Array>,
  target: Omit<FilingTarget, "userId" | "folder"> & { folder?: FilingTarget["folder"] } = {},
): Promise<number> {
  tick++;
  const r = await fileMessage(t.deps, {
    companyId: who.companyId,
    raw: await raw,
    receivedAt: new Date(Date.UTC(2026, 10, 1) + tick * 1000),
    targets: [{ userId: who.userId, folder: "INBOX", ...target }],
  });
  return r.mails[0].mailId;
}

export async function folders(t: TestApp, who: Who) {
  return await systemFolders(t.db.db, who.companyId, who.userId);
}

export async function counts(t: TestApp, folderId: number) {
  const [f] = await t.db.db.select({ totalCount: mailFolders.totalCount, newCount: mailFolders.newCount, usedSize: mailFolders.usedSize })
    .from(mailFolders).where(eq(mailFolders.id, folderId));
  return f;
}

export async function mailRow(t: TestApp, mailId: number) {
  const [m] = await t.db.db.select().from(mails).where(eq(mails.id, mailId));
  return m;
}

export async function userFolderOfType(t: TestApp, userId: number, type: string) {
  const [f] = await t.db.db.select().from(mailFolders).where(and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, type)));
  return f;
}

/** A private folder made directly (the folders API belongs to another part). */
export async function privateFolder(t: TestApp, who: Who, name: string): Promise<number> {
  const root = (await folders(t, who)).PRIVATE_ROOT;
  const [f] = await t.db.db.insert(mailFolders).values({
    companyId: who.companyId, userId: who.userId, parentId: root, folderType: "PRIVATE", name,
  }).returning({ id: mailFolders.id });
  return f.id;
}

/** A fresh user of the company (own empty mailbox), signed in. */
export async function member(t: TestApp, admin: { token: string; companyId: number; domain: string }, loginId: string): Promise<Who> {
  const u = await adminApi(t).newUser(admin.token, { loginId, accountName: `User ${loginId}` });
  const token = (await login(t, u.username, USER_PASSWORD)).access_token;
  return { companyId: admin.companyId, userId: u.id, username: u.username, token };
}

/** The signed-up administrator as a mailbox owner. */
export async function adminWho(t: TestApp, s: { token: string; companyId: number; username: string }): Promise<Who> {
  return { companyId: s.companyId, userId: await userIdOf(t, s.username), username: s.username, token: s.token };
}

/** Text with LF or CRLF line ends, as CRLF (what a message on the wire has). */
export const crlf = (s: string) => s.replace(/\r?\n/g, "\r\n");

/**
 * A mail forwarding another as an attachment: a text body, notes.txt (attachment position 0), then `part`
 * (a whole MIME part with its headers: position 1).
 */
export const forwardingMessage = (subject: string, part: string) =>
  new TextEncoder().encode(crlf(`From: Bob <bob@partner.example>
To: sujin@alpha.test
Subject: ${subject}
Date: Sun, 01 Nov 2026 09:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="out"

--out
Content-Type: text/plain; charset=utf-8

See the forwarded mail.
--out
Content-Type: text/plain; name="notes.txt"
Content-Disposition: attachment; filename="notes.txt"

just notes
--out
${part}
--out--
`));

// The source server of the move-in tests: a private dovecot (tests/support/dovecot.ts) with "/"-separated
// folders, Sent and Trash marked by SPECIAL-USE, and mail put there over IMAP (APPEND with flags and an
// INTERNALDATE), remembered so the tests can compare every message with what the suite holds.
import { and, eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import { afterAll } from "vitest";
import { mailFolders, mailMessages, mails } from "../../../db/schema/index.ts";
import { type Dovecot, startDovecot } from "../../support/dovecot.ts";
import type { TestApp } from "../../support/test-app.ts";

export const SOURCE_PASSWORD = "old-Secret9";

/** Starts dovecot for this test file (stopped after it) with the given users. */
export async function sourceServer(users: string[]): Promise<Dovecot> {
  const d = await startDovecot(users.map((name) => ({ name, password: SOURCE_PASSWORD })), {
    specialUse: { "Sent Messages": "\\Sent", "Deleted Messages": "\\Trash" },
  });
  afterAll(() => d.stop());
  return d;
}

export interface Seeded {
  folder: string;
  messageId: string;
  subject: string;
  raw: Uint8Array;
  flags: string[];
  date: Date;
}

const BASE = Date.UTC(2024, 0, 2, 8, 15, 30);
let seq = 0;

/** A message: plain text, Korean text, or with an attachment, by its number. */
function messageOf(n: number, folder: string): { raw: string; messageId: string; subject: string } {
  const messageId = `<move-${n}-${crypto.randomUUID()}@old.example>`;
  const korean = n % 4 === 1;
  const subject = korean ? `회의록 ${n}` : `Message ${n} in ${folder}`;
  const head = [
    `From: ${korean ? "=?UTF-8?B?" + btoa(String.fromCharCode(...new TextEncoder().encode("김민수"))) + "?=" : "Sender"} <sender${n}@partner.example>`,
    "To: Old Box <old@old.example>",
    `Subject: ${korean ? "=?UTF-8?B?" + btoa(String.fromCharCode(...new TextEncoder().encode(subject))) + "?=" : subject}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date(BASE + n * 3_600_000).toUTCString().replace("GMT", "+0000")}`,
    "MIME-Version: 1.0",
  ];
  if (n % 6 === 5) {
    return {
      messageId,
      subject,
      raw: [
        ...head,
        `Content-Type: multipart/mixed; boundary="b${n}"`,
        "",
        `--b${n}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        `Body ${n} with a file`,
        `--b${n}`,
        `Content-Type: application/octet-stream; name="data-${n}.bin"`,
        "Content-Transfer-Encoding: base64",
        `Content-Disposition: attachment; filename="data-${n}.bin"`,
        "",
        btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(600)))).replace(/.{76}/g, "$&\r\n"),
        `--b${n}--`,
        "",
      ].join("\r\n"),
    };
  }
  const body = korean ? `안녕하세요, ${n}번 메일입니다.` : `Body of message ${n}.`;
  return { messageId, subject, raw: [...head, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", body, ""].join("\r\n") };
}

/** The flags of the n-th message of a folder: a mix of every kind the import must keep. */
function flagsOf(n: number, folder: string): string[] {
  const out: string[] = [];
  if (n % 3 !== 0) out.push("\\Seen");
  if (n % 5 === 0) out.push("\\Flagged");
  if (n % 7 === 0) out.push("\\Answered");
  if (n % 11 === 0) out.push("$Forwarded");
  if (folder === "Drafts") out.push("\\Draft");
  return out;
}

export async function imapClient(d: Dovecot, user: string): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: d.host,
    port: d.imapPort,
    secure: false,
    doSTARTTLS: false, // also once the test turned TLS on (its certificate is not trusted here)
    auth: { user, pass: SOURCE_PASSWORD },
    logger: false,
  });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** Makes the folders (parents first) and APPENDs `count` messages to each; answers what was put there. */
export async function seed(d: Dovecot, user: string, layout: Record<string, number>): Promise<Seeded[]> {
  const client = await imapClient(d, user);
  const out: Seeded[] = [];
  try {
    for (const [folder, count] of Object.entries(layout)) {
      if (folder !== "INBOX") await client.mailboxCreate(folder).catch(() => {}); // exists already: fine
      for (let i = 0; i < count; i++) {
        const n = ++seq;
        const m = messageOf(n, folder);
        const flags = flagsOf(n, folder);
        const date = new Date(BASE + n * 37 * 3_600_000 + (n % 60) * 1000);
        await client.append(folder, m.raw, flags, date);
        out.push({ folder, messageId: m.messageId, subject: m.subject, raw: new TextEncoder().encode(m.raw), flags, date });
      }
    }
  } finally {
    await client.logout();
  }
  return out;
}

/** Every mail of a user with its folder and message: what the assertions compare. */
export async function suiteMails(t: TestApp, userId: number) {
  return await t.db.db.select({
    id: mails.id,
    folderId: mails.folderId,
    folderType: mailFolders.folderType,
    folderName: mailFolders.name,
    mailType: mails.mailType,
    read: mails.read,
    important: mails.important,
    imapFlags: mails.imapFlags,
    receivedAt: mails.receivedAt,
    messageIdHeader: mailMessages.messageIdHeader,
    subject: mailMessages.subject,
    blobKey: mailMessages.blobKey,
  }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, and(eq(mailFolders.id, mails.folderId), eq(mailFolders.userId, mails.userId)))
    .where(eq(mails.userId, userId));
}

/** The user's folders as "type:path" of names from the top ("PRIVATE:Projects/2024"). */
export async function folderPaths(t: TestApp, userId: number): Promise<Map<number, string>> {
  const rows = await t.db.db.select().from(mailFolders).where(eq(mailFolders.userId, userId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number): string => {
    const r = byId.get(id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return parent && parent.folderType === "PRIVATE" ? `${pathOf(parent.id)}/${r.name}` : r.name;
  };
  return new Map(rows.map((r) => [r.id, `${r.folderType}:${pathOf(r.id)}`]));
}

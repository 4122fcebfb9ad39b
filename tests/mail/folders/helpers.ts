// Set-up shared by the folder and tag tests: a company with its admin's ids, mail filed straight into a
// mailbox with fileMessage (as inbound delivery does), and small readers of the tree.
import { and, eq } from "drizzle-orm";
import { mailFolders, mails, users } from "../../../db/schema/index.ts";
import { fileMessage, type FilingTarget } from "../../../server/modules/mail/store/deliver.ts";
import type { MailFolder } from "../../../shared/mail/folders.ts";
import { signupCompany, type TestApp } from "../../support/test-app.ts";

export interface Co {
  companyId: number;
  userId: number;
  username: string;
  token: string;
}

export async function company(t: TestApp, domain: string): Promise<Co> {
  const s = await signupCompany(t, { domain });
  const [{ id }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, s.username));
  return { companyId: s.companyId, userId: id, username: s.username, token: s.token };
}

let seq = 0;

/** A small message; with an attachment when asked. */
export function rawMail(subject: string, opts: { attachment?: boolean } = {}): Uint8Array {
  seq++;
  const head = [
    "From: Sender <sender@outside.example>",
    "To: someone@inside.example",
    `Subject: ${subject}`,
    `Message-ID: <folders-${seq}-${crypto.randomUUID()}@outside.example>`,
    "Date: Tue, 03 Nov 2026 09:00:00 +0000",
    "MIME-Version: 1.0",
  ];
  if (!opts.attachment) {
    return new TextEncoder().encode([...head, "Content-Type: text/plain; charset=utf-8", "", `Body of ${subject}`, ""].join("\r\n"));
  }
  return new TextEncoder().encode([
    ...head,
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Body of ${subject}`,
    "--b1",
    'Content-Type: text/plain; name="notes.txt"',
    'Content-Disposition: attachment; filename="notes.txt"',
    "",
    "attached notes",
    "--b1--",
    "",
  ].join("\r\n"));
}

/** Files one message for the user; answers the mail id and its size. */
export async function file(t: TestApp, co: Co, target: Omit<FilingTarget, "userId">, subject = "hello", attachment = false) {
  const raw = rawMail(subject, { attachment });
  const r = await fileMessage(t.deps, { companyId: co.companyId, raw, receivedAt: t.clock.now(), targets: [{ userId: co.userId, ...target }] });
  return { mailId: r.mails[0].mailId, size: raw.length };
}

export async function folderRow(t: TestApp, id: number) {
  const [row] = await t.db.db.select().from(mailFolders).where(eq(mailFolders.id, id));
  return row;
}

export async function systemFolderId(t: TestApp, co: Co, type: string): Promise<number> {
  const [row] = await t.db.db.select({ id: mailFolders.id }).from(mailFolders)
    .where(and(eq(mailFolders.userId, co.userId), eq(mailFolders.folderType, type)));
  return row.id;
}

export async function mailTags(t: TestApp, mailId: number): Promise<string[]> {
  const [row] = await t.db.db.select({ tags: mails.tags }).from(mails).where(eq(mails.id, mailId));
  return row.tags;
}

/** A node anywhere in a tree. */
export function find(tree: MailFolder[], id: number | string): MailFolder | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

export function byType(tree: MailFolder[], type: string): MailFolder {
  const n = tree.find((f) => f.folderType === type);
  if (!n) throw new Error(`no ${type} at the top of the tree`);
  return n;
}

/** Creates a folder through the API; throws unless 201. */
export async function newFolder(t: TestApp, co: Co, json: Record<string, unknown>): Promise<MailFolder> {
  const r = await t.call("POST", "/api/folders", { token: co.token, json: { folderType: "PRIVATE", ...json } });
  if (r.status !== 201) throw new Error(`create folder: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

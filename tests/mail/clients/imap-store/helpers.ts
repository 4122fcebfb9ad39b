// Set-up of the IMAP store tests: client users signed in through the real client sign-in (signInClient),
// mail arriving over real SMTP, and readers of what the web API then shows (folder counts, mail lists).
import { expect } from "vitest";
import { signInClient } from "../../../../server/modules/mail/clients/auth.ts";
import { type ClientUser, type ImapStore, ImapStoreError, type MailboxInfo } from "../../../../server/modules/mail/imap/store/types.ts";
import type { TestApp } from "../../../support/test-app.ts";
import { compose, sendRaw } from "../../smtp/support.ts";
import { CLIENT_PASSWORD, clientUser } from "../support.ts";

export interface StoreUser extends ClientUser {
  token: string;
}

/** A new company whose admin is signed in as an IMAP client. */
export async function imapUser(t: TestApp, domain: string): Promise<StoreUser> {
  const u = await clientUser(t, domain, "IMAP");
  const signed = await signInClient(t.deps, { username: u.username, password: CLIENT_PASSWORD, ip: "127.0.0.1", protocol: "IMAP" });
  return { ...signed, token: u.token };
}

let counter = 0;

/** One message over SMTP (a real conversation with the inbound listener) to the user; answers its subject. */
export async function deliver(
  port: number,
  to: string,
  o: { subject?: string; text?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const subject = o.subject ?? `Message ${++counter}`;
  const raw = await compose({ from: "Sender <sender@outside.test>", to, subject, text: o.text ?? "Body text", headers: o.headers });
  const r = await sendRaw(port, { from: "sender@outside.test", to: [to] }, raw);
  if (!r.ok) throw new Error(`SMTP: ${r.response}`);
  return subject;
}

interface FolderNode {
  id: number | string;
  folderType: string;
  totalCount: number;
  newCount: number;
  children: FolderNode[];
}

/** A folder of GET /api/folders by id (total and unread counts as the web shows them). */
export async function webFolder(t: TestApp, token: string, id: number): Promise<FolderNode> {
  const r = await t.call("GET", "/api/folders", { token });
  expect(r.status).toBe(200);
  const walk = (nodes: FolderNode[]): FolderNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const found = walk(n.children ?? []);
      if (found) return found;
    }
  };
  const found = walk(r.body);
  if (!found) throw new Error(`folder ${id} not in the tree`);
  return found;
}

/** The web's mail list of a folder. */
export async function webList(t: TestApp, token: string, folderId: number) {
  const r = await t.call("GET", `/api/mails?folderId=${folderId}&pageSize=200`, { token });
  expect(r.status).toBe(200);
  return r.body.mails as { mailId: number; readStatus: number; importantStatus: number; mailType: string }[];
}

export { until } from "../../../support/until.ts";

/** The user's mailbox of that name (it must exist). */
export async function mailboxNamed(store: ImapStore, u: ClientUser, name: string): Promise<MailboxInfo> {
  const found = await store.findMailbox(u, name);
  if (!found) throw new Error(`no mailbox ${name}`);
  return found;
}

/** The ImapStoreError code a call is refused with, or "OK". */
export async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ImapStoreError) return e.code;
    throw e;
  }
  return "OK";
}

// Set-up shared by the external account tests: a private dovecot with a few mailboxes (reconfigurable while it
// runs), the body of an account that points at it, waiting for a fetch to end, and the mails of a user's INBOX
// as stored.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { connect } from "node:net";
import { mailFolders, mailMessages, mails } from "../../../db/schema/index.ts";
import { type Dovecot, startDovecot } from "../../support/dovecot.ts";
import type { TestApp } from "../../support/test-app.ts";
import type { Co } from "../folders/helpers.ts";

export const PASSWORD = "ext-Secret9";

/** Starts dovecot for this test file with the given mailboxes (all with PASSWORD); stopped after the file. */
export async function dovecotFor(names: string[]): Promise<Dovecot> {
  const d = await startDovecot(names.map((name) => ({ name, password: PASSWORD })));
  afterAll(() => d.stop());
  return d;
}

let seq = 0;
export function message(subject: string, from = "friend@outside.example", to = "me@mail.example"): string {
  seq++;
  return [
    `From: Friend <${from}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <ext-${seq}-${crypto.randomUUID()}@outside.example>`,
    "Date: Tue, 03 Nov 2026 09:00:00 +0000",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Body of ${subject}`,
    // A line starting with a dot, byte-stuffed on the wire by POP3.
    ".dot line",
    "",
  ].join("\r\n");
}

export function accountBody(d: Dovecot, email: string, protocol: "IMAP" | "POP3", extra: Record<string, unknown> = {}) {
  return {
    serverName: "CUSTOM",
    protocol,
    host: d.host,
    port: protocol === "IMAP" ? d.imapPort : d.pop3Port,
    secure: false,
    email,
    password: PASSWORD,
    tag: "외부메일",
    keepOnServer: true,
    useSmtp: false,
    smtpHost: "127.0.0.1",
    smtpPort: 25,
    smtpSecure: false,
    privacyAgreed: true,
    ...extra,
  };
}

/**
 * Changes the running dovecot's configuration (its file rewritten by `edit`, then SIGHUP: dovecot reloads)
 * and waits, with a deadline, until `ready` says the new settings answer.
 */
export async function reconfigure(d: Dovecot, edit: (conf: string) => string, ready: () => Promise<boolean>): Promise<void> {
  const file = `${d.dir}/dovecot.conf`;
  await Deno.writeTextFile(file, edit(await Deno.readTextFile(file)));
  Deno.kill(Number((await Deno.readTextFile(`${d.dir}/run/master.pid`)).trim()), "SIGHUP");
  const until = Date.now() + 15_000;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > until) throw new Error(`dovecot did not take the new settings: ${await d.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The greeting and CAPA answer of a POP3 port (plaintext), from `localAddress` when given. */
export async function pop3Capa(port: number, localAddress?: string): Promise<string> {
  return await new Promise((ok, fail) => {
    const s = connect({ port, host: "127.0.0.1", ...(localAddress ? { localAddress } : {}) });
    let text = "";
    let asked = false;
    s.on("error", fail);
    s.on("data", (b) => {
      text += String(b);
      if (!asked && text.includes("\r\n")) {
        asked = true;
        s.write("CAPA\r\n");
      }
      if (/\r\n\.\r\n/.test(text)) {
        s.end("QUIT\r\n");
        ok(text);
      }
    });
  });
}

/** Waits until no fetch of the account runs; answers the account. */
export async function waitFetch(t: TestApp, co: Co, id: number, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const r = await t.call("GET", "/api/mail/config/external", { token: co.token });
    expect(r.status).toBe(200);
    const a = r.body.accounts.find((x: { id: number }) => x.id === id);
    if (a.fetchStatus !== "FETCHING") return a;
    if (Date.now() > until) throw new Error("fetch did not end");
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** Fetches now and waits for the end. */
export async function fetchNow(t: TestApp, co: Co, id: number, ms?: number) {
  const r = await t.call("GET", `/api/mail/config/fetch?externalIds=${id}`, { token: co.token });
  expect(r.status).toBe(200);
  return await waitFetch(t, co, id, ms);
}

/** The user's INBOX mails: subject, tags, text. */
export async function inbox(t: TestApp, co: Co) {
  return await t.db.db.select({ id: mails.id, subject: mailMessages.subject, tags: mails.tags, text: mailMessages.textBody })
    .from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(and(eq(mails.userId, co.userId), eq(mailFolders.folderType, "INBOX")))
    .orderBy(asc(mails.id));
}

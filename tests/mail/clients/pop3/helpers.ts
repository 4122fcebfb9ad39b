// Set-up shared by the POP3 tests: the servers (plain with STLS, implicit TLS) on loopback port 0 with the test
// app's deps, a raw-socket POP3 client for what poplib hides (CAPA, dot-stuffing, AUTH PLAIN, response codes),
// Python's poplib for the rest, and readers of what the store then holds.
import net from "node:net";
import { Buffer } from "node:buffer";
import { and, eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { mailFolders, mailMessages, mails } from "../../../../db/schema/index.ts";
import { startPop3Server } from "../../../../server/modules/mail/pop3/server.ts";
import { normalise } from "../../../../server/modules/mail/pop3/wire.ts";
import type { TestApp } from "../../../support/test-app.ts";
import { testTls } from "../support.ts";
import { messageBytes, type StoredMessageRef } from "../../../../server/modules/mail/store/message-bytes.ts";

/** A POP3 server for the test app on a free loopback port, closed after the file. */
export async function pop3Server(
  t: TestApp,
  implicitTls = false,
  host = "127.0.0.1",
  limits: { maxConnections?: number; idleTimeoutMs?: number } = {},
) {
  const server = await startPop3Server(t.deps, { port: 0, host, tls: await testTls(), implicitTls, ...limits });
  afterAll(() => server.close());
  return server;
}

/** A raw POP3 connection: send lines, read single-line and multi-line answers (deadline 10 s each). */
export class RawPop3 {
  private buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake?.();
    });
    socket.on("error", () => {});
  }

  static async connect(port: number, host = "127.0.0.1"): Promise<{ c: RawPop3; greeting: string }> {
    const socket = net.connect(port, host);
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const c = new RawPop3(socket);
    return { c, greeting: await c.line() };
  }

  /** Signed in with USER/PASS (answers the PASS reply). */
  static async signedIn(port: number, user: string, password: string): Promise<RawPop3> {
    const { c } = await RawPop3.connect(port);
    await c.cmd(`USER ${user}`);
    const r = await c.cmd(`PASS ${password}`);
    if (!r.startsWith("+OK")) throw new Error(`sign-in: ${r}`);
    return c;
  }

  send(text: string) {
    this.socket.write(text);
  }

  async cmd(line: string): Promise<string> {
    this.send(line + "\r\n");
    return await this.line();
  }

  /** The next line without CRLF; "" once the connection closed with nothing left. */
  async line(): Promise<string> {
    const bytes = await this.until((b) => b.indexOf("\r\n"), 2);
    return bytes.toString("latin1");
  }

  /** The body of a multi-line answer, as sent (still dot-stuffed), up to and without the ".\r\n" line. */
  async multi(): Promise<Buffer> {
    return await this.until((b) => {
      if (b.subarray(0, 3).toString("latin1") === ".\r\n") return 0; // an empty body
      const end = b.indexOf("\r\n.\r\n");
      return end < 0 ? -1 : end + 2; // the body keeps its last CRLF
    }, 3);
  }

  private async until(find: (b: Buffer) => number, skip: number): Promise<Buffer> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const at = find(this.buffer);
      if (at >= 0) {
        const out = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + skip);
        return out;
      }
      if (this.closed) return Buffer.alloc(0);
      if (Date.now() > deadline) throw new Error(`no answer; have ${JSON.stringify(this.buffer.toString("latin1"))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Waits until the server closed the connection. */
  async whenClosed(): Promise<void> {
    await this.until(() => -1, 0).catch(() => {});
  }

  destroy() {
    this.socket.destroy();
  }
}

/** The user's mails with their folder type, pop3/read state and raw blob key, oldest first (POP3 order). */
export async function mailsOf(t: TestApp, userId: number) {
  return await t.db.db.select({
    id: mails.id,
    folderType: mailFolders.folderType,
    subject: mailMessages.subject,
    blobKey: mailMessages.blobKey,
    headerPrefix: mailMessages.headerPrefix,
    read: mails.read,
    readAt: mails.readAt,
    prevFolderId: mails.prevFolderId,
    pop3FetchedAt: mails.pop3FetchedAt,
  }).from(mails).innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(eq(mails.userId, userId)).orderBy(mails.receivedAt, mails.id);
}

/** The inbox mails, oldest first. */
export async function inboxOf(t: TestApp, userId: number) {
  return (await mailsOf(t, userId)).filter((m) => m.folderType === "INBOX");
}

/** The stored message as POP3 must send it: CRLF line endings, ending with CRLF. */
export async function wireBytes(t: TestApp, m: StoredMessageRef): Promise<Buffer> {
  return normalise(await messageBytes(t.deps.blobs, m));
}

export async function folderIdOf(t: TestApp, userId: number, folderType: string): Promise<number> {
  const [f] = await t.db.db.select({ id: mailFolders.id }).from(mailFolders)
    .where(and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, folderType)));
  return f.id;
}

// Set-up of the IMAP session tests: the test app, its inbound SMTP listener (mail arrives over real SMTP),
// the IMAP server on a free loopback port with the test certificate, and readers of a user's folders and
// mails as the web API and the database show them.
import { afterAll } from "vitest";
import { and, eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import { connect } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/index.ts";
import { createDeps } from "../../../../server/deps.ts";
import { startImapServer } from "../../../../server/modules/mail/imap/server.ts";
import { createTestApp, type TestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { python, testTls } from "../support.ts";

export async function imapSetup(opts: { idlePollMs?: number } = {}) {
  const t = await createTestApp();
  const smtp = await listen(t.deps, localResolver({}));
  const imap = await startImapServer(t.deps, {
    port: 0,
    host: "127.0.0.1",
    tls: await testTls(),
    implicitTls: false,
    idlePollMs: opts.idlePollMs ?? 100,
  });
  afterAll(() => imap.close());
  return { t, smtp, imap };
}

/**
 * A second server instance's IMAP listener on the same database and blob store, with its own connection pool
 * (as another process behind the load balancer would have).
 */
export async function secondImapInstance(t: TestApp) {
  const db = connect(t.databaseUrl, 2);
  const deps = await createDeps(t.deps.config, db, t.deps.log, { clock: t.clock, blobs: t.deps.blobs });
  const imap = await startImapServer(deps, { port: 0, host: "127.0.0.1", tls: await testTls(), implicitTls: false, idlePollMs: 100 });
  afterAll(async () => {
    await imap.close();
    await db.close();
  });
  return imap;
}

/** An imapflow client for `user` on the test server's plain port, upgraded with STARTTLS (the test certificate). */
export function imapflowClient(
  port: number,
  user: { username: string; password: string },
  extra: Partial<ConstructorParameters<typeof ImapFlow>[0]> = {},
): ImapFlow {
  return new ImapFlow({
    host: "127.0.0.1",
    port,
    secure: false,
    doSTARTTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: user.username, pass: user.password },
    logger: false,
    ...extra,
  });
}

/** The folder id of a system folder (INBOX, SENT, ...) or of a private folder by name. */
export async function folderId(t: TestApp, userId: number, which: { type?: string; name?: string }): Promise<number | null> {
  const where = which.type
    ? and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, which.type))
    : and(eq(mailFolders.userId, userId), eq(mailFolders.name, which.name!));
  const [f] = await t.db.db.select({ id: mailFolders.id }).from(mailFolders).where(where);
  return f?.id ?? null;
}

/** The web API's list of a folder. */
export async function webList(t: TestApp, token: string, folderId: number) {
  const r = await t.call("GET", `/api/mails?folderId=${folderId}&pageSize=200`, { token });
  if (r.status !== 200) throw new Error(`GET /api/mails: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.mails as { mailId: number; subject: string; readStatus: 0 | 1; importantStatus: 0 | 1; folderId: number }[];
}

export { until } from "../../../support/until.ts";

/**
 * The start of the imaplib session scripts: argv port, user, password; text() of a bytes answer, texts() of
 * a list of them, session() opens a signed-in connection; the script fills `out`, printed as JSON at the end.
 */
export const IMAPLIB_PRELUDE = `
import imaplib, json, sys, threading
port, user, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def text(v):
    return v.decode() if isinstance(v, bytes) else v
def texts(data):
    return [text(d) for d in data if d is not None]
def session():
    c = imaplib.IMAP4("127.0.0.1", port)
    c.login(user, password)
    return c
out = {}
`;

/** Runs `body` after IMAPLIB_PRELUDE as `user` against the server on `port`; answers the script's `out`. */
// deno-lint-ignore no-explicit-any
export function imaplibRun<T = Record<string, any>>(
  port: number,
  user: { username: string; password: string },
  body: string,
  extraArgs: (string | number)[] = [],
  timeoutMs?: number,
): Promise<T> {
  return python<T>(IMAPLIB_PRELUDE + body + "\nprint(json.dumps(out))", [port, user.username, user.password, ...extraArgs], timeoutMs);
}

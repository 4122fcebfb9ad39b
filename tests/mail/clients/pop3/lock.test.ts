// The POP3 maildrop lock across server instances (pop3/maildrop-lock.ts, table mail_pop3_locks): two POP3
// servers on one database stand for two instances. A session on one keeps the other out ([IN-USE]) until its
// QUIT; a lock left by an instance that died keeps the mailbox locked until its lease runs out, then a new
// session takes it over; a session whose lock was taken over removes nothing at QUIT; a dropped connection
// and a server's shutdown release their locks.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { mailPop3Locks } from "../../../../db/schema/index.ts";
import { startPop3Server } from "../../../../server/modules/mail/pop3/server.ts";
import { fileMessage } from "../../../../server/modules/mail/store/deliver.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { until } from "../../../support/until.ts";
import { type ClientTestUser, clientUser, enableClients, testTls } from "../support.ts";
import { inboxOf, pop3Server, RawPop3 } from "./helpers.ts";

const t = await createTestApp();
const one = await pop3Server(t);
const two = await pop3Server(t);
let U: ClientTestUser;

const lockOf = async (userId: number) => (await t.db.db.select().from(mailPop3Locks).where(eq(mailPop3Locks.userId, userId)))[0];

async function signIn(port: number) {
  const { c } = await RawPop3.connect(port);
  await c.cmd(`USER ${U.username}`);
  return { c, reply: await c.cmd(`PASS ${U.password}`) };
}

beforeAll(async () => {
  U = await clientUser(t, "pop-lock.test", "POP3");
  await enableClients(t, U, "POP3", { pop3FetchRange: "ALL", pop3Del: true });
  const raw = new TextEncoder().encode("From: far@remote.example\r\nTo: someone\r\nSubject: keep me\r\n\r\nbody\r\n");
  await fileMessage(t.deps, { companyId: U.companyId, raw, receivedAt: t.clock.now(), targets: [{ userId: U.userId, folder: "INBOX" }] });
});

describe("POP3 maildrop lock across instances", () => {
  test("a session on one instance keeps the other out until its QUIT", async () => {
    const first = await signIn(one.port);
    expect(first.reply).toMatch(/^\+OK/);
    expect(await lockOf(U.userId)).toBeDefined();
    const second = await signIn(two.port);
    expect(second.reply).toMatch(/^-ERR \[IN-USE\]/);
    expect(await first.c.cmd("QUIT")).toMatch(/^\+OK/);
    expect(await lockOf(U.userId)).toBeUndefined(); // gone before the +OK
    await second.c.cmd(`USER ${U.username}`);
    expect(await second.c.cmd(`PASS ${U.password}`)).toMatch(/^\+OK/);
    expect(await second.c.cmd("QUIT")).toMatch(/^\+OK/);
  });

  test("a lock left by an instance that died holds until its lease ends, then is taken over", async () => {
    await t.db.db.insert(mailPop3Locks).values({ userId: U.userId, companyId: U.companyId, token: "dead-instance", expiresAt: sql`now() + interval '2 minutes'` });
    const early = await signIn(one.port);
    expect(early.reply).toMatch(/^-ERR \[IN-USE\]/);
    await t.db.db.update(mailPop3Locks).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(mailPop3Locks.userId, U.userId));
    await early.c.cmd(`USER ${U.username}`);
    expect(await early.c.cmd(`PASS ${U.password}`)).toMatch(/^\+OK/);
    const row = await lockOf(U.userId);
    expect(row.token).not.toBe("dead-instance");
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000); // a fresh lease (database clock)
    expect(await early.c.cmd("QUIT")).toMatch(/^\+OK/);
    expect(await lockOf(U.userId)).toBeUndefined();
  });

  test("a session whose lock was taken over removes nothing at QUIT", async () => {
    const stale = await signIn(one.port);
    expect(stale.reply).toMatch(/^\+OK 1 messages/);
    expect(await stale.c.cmd("DELE 1")).toMatch(/^\+OK/);
    // Its instance stalled past the lease and a session elsewhere took the mailbox.
    await t.db.db.update(mailPop3Locks).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(mailPop3Locks.userId, U.userId));
    const other = await signIn(two.port);
    expect(other.reply).toMatch(/^\+OK/);
    expect(await stale.c.cmd("QUIT")).toMatch(/^-ERR \[IN-USE\] .*no messages were removed/);
    await stale.c.whenClosed();
    expect((await inboxOf(t, U.userId)).map((m) => m.subject)).toEqual(["keep me"]);
    expect(await lockOf(U.userId)).toBeDefined(); // the other session's lock stays
    expect(await other.c.cmd("QUIT")).toMatch(/^\+OK/);
  });

  test("a dropped connection releases its lock", async () => {
    const dropped = await signIn(two.port);
    expect(dropped.reply).toMatch(/^\+OK/);
    dropped.c.destroy();
    await until(async () => !(await lockOf(U.userId)), "the lock released");
    const next = await signIn(one.port);
    expect(next.reply).toMatch(/^\+OK/);
    expect(await next.c.cmd("QUIT")).toMatch(/^\+OK/);
  });

  test("closing a server releases the locks of its sessions", async () => {
    const third = await startPop3Server(t.deps, { port: 0, host: "127.0.0.1", tls: await testTls(), implicitTls: false });
    const open = await signIn(third.port);
    expect(open.reply).toMatch(/^\+OK/);
    await third.close();
    expect(await lockOf(U.userId)).toBeUndefined();
    const next = await signIn(one.port);
    expect(next.reply).toMatch(/^\+OK/);
    expect(await next.c.cmd("QUIT")).toMatch(/^\+OK/);
  });
});

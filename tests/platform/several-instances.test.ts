// Two real server processes (server/main.ts) on one database and one S3 bucket (s3rver on loopback), each with
// its own DATA_DIR, both running the timed jobs, as two instances behind a load balancer would:
// - mail received over SMTP by instance A is read, flagged and moved through the HTTP API of instance B, and an
//   IMAP client idling on B sees it arrive, turn \Seen and \Flagged, and leave the INBOX;
// - scheduled mails that fall due while both run go out once each (the job's rows are claimed with SKIP LOCKED);
// - A killed outright (SIGKILL) in the middle of deliveries loses nothing it acknowledged with 250: B serves
//   every such message, its raw bytes read back from the bucket;
// - an instance whose blob store settings or bucket are wrong stops at start, naming what is wrong.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImapFlow } from "imapflow";
import { and, eq, inArray } from "drizzle-orm";
import { freePort } from "../../db/embedded.ts";
import { mailFolders, mailMessages, mails, users } from "../../db/schema/index.ts";
import { adminApi } from "../support/admin-api.ts";
import { startS3Server } from "../support/s3-server.ts";
import { type ServerProcess, spawnServer } from "../support/server-process.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { compose, sendRaw } from "../mail/smtp/support.ts";
import { CLIENT_PASSWORD, enableClients } from "../mail/clients/support.ts";
import { imapflowClient } from "../mail/clients/imap/helpers.ts";

const s3 = await startS3Server(["shared-blobs"]);
const t = await createTestApp(s3.env("shared-blobs"));
const tls = new URL("../support/tls/", import.meta.url).pathname;
const DOMAIN = "instances.test";
const SCHEDULED = 4;

interface Instance {
  name: string;
  proc: ServerProcess;
  http: string;
  smtpPort: number;
  imapPort: number;
  dataDir: string;
}
const instances: Instance[] = [];

async function start(name: string): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), `gw-instance-${name}-`));
  const [httpPort, smtpPort, imapPort] = [await freePort(), await freePort(), await freePort()];
  const proc = spawnServer({
    ...s3.env("shared-blobs"),
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(httpPort),
    HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_HOST: "127.0.0.1",
    SMTP_PREPARE_WORKERS: "1",
    MAIL_CLIENTS_HOST: "127.0.0.1",
    IMAP_PORT: String(imapPort),
    TLS_CERT_FILE: `${tls}test-cert.pem`,
    TLS_KEY_FILE: `${tls}test-key.pem`,
    SMTP_RELAY_URL: t.smtp.url,
    MAIL_HOSTNAME: `${name}.${DOMAIN}`,
    JOBS_ENABLED: "true",
    LOG_LEVEL: "info",
  });
  const instance = { name, proc, http: `http://127.0.0.1:${httpPort}`, smtpPort, imapPort, dataDir };
  instances.push(instance);
  return instance;
}

let A: Instance;
let B: Instance;
let admin: Awaited<ReturnType<typeof signupCompany>>;
let adminId = 0;
let started = 0;

beforeAll(async () => {
  admin = await signupCompany(t, { domain: DOMAIN });
  await adminApi(t).newUser(admin.token, { loginId: "bob", accountName: "Bob" });
  [{ id: adminId }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, admin.username));
  await t.call("GET", "/api/folders", { token: admin.token }); // the system folders
  await enableClients(t, { userId: adminId, companyId: admin.companyId, token: admin.token }, "IMAP");
  // Due a moment from now: both instances' scheduled-send jobs find them on their first ticks.
  for (let i = 0; i < SCHEDULED; i++) {
    const r = await t.call("POST", "/api/mails/v2/send", {
      token: admin.token,
      json: { to: [`bob@${DOMAIN}`, "friend@remote.example"], subject: `scheduled ${i}`, isReserve: true, reserveDate: t.clock.now().getTime() + 500 },
    });
    if (r.status !== 200 || !r.body.reserved) throw new Error(`reserve: ${r.status} ${JSON.stringify(r.body)}`);
  }
  [A, B] = await Promise.all([start("a"), start("b")]);
  await Promise.all([A, B].map((i) => i.proc.waitFor("jobs started", 45_000)));
  started = Date.now();
}, 90_000);

afterAll(async () => {
  for (const i of instances) {
    try {
      i.proc.child.kill("SIGKILL");
      await i.proc.child.status;
    } catch { /* already gone */ }
    await rm(i.dataDir, { recursive: true, force: true });
  }
  await s3.close();
});

async function api(i: Instance, method: string, path: string, json?: unknown) {
  const r = await fetch(i.http + path, {
    method,
    headers: { authorization: `Bearer ${admin.token}`, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await r.text();
  return { status: r.status, text, body: text && r.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

const folderOf = async (type: string) =>
  (await t.db.db.select({ id: mailFolders.id }).from(mailFolders).where(and(eq(mailFolders.userId, adminId), eq(mailFolders.folderType, type))))[0].id;

describe("two instances on one database and one bucket", () => {
  test("mail received by A is read, flagged and moved through B's API, and seen by an IMAP client idling on B", async () => {
    const client: ImapFlow = imapflowClient(B.imapPort, { username: admin.username, password: CLIENT_PASSWORD });
    await client.connect();
    try {
      const before = (await client.mailboxOpen("INBOX")).exists; // (imapflow updates the mailbox object as it goes)
      const events = { exists: [] as number[], flags: [] as Set<string>[], expunge: 0 };
      client.on("exists", (e: { count: number }) => events.exists.push(e.count));
      client.on("flags", (e: { flags: Set<string> }) => events.flags.push(e.flags));
      client.on("expunge", () => events.expunge++);
      const idling = client.idle();

      const raw = await compose({ from: "kim@partner.example", to: admin.username, subject: "across instances", text: "delivered to A, read on B" });
      const sent = await sendRaw(A.smtpPort, { from: "kim@partner.example", to: [admin.username] }, raw);
      expect(sent.ok, sent.response).toBe(true);
      await until(() => events.exists.includes(before + 1), "the IMAP client on B to see the new mail");

      const inbox = await folderOf("INBOX");
      const list = await api(B, "GET", `/api/mails?folderId=${inbox}&pageSize=50`);
      const mail = (list.body.mails as { mailId: number; subject: string; readStatus: number }[]).find((m) => m.subject === "across instances")!;
      expect(mail.readStatus).toBe(0);
      const view = await api(B, "GET", `/api/mails/view/${mail.mailId}`); // the body from the blob A stored
      expect(view.status).toBe(200);
      expect(view.body.content).toContain("delivered to A, read on B");
      const original = await api(B, "GET", `/api/mails/view/original/${mail.mailId}/view`);
      expect(original.text.endsWith(raw.toString("utf8"))).toBe(true);
      await until(() => events.flags.some((f) => f.has("\\Seen")), "\\Seen on the IMAP client");

      expect((await api(B, "PUT", "/api/mails/importantStatus", { mailIds: [mail.mailId], importantStatus: 1 })).status).toBe(200);
      await until(() => events.flags.some((f) => f.has("\\Flagged")), "\\Flagged on the IMAP client");

      const folder = await api(B, "POST", "/api/folders", { folderType: "PRIVATE", nameFolder: "Moved across" });
      expect(folder.status).toBe(201);
      const moved = await api(B, "PUT", "/api/mails/folderId", { mailIds: [mail.mailId], targetFolderId: folder.body.id });
      expect(moved.status).toBe(200);
      await until(() => events.expunge > 0, "the move to leave the INBOX on the IMAP client");

      // A answers the same: the mail is in the new folder, read and important.
      const there = await api(A, "GET", `/api/mails?folderId=${folder.body.id}&pageSize=50`);
      expect(there.body.mails.map((m: { subject: string; readStatus: number; importantStatus: number }) => [m.subject, m.readStatus, m.importantStatus]))
        .toEqual([["across instances", 1, 1]]);
      await client.noop(); // ends IDLE
      await idling;
    } finally {
      await client.logout().catch(() => {});
    }
  });

  test("scheduled mails that fell due while both ran went out once each", async () => {
    const bob = (await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, `bob@${DOMAIN}`)))[0].id;
    const copies = async () =>
      (await t.db.db.select({ subject: mailMessages.subject }).from(mails).innerJoin(mailMessages, eq(mails.messageId, mailMessages.id))
        .where(eq(mails.userId, bob))).map((r) => r.subject).sort();
    const relayed = () => t.smtp.messages.filter((m) => m.to.includes("friend@remote.example")).map((m) => m.subject).sort();
    const expected = Array.from({ length: SCHEDULED }, (_, i) => `scheduled ${i}`);
    await until(async () => (await copies()).length >= SCHEDULED && relayed().length >= SCHEDULED, "the scheduled mails", 30_000);
    // Both job runners tick every 15 s: once both have ticked again, nothing may have gone out twice.
    await until(() => Date.now() - started > 16_000, "a second tick of both instances' jobs", 20_000);
    expect(await copies()).toEqual(expected);
    expect(relayed()).toEqual(expected);
    const sentCopies = await t.db.db.select({ type: mails.mailType }).from(mails).innerJoin(mailMessages, eq(mails.messageId, mailMessages.id))
      .where(and(eq(mails.userId, adminId), inArray(mailMessages.subject, expected)));
    expect(sentCopies.map((r) => r.type)).toEqual(Array(SCHEDULED).fill("SENT"));
  }, 60_000);

  test("A killed in the middle of deliveries loses nothing it acknowledged; B serves every such mail", async () => {
    const TOTAL = 150, SENDERS = 8, KILL_AFTER = 30;
    const raws = await Promise.all(Array.from({ length: TOTAL }, (_, i) =>
      compose({ from: "bulk@partner.example", to: admin.username, subject: `kill-${i}`, text: `message ${i} `.repeat(300) })));
    const acked = new Map<number, string>();
    const refused: string[] = [];
    let next = 0;
    let killed = false;
    const sender = async () => {
      while (next < TOTAL) {
        const i = next++;
        const r = await sendRaw(A.smtpPort, { from: "bulk@partner.example", to: [admin.username] }, raws[i]);
        if (r.ok) acked.set(i, r.response);
        else refused.push(r.response);
        if (!killed && acked.size >= KILL_AFTER) {
          killed = true;
          A.proc.child.kill("SIGKILL"); // other senders are mid-conversation right now
        }
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    expect((await A.proc.child.status).signal).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.size).toBeLessThan(TOTAL);
    expect(refused.filter((r) => /^[45]\d\d /.test(r))).toEqual([]); // refused only by the dead server

    const subjects = [...acked.keys()].map((i) => `kill-${i}`);
    const rows = await t.db.db.select({ subject: mailMessages.subject, mailId: mails.id }).from(mails)
      .innerJoin(mailMessages, eq(mails.messageId, mailMessages.id))
      .where(and(eq(mails.userId, adminId), inArray(mailMessages.subject, subjects)));
    const bySubject = new Map(rows.map((r) => [r.subject, r.mailId]));
    for (const [i, reply] of acked) {
      const mailId = bySubject.get(`kill-${i}`);
      expect(mailId, `acknowledged kill-${i} (${reply}) is missing`).toBeDefined();
      const original = await api(B, "GET", `/api/mails/view/original/${mailId}/view`);
      expect(original.status).toBe(200);
      expect(original.text.endsWith(raws[i].toString("utf8"))).toBe(true);
    }
    // B takes mail on its own SMTP port as before.
    const after = await sendRaw(B.smtpPort, { from: "bulk@partner.example", to: [admin.username] }, await compose({ from: "bulk@partner.example", to: admin.username, subject: "after A died", text: "ok" }));
    expect(after.ok, after.response).toBe(true);
    // Neither instance logged an error all along (the jobs, the blob collector's pass over the bucket included).
    for (const i of [A, B]) expect(i.proc.output().split("\n").filter((l) => / ERROR /.test(l))).toEqual([]);
  }, 60_000);
});

describe("an instance whose blob store cannot be used", () => {
  test("stops at start with a message naming the setting or the bucket", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "gw-instance-bad-"));
    try {
      const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", SMTP_ENABLED: "false", MAIL_CLIENTS_ENABLED: "false", JOBS_ENABLED: "false" };
      const unnamed = spawnServer({ ...env, BLOB_STORE: "s3" });
      expect((await unnamed.exited).code).toBe(2);
      expect(unnamed.output()).toContain("S3_BUCKET: required when BLOB_STORE=s3");
      const missing = spawnServer({ ...env, ...s3.env("no-such-bucket") });
      expect((await missing.exited).code).toBe(1);
      expect(missing.output()).toContain('bucket "no-such-bucket" cannot be used: no such bucket');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 45_000);
});

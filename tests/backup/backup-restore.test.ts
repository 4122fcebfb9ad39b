// Backup and restore, end to end: a database filled through the API with every module there is (companies,
// organisations, users, mail with attachments sent and received over SMTP, folders, tags, a shared folder,
// settings, signatures, announcements), backed up while an SMTP sender keeps delivering, then restored by
// the real scripts into a fresh embedded installation and into a fresh database on Debian's PostgreSQL 15.
// Both copies must hold exactly the rows of the backup's snapshot and every blob byte for byte, and a user
// signs in on the restored copy and reads a mail and its attachment. Broken archives are refused with a
// clear message and leave the target as it was.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { gunzipSync, gzipSync } from "node:zlib";
import { join } from "node:path";
import postgres from "postgres";
import { backupToFile } from "../../server/backup/backup.ts";
import { readArchive } from "../../server/backup/read-archive.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import { FileBlobStore } from "../../server/lib/blobs.ts";
import { startEmbedded } from "../../db/embedded.ts";
import { EMBEDDED_DB_NAME } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { api, world, type World } from "../mail/shared/support.ts";
import { upload } from "../mail/compose/helpers.ts";
import { listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { appOn, debianPostgresDatabase, dumpTables, runScript, stopDebianPostgres } from "./support.ts";
import { PW } from "../share/share-helpers.ts";

const t: TestApp = await createTestApp();
const listener = await listen(t.deps, localResolver({}));
let W: World;
const work = await Deno.makeTempDir({ prefix: "gw-backup-test-" });
afterAll(() => Deno.remove(work, { recursive: true }).catch(() => {}));
afterAll(stopDebianPostgres);
const archive = join(work, "backup.tar.gz");
const attachment = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
let snapshotRows: Record<string, string[]> = {};
let snapshotKeys: string[] = [];

/** The blob keys rows refer to (the mail module's three columns, all there are today). */
const REFERENCED = "select blob_key as k from mail_messages union select blob_key from mail_uploads union select blob_key from mail_large_files";

let sent = 0;
function inbound(n: number) {
  const subject = `Inbound ${n} 받은 메일`;
  const raw = [
    "From: Partner <partner@outside.example>",
    `To: ${W.alice.username}`,
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString("base64")}?=`,
    `Message-ID: <inbound-${n}-${crypto.randomUUID()}@outside.example>`,
    "Date: Fri, 04 Dec 2026 09:00:00 +0900",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Delivery number ${n}`,
    "",
  ].join("\r\n");
  return sendRaw(listener.port, { from: "partner@outside.example", to: [W.alice.username] }, raw);
}

/** Keeps delivering over SMTP until stopped; answers how many were accepted. */
function keepDelivering() {
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const r = await inbound(++sent);
      if (!r.ok) throw new Error(`delivery refused: ${r.response}`);
    }
  })();
  return { stop: () => (stop = true, done) };
}

async function mailCount(sql: postgres.Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from mails`;
  return n;
}

beforeAll(async () => {
  W = await world(t, "backup.test");
  const a = api(t);
  // Mail with an attachment, sent inside the company.
  const up = await upload(t, W.alice.token, "계약서.bin", attachment);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const send = await t.call("POST", "/api/mails/v2/send", {
    token: W.alice.token,
    json: { to: [W.bob.username, W.carol.username], subject: "견적서 보내드립니다", content: "<p>첨부 확인 부탁드립니다</p>", attachments: [up.body.id] },
  });
  expect(send.status, JSON.stringify(send.body)).toBe(200);
  // A folder of her own, shared with the team; a tag; settings; a signature; an announcement.
  const folder = await t.call("POST", "/api/folders", { token: W.alice.token, json: { folderType: "PRIVATE", nameFolder: "거래처" } });
  expect(folder.status, JSON.stringify(folder.body)).toBe(201);
  await a.share(W.alice, folder.body.id, [{ memberType: "ORGANIZATION", memberId: W.team, permission: 2 }]);
  expect((await t.call("POST", `/api/tag/${encodeURIComponent("중요")}`, { token: W.alice.token })).status).toBeLessThan(300);
  expect((await t.call("PUT", "/api/mail/config/splitView", { token: W.alice.token, form: { splitView: "true", showFirstMail: "1" } })).status).toBeLessThan(300);
  const sign = await t.call("POST", "/api/mail/config/sign", { token: W.alice.token, form: { title: "기본", signStyle: "LINE", contents: "<p>김앨리스 드림</p>" } });
  expect(sign.status, JSON.stringify(sign.body)).toBeLessThan(300);
  const ann = await t.call("POST", "/api/admin/announcements", { token: W.A.admin.token, form: { title: "백업 공지", contents: "<p>점검</p>" } });
  expect(ann.status, JSON.stringify(ann.body)).toBeLessThan(300);
  for (let i = 0; i < 5; i++) expect((await inbound(++sent)).ok).toBe(true);
});

describe("backup while mail arrives, restore on a fresh installation", () => {
  test("the archive holds exactly the snapshot's rows and the blobs they refer to", async () => {
    const sender = keepDelivering();
    while (sent < 10) await new Promise((r) => setTimeout(r, 20));
    let atSnapshot = 0;
    const summary = await backupToFile(archive, {
      sql: t.deps.sql,
      blobs: t.deps.blobs,
      onSnapshot: async (id) => {
        snapshotRows = await dumpTables(t.deps.sql, id);
        snapshotKeys = await t.deps.sql.begin("isolation level repeatable read read only", async (tx) => {
          await tx.unsafe(`set transaction snapshot '${id}'`);
          return (await tx.unsafe<{ k: string }[]>(REFERENCED)).map((r) => r.k);
        });
        atSnapshot = sent;
        // Deliveries go on while the backup is being written.
        while (sent < atSnapshot + 5) await new Promise((r) => setTimeout(r, 20));
      },
    });
    await sender.stop();
    const now = await mailCount(t.deps.sql);
    expect(now).toBeGreaterThan(snapshotRows.mails.length); // mail arrived after the snapshot...
    expect(summary.rows).toBe(Object.values(snapshotRows).reduce((n, rows) => n + rows.length, 0)); // ...and is not in it
    expect(summary.missingBlobs).toBe(0);
    // Every blob the snapshot's rows refer to: the upload, the sent mail, the inbound ones before it.
    expect(snapshotKeys.length).toBeGreaterThanOrEqual(10);
    expect(summary.blobs).toBe(snapshotKeys.length);

    const ok = await runScript("backup-verify", ["--in", archive], {});
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("every checksum and count agrees");
  });

  async function expectSameAsSnapshot(databaseUrl: string, dataDir: string) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const restored = await dumpTables(sql);
      expect(Object.keys(restored).sort()).toEqual(Object.keys(snapshotRows).sort());
      for (const [table, rows] of Object.entries(snapshotRows)) expect(restored[table], table).toEqual(rows);
      // Every blob the restored rows refer to, byte for byte.
      const keys = await sql.unsafe<{ k: string }[]>(REFERENCED);
      expect(keys.map((r) => r.k).sort()).toEqual([...snapshotKeys].sort());
      const store = new FileBlobStore(join(dataDir, "blobs"));
      expect(keys.length).toBeGreaterThan(10);
      for (const { k } of keys) expect(Buffer.from(await store.get(k)).equals(Buffer.from(await t.deps.blobs.get(k))), k).toBe(true);
    } finally {
      await sql.end();
    }
  }

  async function signInAndRead(databaseUrl: string, dataDir: string) {
    const restored = await appOn(databaseUrl, dataDir);
    try {
      const tokens = await restored.call("POST", "/oauth/token", {
        headers: { authorization: (await import("../../shared/auth.ts")).OAUTH_BASIC_HEADER },
        form: { grant_type: "password", username: W.bob.username, password: PW },
      });
      expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
      const token = tokens.body.access_token;
      const list = await restored.call("GET", "/api/mails?folderId=-1&pageSize=50", { token });
      expect(list.status).toBe(200);
      const rows = list.body.mails as { mailId: number; subject: string }[];
      const mail = rows.find((m) => m.subject === "견적서 보내드립니다");
      expect(mail, JSON.stringify(list.body).slice(0, 500)).toBeTruthy();
      const view = await restored.call("GET", `/api/mails/view/${mail!.mailId}`, { token });
      expect(view.status).toBe(200);
      expect(JSON.stringify(view.body)).toContain("첨부 확인 부탁드립니다");
      const file = await restored.call("GET", `/api/mails/view/${mail!.mailId}/attach/0`, { token });
      expect(file.status).toBe(200);
      expect(Buffer.from(file.bytes).equals(Buffer.from(attachment))).toBe(true);
    } finally {
      await restored.close();
    }
  }

  test("restore into a fresh embedded installation: same rows, same blobs, and a user reads a mail", async () => {
    const dataDir = join(work, "embedded");
    await Deno.mkdir(dataDir, { mode: 0o755 });
    await Deno.chmod(work, 0o755);
    const r = await runScript("restore", ["--in", archive], { DATA_DIR: dataDir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/restored .* \d+ rows, \d+ blobs/);
    const pg = await startEmbedded({ dir: join(dataDir, "postgres"), port: 0 });
    try {
      const url = pg.url.replace(/\/postgres$/, `/${EMBEDDED_DB_NAME}`);
      await expectSameAsSnapshot(url, dataDir);
      await signInAndRead(url, dataDir);
    } finally {
      await pg.stop();
    }
  });

  let pg15 = "";
  const pg15Dir = join(work, "pg15");

  test("restore into a fresh database on Debian's PostgreSQL 15: same rows, same blobs, and a user reads a mail", async () => {
    pg15 = await debianPostgresDatabase();
    await Deno.mkdir(pg15Dir);
    const r = await runScript("restore", ["--in", archive], { DATABASE_URL: pg15, DATA_DIR: pg15Dir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    await expectSameAsSnapshot(pg15, pg15Dir);
    await signInAndRead(pg15, pg15Dir);
  });

  test("a target that holds data is refused without --force, and replaced with it", async () => {
    const refused = await runScript("restore", ["--in", archive], { DATABASE_URL: pg15, DATA_DIR: pg15Dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the target installation holds data");
    const sql = postgres(pg15, { max: 1, onnotice: () => {} });
    await sql`update users set account_name = 'changed since'`;
    await sql.end();
    const forced = await runScript("restore", ["--in", archive, "--force"], { DATABASE_URL: pg15, DATA_DIR: pg15Dir });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    await expectSameAsSnapshot(pg15, pg15Dir);
  });
});

describe("broken archives", () => {
  /** The archive's tar bytes with `change` applied, gzipped again. */
  async function tampered(name: string, change: (tar: Buffer) => void): Promise<string> {
    const tar = gunzipSync(await Deno.readFile(archive));
    change(tar);
    const path = join(work, name);
    await Deno.writeFile(path, gzipSync(tar));
    return path;
  }

  /** Where the bytes of the tar entry `name` start. */
  function entryOffset(tar: Buffer, name: string): number {
    for (let at = 0; at + 512 <= tar.length;) {
      const entry = tar.subarray(at, at + 100).toString("utf8").replace(/\0.*$/s, "");
      const size = parseInt(tar.subarray(at + 124, at + 136).toString("utf8").replace(/\0.*$/s, ""), 8);
      if (entry === name) return at + 512;
      at += 512 + Math.ceil(size / 512) * 512;
    }
    throw new Error(`no entry ${name}`);
  }

  /**
   * Restores `file` into a fresh database and data folder (in this process: the script's own way is proven
   * above); answers the error and what is left behind.
   */
  async function restoreBroken(file: string) {
    const url = await debianPostgresDatabase();
    const dataDir = await Deno.makeTempDir({ dir: work });
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    const blobs = new FileBlobStore(join(dataDir, "blobs"));
    const progress: string[] = [];
    let error = "";
    try {
      await restoreFromFile(file, { sql, blobs, tmpDir: dataDir, migrate: () => Promise.resolve(), progress: (l) => progress.push(l) });
    } catch (e) {
      error = (e as Error).message;
    }
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname in ('public', 'drizzle') and c.relkind = 'r'`;
    await sql.end();
    const left: string[] = [];
    for await (const b of blobs.list()) left.push(b.key);
    return { error, progress, tables: n, blobs: left };
  }

  /** backup:verify's check, in this process. */
  const verify = (file: string) => readArchive(file).then(() => "", (e) => (e as Error).message);

  test("a truncated archive is refused by verify and by restore, which leaves nothing behind", async () => {
    const whole = await Deno.readFile(archive);
    const cut = join(work, "truncated.tar.gz");
    await Deno.writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    expect(await verify(cut)).toContain("truncated");
    const r = await restoreBroken(cut);
    expect(r.error).toContain("truncated");
    expect(r.tables).toBe(0);
    expect(r.blobs).toEqual([]);
  });

  test("a changed row is found by its checksum after everything was loaded, and nothing is kept", async () => {
    // A byte of the users table changed: the restore loads it and everything after, then the manifest's
    // checksum refuses it at the end, and the transaction takes every row back.
    const file = await tampered("row.tar.gz", (tar) => {
      const users = entryOffset(tar, "tables/users/000001.tsv");
      const i = tar.indexOf("backup.test", users);
      tar[i] = "B".charCodeAt(0);
    });
    expect(await verify(file)).toContain("tables/users/000001.tsv does not match its checksum");
    const r = await restoreBroken(file);
    expect(r.progress).toContain("table mail_messages loaded"); // loaded, then taken back
    expect(r.error).toContain("tables/users/000001.tsv does not match its checksum");
    expect(r.tables).toBe(0);
    expect(r.blobs).toEqual([]);
  });

  test("a changed blob is refused", async () => {
    const file = await tampered("blob.tar.gz", (tar) => {
      const i = tar.indexOf(Buffer.from(attachment.subarray(1000, 1032)));
      tar[i] ^= 0xff;
    });
    const r = await restoreBroken(file);
    expect(r.error).toContain("does not match its bytes");
    expect(r.tables).toBe(0);
    expect(r.blobs).toEqual([]);
  });

  test("a file that is no archive, and a missing one, are refused plainly", async () => {
    const junk = join(work, "junk.tar.gz");
    await Deno.writeTextFile(junk, "hello, this is not a backup");
    const v = await runScript("backup-verify", ["--in", junk], {});
    expect(v.code).toBe(1);
    expect(v.stderr).toContain("not a backup archive");
    const missing = await runScript("backup-verify", ["--in", join(work, "nope.tar.gz")], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such file");
    const usage = await runScript("backup-verify", [], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--in is required");
  });
});

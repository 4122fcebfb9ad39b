// Backup and restore with the S3 blob store (BLOB_STORE=s3, s3rver on loopback): the archive takes the blobs
// from the bucket, and the restore script, configured for another bucket, puts them there; a user of the
// restored installation reads the mail from it.
import { afterAll, expect, test } from "vitest";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { backupToFile } from "../../server/backup/backup.ts";
import type { S3BlobStore } from "../../server/lib/s3-blobs.ts";
import { openBlobStore } from "../../server/lib/open-blob-store.ts";
import { parseConfig } from "../../server/config.ts";
import { startS3Server } from "../support/s3-server.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { appOn, debianPostgresDatabase, dumpTables, runScript, stopDebianPostgres } from "./support.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";

const s3 = await startS3Server(["live", "restored"]);
afterAll(() => s3.close());
const t = await createTestApp(s3.env("live", "gw"));
afterAll(() => (t.deps.blobs as S3BlobStore).client.destroy());
const listener = await listen(t.deps, localResolver({}));
const work = await Deno.makeTempDir({ prefix: "gw-backup-s3-" });
afterAll(() => Deno.remove(work, { recursive: true }).catch(() => {}));
afterAll(stopDebianPostgres);

test("a backup of an installation on S3 restores into another bucket, row for row and byte for byte", async () => {
  const A = await signupCompany(t, { domain: "s3-backup.test" });
  for (let i = 0; i < 5; i++) {
    const raw = `From: x@outside.example\r\nTo: ${A.username}\r\nSubject: on S3 ${i}\r\nMessage-ID: <s3-${i}@outside.example>\r\n\r\nbody ${i}\r\n`;
    expect((await sendRaw(listener.port, { from: "x@outside.example", to: [A.username] }, raw)).ok).toBe(true);
  }
  const archive = join(work, "s3.tar.gz");
  let rows: Record<string, string[]> = {};
  const summary = await backupToFile(archive, { sql: t.deps.sql, blobs: t.deps.blobs, onSnapshot: async (id) => void (rows = await dumpTables(t.deps.sql, id)) });
  expect(summary.blobs).toBe(5);

  const url = await debianPostgresDatabase();
  const env = { DATABASE_URL: url, DATA_DIR: join(work, "restored"), ...s3.env("restored", "copy/") };
  const r = await runScript("restore", ["--in", archive], env);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);

  const target = await appOn(url, env.DATA_DIR, s3.env("restored", "copy/"));
  try {
    expect(await dumpTables(target.db.sql)).toEqual(rows);
    const store = await openBlobStore(parseConfig(env));
    const live = t.deps.blobs;
    expect(rows.mail_messages.length).toBe(5);
    for await (const b of live.list()) expect(Buffer.compare(await store.get(b.key), await live.get(b.key)), b.key).toBe(0);
    (store as S3BlobStore).client.destroy();
    const tokens = await target.call("POST", "/oauth/token", {
      headers: { authorization: OAUTH_BASIC_HEADER },
      form: { grant_type: "password", username: A.username, password: A.password },
    });
    expect(tokens.status).toBe(200);
    const token = tokens.body.access_token;
    const list = await target.call("GET", "/api/mails?folderId=-1&pageSize=10", { token });
    const mail = (list.body.mails as { mailId: number; subject: string }[]).find((m) => m.subject === "on S3 3")!;
    const view = await target.call("GET", `/api/mails/view/${mail.mailId}`, { token });
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).toContain("body 3");
  } finally {
    await target.close();
  }
});

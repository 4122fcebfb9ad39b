// A crash in the middle of ingest loses nothing acknowledged: the real server (server/main.ts as a child
// process, on this file's database and its own DATA_DIR) receives many messages from concurrent senders and
// is killed outright (SIGKILL) while they are in flight; after a restart on the same DATA_DIR and database,
// every message that got a 250 is there, filed, with its raw bytes readable from the blob store.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { freePort } from "../../../db/embedded.ts";
import { mailMessages, mails, users } from "../../../db/schema/index.ts";
import { FileBlobStore } from "../../../server/lib/blobs.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { compose, sendRaw } from "./support.ts";
import { type ServerProcess, spawnServer as spawnProcess } from "../../support/server-process.ts";

const t = await createTestApp();
const dataDir = await mkdtemp(join(tmpdir(), "gw-smtp-crash-"));
const smtpPort = await freePort();
const httpPort = await freePort();
let A: Awaited<ReturnType<typeof signupCompany>>;

type Proc = ServerProcess;

function spawnServer(): Proc {
  return spawnProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: t.db.url,
    PORT: String(httpPort),
    HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_HOST: "127.0.0.1",
    SMTP_RELAY_URL: t.smtp.url,
    MAIL_HOSTNAME: "mx.crash.test",
    JOBS_ENABLED: "false",
    LOG_LEVEL: "info",
  });
}

let server: Proc | undefined;
beforeAll(async () => {
  A = await signupCompany(t, { domain: "smtp-crash.test" });
});
afterAll(async () => {
  try {
    server?.child.kill("SIGKILL");
    await server?.child.status;
  } catch { /* already gone */ }
  await rm(dataDir, { recursive: true, force: true });
});

describe("a crash in the middle of ingest", () => {
  test("loses nothing that was acknowledged with 250", { timeout: 90_000 }, async () => {
    server = spawnServer();
    await server.waitFor(`smtp listening on 127.0.0.1:${smtpPort}`, 45_000);

    const TOTAL = 400;
    const SENDERS = 12;
    const KILL_AFTER = 60;
    const raws = await Promise.all(Array.from({ length: TOTAL }, (_, i) =>
      compose({ from: "bulk@partner.example", to: A.username, subject: `crash-${i}`, text: `message ${i} `.repeat(400) })));
    const acked = new Map<number, string>(); // message index → the 250 reply
    const refused: string[] = [];
    let next = 0;
    let killed = false;
    const victim = server;
    const sender = async () => {
      while (next < TOTAL) {
        const i = next++;
        const r = await sendRaw(smtpPort, { from: "bulk@partner.example", to: [A.username] }, raws[i]).catch((e) => ({
          ok: false,
          response: String(e),
        }));
        if (r.ok) acked.set(i, r.response);
        else refused.push(r.response);
        if (!killed && acked.size >= KILL_AFTER) {
          killed = true;
          victim.child.kill("SIGKILL"); // other senders are mid-conversation right now
        }
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    expect((await victim.child.status).signal).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.size).toBeLessThan(TOTAL); // the kill did land in the middle
    // Nothing was refused for a reason other than the dead server.
    expect(refused.filter((r) => /^[45]\d\d /.test(r))).toEqual([]);

    server = spawnServer();
    await server.waitFor(`smtp listening on 127.0.0.1:${smtpPort}`, 45_000);

    const [owner] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
    const subjects = [...acked.keys()].map((i) => `crash-${i}`);
    const rows = await t.db.db.select({ subject: mailMessages.subject, blobKey: mailMessages.blobKey, id: mailMessages.id, userId: mails.userId })
      .from(mailMessages).innerJoin(mails, eq(mails.messageId, mailMessages.id)).where(inArray(mailMessages.subject, subjects));
    const bySubject = new Map(rows.map((r) => [r.subject, r]));
    const blobs = new FileBlobStore(join(dataDir, "blobs"));
    for (const [i, reply] of acked) {
      const row = bySubject.get(`crash-${i}`);
      expect(row, `acknowledged crash-${i} (${reply}) is missing`).toBeDefined();
      expect(row!.userId).toBe(owner.id);
      expect(reply).toContain(`stored as ${row!.id} `);
      const bytes = await blobs.get(row!.blobKey);
      expect(new TextDecoder().decode(bytes).endsWith(raws[i].toString("utf8"))).toBe(true);
    }

    // The restarted server takes mail again.
    const after = await sendRaw(smtpPort, { from: "bulk@partner.example", to: [A.username] }, await compose({ from: "bulk@partner.example", to: A.username, subject: "after restart", text: "ok" }));
    expect(after.ok, after.response).toBe(true);
  });
});

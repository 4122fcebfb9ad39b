// Durable follow-ups (inbound/followups.ts): the filing transaction writes a mail_followups row for a recipient
// with forwarding or an away reply on; the after-commit fast path runs them and deletes it; the job runs rows a
// crash left behind (a message filed with its row but the fast path never started: exactly what a crash after
// the commit leaves), once (a second tick, or a row left behind after the forward went out, sends nothing
// more); a row whose mail is deleted goes with it; a row failing on a real fault is given up after 5 attempts.
// Real PostgreSQL, real SMTP (ingest listener, the outbound queue to the test's sink), the real blob store.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { mkdir, rename, rmdir } from "node:fs/promises";
import { mailAwayConfigs, mailFollowups, mailForwardConfigs, mailForwardTargets, mailMessages, mails } from "../../../db/schema/index.ts";
import type { FileBlobStore } from "../../../server/lib/blobs.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { FOLLOWUP_GRACE_MS } from "../../../server/modules/mail/store/filing-rows.ts";
import { FOLLOWUP_LEASE_MS, FOLLOWUP_MAX_ATTEMPTS, processFollowUps } from "../../../server/modules/mail/inbound/followups.ts";
import { createTestApp } from "../../support/test-app.ts";
import { compose, listen, localResolver } from "../smtp/support.ts";
import { arrive, companyWithColleague, flushOutbound, settle, type User } from "../forward/helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: User, bob: User;
const TARGET = "fu-target@remote.example";

const rowsOf = (mailId?: number) =>
  mailId === undefined
    ? t.db.db.select().from(mailFollowups)
    : t.db.db.select().from(mailFollowups).where(eq(mailFollowups.mailId, mailId));

/** Rows ever written to mail_followups (its id sequence): shows a row was written even once it is deleted. */
async function rowsWritten(): Promise<number> {
  const [r] = await t.db.db.execute<{ n: string }>(sql`select case when is_called then last_value else 0 end as n from mail_followups_id_seq`);
  return Number(r.n);
}

/** The sink's messages with this subject: forwards (to TARGET) and away replies (to `sender`). */
function sent(subject: string, sender: string) {
  const forwards = t.smtp.messages.filter((m) => m.to.includes(TARGET) && m.subject === subject);
  const replies = t.smtp.messages.filter((m) => m.to.includes(sender) && /^Auto-Submitted: auto-replied/m.test(m.raw) && m.subject === `Re: ${subject}`);
  return { forwards: forwards.length, replies: replies.length };
}

/** Files a message for A over SMTP's own path with its follow-up row, and does NOT start the fast path (a crash). */
async function fileWithoutFastPath(subject: string, sender: string): Promise<number> {
  const raw = await compose({ from: sender, to: A.username, subject, text: "Body text", messageId: `<${crypto.randomUUID()}@outside.example>` });
  const filed = await fileMessage(t.deps, {
    companyId: A.companyId,
    raw: new Uint8Array(raw),
    receivedAt: t.clock.now(),
    targets: [{ userId: A.userId, folder: "INBOX", followUp: { envelopeFrom: sender, local: false } }],
  });
  return filed.mails[0].mailId;
}

/** Moves the clock past the grace time (or a lease) and runs one tick of the job. */
async function tickAfter(ms: number): Promise<number> {
  t.clock.advance(ms + 1000);
  return await processFollowUps(t.deps);
}

beforeAll(async () => {
  ({ admin: A, bob } = await companyWithColleague(t, "fu-alpha.test"));
  const now = t.clock.now();
  await t.db.db.insert(mailForwardConfigs).values({ userId: A.userId, companyId: A.companyId, useYn: true, saveOriginal: true });
  await t.db.db.insert(mailForwardTargets).values({ companyId: A.companyId, userId: A.userId, address: TARGET, status: "ACCEPTED", requestedAt: now, acceptedAt: now });
  await t.db.db.insert(mailAwayConfigs).values({ userId: A.userId, companyId: A.companyId, useAway: true, contents: "I am away.", updatedAt: now });
  await flushOutbound(t); // nothing queued by the set-up itself
});

describe("durable follow-ups", () => {
  test("fast path: a delivery over SMTP is forwarded and answered at once, and leaves no row", async () => {
    const before = await rowsWritten();
    await arrive(smtp.port, { from: "Fast <fast@outside.example>", to: A.username, subject: "Fast path" });
    await settle(t);
    expect(await rowsWritten()).toBe(before + 1); // written with the mail...
    expect(await rowsOf()).toEqual([]); // ...and deleted by the fast path
    await flushOutbound(t);
    expect(sent("Fast path", "fast@outside.example")).toEqual({ forwards: 1, replies: 1 });
    expect((await t.smtp.next(TARGET)).raw).toMatch(new RegExp(`^X-Gw-Forwarded-By: <${A.username}>`, "m"));
  });

  test("fast path for a colleague's mail (local delivery): forwarded, answered in the colleague's inbox, no row", async () => {
    const before = await rowsWritten();
    const r = await t.call("POST", "/api/mails/v2/send", { token: bob.token, json: { to: [A.username], subject: "From a colleague", content: "<p>Hi</p>" } });
    expect(r.status).toBe(200);
    await settle(t);
    expect(await rowsWritten()).toBe(before + 1); // A's row only: bob (the away reply's recipient) has no follow-ups
    expect(await rowsOf()).toEqual([]);
    await flushOutbound(t);
    expect(sent("From a colleague", bob.username).forwards).toBe(1);
    const inbox = await t.db.db.select({ subject: mailMessages.subject }).from(mails)
      .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(eq(mails.userId, bob.userId));
    expect(inbox.map((m) => m.subject)).toContain("Re: From a colleague");
  });

  test("crash after the commit: the row stays; the job forwards and replies once, then deletes it", async () => {
    const mailId = await fileWithoutFastPath("After a crash", "crash@outside.example");
    const [row] = await rowsOf(mailId);
    expect(row).toMatchObject({ userId: A.userId, companyId: A.companyId, envelopeFrom: "crash@outside.example", local: false, attempts: 0 });
    expect(row.runAfter.getTime()).toBe(t.clock.now().getTime() + FOLLOWUP_GRACE_MS);
    expect(await processFollowUps(t.deps)).toBe(0); // not due yet: the fast path's time
    expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(1);
    expect(await rowsOf(mailId)).toEqual([]);
    await flushOutbound(t);
    expect(sent("After a crash", "crash@outside.example")).toEqual({ forwards: 1, replies: 1 });
    // Again: nothing left to run, nothing more sent.
    expect(await tickAfter(FOLLOWUP_LEASE_MS)).toBe(0);
    expect(await flushOutbound(t)).toBe(0);

  });

  test("a crash between the follow-ups and the row's delete: the row is run again, yet nothing is sent twice", async () => {
    const mailId = await fileWithoutFastPath("Row outlives", "outlive@outside.example");
    // The row's delete fails (a trigger raising in it): what a crash right after the follow-ups leaves.
    await t.db.db.execute(sql.raw(`
      create function test_keep_row() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$;
      create trigger test_keep_row before delete on mail_followups for each row execute function test_keep_row();`));
    try {
      expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(1);
      await flushOutbound(t);
      expect(sent("Row outlives", "outlive@outside.example")).toEqual({ forwards: 1, replies: 1 });
      expect((await rowsOf(mailId))[0].forwardedAt).not.toBeNull();
    } finally {
      await t.db.db.execute(sql.raw(`drop trigger test_keep_row on mail_followups; drop function test_keep_row();`));
    }
    expect(await tickAfter(FOLLOWUP_LEASE_MS)).toBe(1);
    expect(await rowsOf(mailId)).toEqual([]);
    expect(await flushOutbound(t)).toBe(0);
    expect(sent("Row outlives", "outlive@outside.example")).toEqual({ forwards: 1, replies: 1 });
  });

  test("a mail deleted before the job ran takes its row along; nothing is sent", async () => {
    const mailId = await fileWithoutFastPath("Deleted meanwhile", "gone@outside.example");
    expect(await rowsOf(mailId)).toHaveLength(1);
    await t.db.db.delete(mails).where(eq(mails.id, mailId));
    expect(await rowsOf(mailId)).toEqual([]);
    expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(0);
    expect(await flushOutbound(t)).toBe(0);
    expect(sent("Deleted meanwhile", "gone@outside.example")).toEqual({ forwards: 0, replies: 0 });
  });

  test(`a row failing on a real fault (its bytes unreadable) is retried, then given up after ${FOLLOWUP_MAX_ATTEMPTS} attempts`, async () => {
    const mailId = await fileWithoutFastPath("Unreadable bytes", "fault@outside.example");
    const [m] = await t.db.db.select({ messageId: mails.messageId }).from(mails).where(eq(mails.id, mailId));
    const [msg] = await t.db.db.select({ blobKey: mailMessages.blobKey }).from(mailMessages).where(eq(mailMessages.id, m.messageId));
    const path = (t.deps.blobs as FileBlobStore).pathOf(msg.blobKey);
    // A directory where the file was: reading fails with EISDIR (a disk fault, not missing bytes).
    await rename(path, `${path}.aside`);
    await mkdir(path);
    try {
      for (let attempt = 1; attempt < FOLLOWUP_MAX_ATTEMPTS; attempt++) {
        expect(await tickAfter(attempt === 1 ? FOLLOWUP_GRACE_MS : FOLLOWUP_LEASE_MS)).toBe(1);
        const [row] = await rowsOf(mailId);
        expect(row.attempts).toBe(attempt);
        expect(row.lastError).toMatch(/EISDIR/);
        expect(await processFollowUps(t.deps)).toBe(0); // leased
      }
      expect(await tickAfter(FOLLOWUP_LEASE_MS)).toBe(1);
      expect(await rowsOf(mailId)).toEqual([]);
    } finally {
      await rmdir(path);
      await rename(`${path}.aside`, path);
    }
    expect(await flushOutbound(t)).toBe(0);
    expect(sent("Unreadable bytes", "fault@outside.example")).toEqual({ forwards: 0, replies: 0 });
  });
});

// Sends that commit whole or not at all, and follow-ups that go out exactly once. Faults are injected for
// real: a trigger in the test's database raises inside the statement the code runs (no stand-ins), standing
// for a disk or connection failure at that point; a failed DELETE of a follow-up row stands for a crash
// between a forward's commit and the row's removal (exactly the state such a crash leaves).
// - A forward to several companies on this server and a remote address, failing at the second company: none
//   of it is kept (no copy, no queue row, the row unmarked); the job's retry sends one copy to each.
// - A forward whose row outlives it (a message without Message-ID, which the old matching could not see): the
//   retry sends nothing again.
// - An away reply whose send fails keeps no once-per-period row, so the retry answers, once.
// - A web send failing part-way leaves no copy in Sent, no colleague's copy and no queue row; sent again it
//   goes out once. From a draft, the draft stays when the send fails; of two sends of it at once, one goes.
// Real PostgreSQL, real SMTP (ingest listener; the outbound queue to the test's sink), the real blob store.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import {
  mailAwayConfigs,
  mailAwayReplies,
  mailFollowups,
  mailForwardConfigs,
  mailForwardTargets,
  mailMessages,
  mailOutbound,
} from "../../../db/schema/index.ts";
import { FOLLOWUP_GRACE_MS } from "../../../server/modules/mail/store/filing-rows.ts";
import { FOLLOWUP_LEASE_MS, processFollowUps } from "../../../server/modules/mail/inbound/followups.ts";
import { USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { listen, localResolver, sendRaw } from "../smtp/support.ts";
import { arrive, companyWithColleague, flushOutbound, mailbox, settle, type User } from "../forward/helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: User, bob: User, B: User, C: User;
const REMOTE = "once-remote@remote.example";

/** Makes every `op` on `table` whose row satisfies `when` (SQL over NEW or OLD) fail, until cleared. */
async function injectFault(table: string, op: "INSERT" | "DELETE", when: string) {
  const row = op === "DELETE" ? "OLD" : "NEW";
  await t.db.sql.unsafe(`
    create or replace function test_injected_fault() returns trigger language plpgsql as $$
    begin
      if ${when.replaceAll("ROW", row)} then raise exception 'injected fault on ${table}'; end if;
      return ${row};
    end $$;
    create trigger test_injected_fault before ${op} on ${table} for each row execute function test_injected_fault();`);
}
async function clearFault(table: string) {
  await t.db.sql.unsafe(`drop trigger if exists test_injected_fault on ${table}`);
}
afterEach(async () => {
  for (const table of ["mails", "mail_followups", "mail_outbound"]) await clearFault(table);
});

async function tickAfter(ms: number): Promise<number> {
  t.clock.advance(ms + 1000);
  return await processFollowUps(t.deps);
}

/** Copies of `subject` in a user's mailbox. */
async function copies(user: User, subject: string) {
  return (await mailbox(t, user.userId)).filter((m) => m.subject === subject);
}

function sinkCount(to: string, subject: string) {
  return t.smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject).length;
}

async function queuedFor(address: string): Promise<number> {
  const [r] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbound)
    .where(sql`${address} = any(${mailOutbound.recipients})`);
  return r.n;
}

beforeAll(async () => {
  ({ admin: A, bob } = await companyWithColleague(t, "once-a.test"));
  ({ admin: B } = await companyWithColleague(t, "once-b.test"));
  ({ admin: C } = await companyWithColleague(t, "once-c.test"));
  const now = t.clock.now();
  await t.db.db.insert(mailForwardConfigs).values({ userId: A.userId, companyId: A.companyId, useYn: true, saveOriginal: true });
  await t.db.db.insert(mailForwardTargets).values([B.username, C.username, REMOTE].map((address) => ({
    companyId: A.companyId,
    userId: A.userId,
    address,
    status: "ACCEPTED",
    requestedAt: now,
    acceptedAt: now,
  })));
  await t.db.db.insert(mailAwayConfigs).values({ userId: bob.userId, companyId: bob.companyId, useAway: true, contents: "Bob is away.", updatedAt: now });
  await flushOutbound(t);
});

describe("forwarding exactly once", () => {
  test("a forward to three companies failing at the second keeps nothing; the retry sends one copy to each", async () => {
    await injectFault("mails", "INSERT", `ROW.user_id = ${C.userId}`);
    await arrive(smtp.port, { from: "Sender <s1@outside.example>", to: A.username, subject: "Partial forward" });
    await settle(t);
    const [row] = await t.db.db.select().from(mailFollowups);
    expect(row).toMatchObject({ userId: A.userId, forwardedAt: null }); // kept for the job's retry
    // B's copy was filed before C's failed: it went with the rest of the transaction.
    expect(await copies(B, "Partial forward")).toEqual([]);
    expect(await copies(C, "Partial forward")).toEqual([]);
    expect(await queuedFor(REMOTE)).toBe(0);
    expect((await copies(A, "Partial forward")).map((m) => m.folderType)).toEqual(["INBOX"]); // A's own stays

    await clearFault("mails");
    expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(1);
    expect(await t.db.db.select().from(mailFollowups)).toEqual([]);
    expect(await copies(B, "Partial forward")).toHaveLength(1);
    expect(await copies(C, "Partial forward")).toHaveLength(1);
    await flushOutbound(t);
    expect(sinkCount(REMOTE, "Partial forward")).toBe(1);
    expect(await tickAfter(FOLLOWUP_LEASE_MS)).toBe(0);
  });

  test("a crash after the forward committed (its row left behind), for a message without Message-ID: not sent again", async () => {
    await injectFault("mail_followups", "DELETE", "true");
    const raw = "From: No Id <noid@outside.example>\r\nTo: " + A.username + "\r\nSubject: No message id\r\n" +
      "Date: Fri, 27 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nNo Message-ID here.\r\n";
    const r = await sendRaw(smtp.port, { from: "noid@outside.example", to: [A.username] }, raw);
    expect(r.ok).toBe(true);
    await settle(t);
    const [m] = await copies(A, "No message id");
    const [left] = await t.db.db.select().from(mailFollowups).where(eq(mailFollowups.mailId, m.id));
    expect(left.forwardedAt).not.toBeNull(); // the forward committed; its row could not go
    expect(await copies(B, "No message id")).toHaveLength(1);
    expect(await copies(C, "No message id")).toHaveLength(1);

    await clearFault("mail_followups");
    expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(1);
    expect(await t.db.db.select().from(mailFollowups)).toEqual([]);
    expect(await copies(B, "No message id")).toHaveLength(1);
    expect(await copies(C, "No message id")).toHaveLength(1);
    await flushOutbound(t);
    expect(sinkCount(REMOTE, "No message id")).toBe(1);
  });
});

describe("away reply exactly once", () => {
  test("a reply whose send fails keeps no once-per-period row; the job's retry answers once", async () => {
    const sender = "asker@outside.example";
    await injectFault("mail_outbound", "INSERT", `'${sender}' = any(ROW.recipients)`);
    await arrive(smtp.port, { from: `Asker <${sender}>`, to: bob.username, subject: "Are you there" });
    await settle(t);
    expect(await t.db.db.select().from(mailAwayReplies).where(eq(mailAwayReplies.userId, bob.userId))).toEqual([]);
    expect(await t.db.db.select().from(mailFollowups)).toHaveLength(1);

    await clearFault("mail_outbound");
    expect(await tickAfter(FOLLOWUP_GRACE_MS)).toBe(1);
    await flushOutbound(t);
    expect(sinkCount(sender, "Re: Are you there")).toBe(1);
    expect(await t.db.db.select().from(mailAwayReplies).where(and(eq(mailAwayReplies.userId, bob.userId), eq(mailAwayReplies.sender, sender)))).toHaveLength(1);
    // The next message of the period gets none.
    await arrive(smtp.port, { from: `Asker <${sender}>`, to: bob.username, subject: "Are you there" });
    await flushOutbound(t);
    expect(sinkCount(sender, "Re: Are you there")).toBe(1);
  });
});

describe("a send is whole or nothing", () => {
  test("failing at the queue row, a send to a colleague elsewhere and a remote address leaves nothing; sent again, once", async () => {
    const remote = "partner@remote.example";
    await injectFault("mail_outbound", "INSERT", `'${remote}' = any(ROW.recipients)`);
    const json = { to: [B.username, remote], subject: "Whole or nothing", content: "<p>Hello</p>" };
    const token = (await login(t, bob.username, USER_PASSWORD)).access_token; // the clock moved on
    const failed = await t.call("POST", "/api/mails/v2/send", { token, json });
    expect(failed.status).toBe(500);
    expect(await copies(bob, "Whole or nothing")).toEqual([]); // nothing in Sent
    expect(await copies(B, "Whole or nothing")).toEqual([]);
    expect(await queuedFor(remote)).toBe(0);
    const [stored] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages).where(eq(mailMessages.subject, "Whole or nothing"));
    expect(stored.n).toBe(0);

    await clearFault("mail_outbound");
    const sent = await t.call("POST", "/api/mails/v2/send", { token, json });
    expect(sent.status).toBe(200);
    expect((await copies(bob, "Whole or nothing")).map((m) => m.folderType)).toEqual(["SENT"]);
    expect(await copies(B, "Whole or nothing")).toHaveLength(1);
    await flushOutbound(t);
    expect(sinkCount(remote, "Whole or nothing")).toBe(1);
  });

  test("a send from a draft that fails keeps the draft; two sends of one draft at once: one goes, the other is 404", async () => {
    const token = (await login(t, bob.username, USER_PASSWORD)).access_token;
    const draft = await t.call("POST", "/api/mails/v2/draft", { token, json: { to: [B.username], subject: "From a draft", content: "<p>d</p>" } });
    expect(draft.status).toBe(201);
    const draftId = draft.body.draftId;
    const json = { draftId, to: [B.username, "partner@remote.example"], subject: "From a draft", content: "<p>d</p>" };
    await injectFault("mail_outbound", "INSERT", "true");
    expect((await t.call("POST", "/api/mails/v2/send", { token, json })).status).toBe(500);
    expect((await copies(bob, "From a draft")).map((m) => m.folderType)).toEqual(["DRAFTS"]);
    expect(await copies(B, "From a draft")).toEqual([]);
    await clearFault("mail_outbound");

    const both = await Promise.all([1, 2].map(() => t.call("POST", "/api/mails/v2/send", { token, json })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await copies(bob, "From a draft")).map((m) => m.folderType)).toEqual(["SENT"]); // the draft went
    expect(await copies(B, "From a draft")).toHaveLength(1);
    await flushOutbound(t);
    expect(sinkCount("partner@remote.example", "From a draft")).toBe(1);
  });
});

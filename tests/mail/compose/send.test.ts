// Sending: the §5 checks in order with their codes, the sender rule, quota, internal delivery (same company
// and another company on this server), Bcc kept from recipients, eachSend, includeMe, to-me, replies with
// threading headers, and sending from a draft.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { companies, mailOutbound, users } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { mailsIn, rawOf, twoCompanies } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
let alice = "";

const send = (json: Record<string, unknown>, token = S.A.token) => t.call("POST", "/api/mails/v2/send", { token, json });

beforeAll(async () => {
  S = await twoCompanies(t);
  alice = S.A.username;
});

describe("send checks, in the spec's order", () => {
  const now = () => t.clock.now().getTime();

  test("a reservation in the past or beyond 5 years is mail.100, before any recipient check", async () => {
    for (const reserveDate of [now() - 60_000, now(), now() + 6 * 365 * 86_400_000]) {
      const r = await send({ to: [], isReserve: true, reserveDate, subject: "x" });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("mail.100");
    }
    expect((await send({ to: [], isReserve: true, subject: "x" })).body.code).toBe("mail.100");
  });

  test("no To recipient is mail.367 even when Cc has one", async () => {
    const r = await send({ to: [], cc: ["bob@alpha.test"], subject: "x" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("mail.367");
  });

  test("invalid To, Cc and Bcc addresses are mail.368, 369 and 370, To first", async () => {
    const bad = ["@alpha.test", "no-at-sign", "a b@alpha.test", "x@", "x@-bad-.test"];
    for (const value of bad) {
      expect((await send({ to: [value], cc: ["also bad"], subject: "x" })).body.code).toBe("mail.368");
    }
    const cc = await send({ to: ["bob@alpha.test"], cc: [{ key: "k", value: "not-an-address", valid: false }], bcc: ["bad"], subject: "x" });
    expect(cc.status).toBe(400);
    expect(cc.body.code).toBe("mail.369");
    expect(cc.body.errors[0]).toMatchObject({ field: "cc", message: "not-an-address" });
    expect((await send({ to: ["bob@alpha.test"], bcc: ["bad"], subject: "x" })).body.code).toBe("mail.370");
  });

  test("the §5 email check takes the part in angle brackets and bracketed IPs", async () => {
    const r = await send({ to: ['"Bob" <Bob@Alpha.test>', "someone@[192.0.2.1]"], subject: "formats" });
    expect(r.status).toBe(200);
    expect(r.body.recipients.map((x: { address: string }) => x.address)).toEqual(["bob@alpha.test", "someone@[192.0.2.1]"]);
  });

  test("another sender address is refused with 403 mail.360, as are external senders", async () => {
    const other = await send({ to: ["bob@alpha.test"], senderEmail: "bob@alpha.test", subject: "x" });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("mail.360");
    expect((await send({ to: ["bob@alpha.test"], senderType: "EXTERNAL", subject: "x" })).status).toBe(403);
    expect((await send({ to: ["bob@alpha.test"], senderEmail: `Alice <${alice.toUpperCase()}>`, subject: "own" })).status).toBe(200);
  });

  test("an empty subject is accepted (the UI confirmed it)", async () => {
    const r = await send({ to: ["bob@alpha.test"], subject: "" });
    expect(r.status).toBe(200);
  });

  test("before them: a company domain that is not AVAILABLE is 423, a full mailbox 507", async () => {
    await t.db.db.update(companies).set({ domainStatus: "SUSPENDED" }).where(eq(companies.id, S.A.companyId));
    const r = await send({ to: ["not valid"], isReserve: true, subject: "x" });
    expect(r.status).toBe(423);
    expect(r.body.code).toBe("mail.359");
    await t.db.db.update(companies).set({ domainStatus: "AVAILABLE" }).where(eq(companies.id, S.A.companyId));
    const [u] = await t.db.db.select().from(users).where(eq(users.username, "bob@alpha.test"));
    await t.db.db.update(users).set({ totalQuota: u.usedSize }).where(eq(users.id, u.id));
    const full = await send({ to: ["not valid"], subject: "x" }, S.bobToken);
    expect(full.status).toBe(507);
    expect(full.body.code).toBe("mail.quota_exceeded");
    await t.db.db.update(users).set({ totalQuota: u.totalQuota }).where(eq(users.id, u.id));
  });

  test("without a token the call is 401, and bad JSON is 400", async () => {
    expect((await t.call("POST", "/api/mails/v2/send", { json: { to: ["bob@alpha.test"] } })).status).toBe(401);
    expect((await t.call("POST", "/api/mails/v2/send", { token: S.A.token, json: { to: ["bob@alpha.test"], priority: 9 } })).status).toBe(400);
  });
});

describe("delivery", () => {
  test("a colleague gets it in the inbox at once; the sender's copy is a read SENT mail with the Bcc kept", async () => {
    const queuedBefore = (await t.db.db.select().from(mailOutbound)).length;
    const r = await send({
      to: ["Bob Colleague <bob@alpha.test>"],
      cc: ["bora@beta.test", "admin@beta.test"],
      bcc: ["carol@alpha.test"],
      subject: "Quarterly plan",
      content: "<p>Hello <b>team</b></p>",
      priority: 1,
    });
    expect(r.status).toBe(200);
    expect(r.body.reserved).toBe(false);
    expect(r.body.recipients).toEqual([
      { address: "bob@alpha.test", name: "Bob Colleague", kind: "to", status: "DELIVERED", reason: null },
      { address: "bora@beta.test", name: "", kind: "cc", status: "FAILED", reason: "NO_SUCH_USER" },
      { address: "admin@beta.test", name: "", kind: "cc", status: "DELIVERED", reason: null },
      { address: "carol@alpha.test", name: "", kind: "bcc", status: "DELIVERED", reason: null },
    ]);

    const [sent] = await mailsIn(t, alice, "SENT");
    expect(sent.mail).toMatchObject({ id: r.body.mailIds[0], mailType: "SENT", read: true });
    expect(sent.message.bcc).toEqual([{ name: "", address: "carol@alpha.test" }]);
    expect(sent.message.priority).toBe(1);

    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Quarterly plan");
    expect(bobMail.mail).toMatchObject({ read: false, internal: true, mailType: "NORMAL" });
    expect(bobMail.message.bcc).toEqual([]);
    expect(bobMail.message.messageIdHeader).toBe(sent.message.messageIdHeader);
    expect(bobMail.message.messageIdHeader).toMatch(/@localhost$/);
    const raw = await rawOf(t, bobMail.message.blobKey);
    expect(raw).not.toMatch(/^bcc:/im);
    expect(raw).not.toContain("carol@alpha.test");
    expect(raw).toMatch(/^X-Priority: 1/m);
    // Delivered here: the envelope sender on top (RFC 5321 §4.4), once; the sender's own copy has none.
    expect(raw.startsWith(`Return-Path: <${alice}>\r\n`)).toBe(true);
    expect(raw.match(/^Return-Path:/gim)).toHaveLength(1);
    expect(await rawOf(t, sent.message.blobKey)).not.toMatch(/^Return-Path:/im);

    // The Bcc recipient has it too, and another company's user on this server as well (not internal there).
    const [carolMail] = await mailsIn(t, "carol@alpha.test", "INBOX");
    expect(carolMail.message.subject).toBe("Quarterly plan");
    const [betaMail] = await mailsIn(t, "admin@beta.test", "INBOX");
    expect(betaMail.mail.internal).toBe(false);
    expect(betaMail.mail.companyId).toBe(S.B.companyId);
    // Nothing local was queued for the outside.
    expect((await t.db.db.select().from(mailOutbound)).length).toBe(queuedBefore);
  });

  test("eachSend: one message per recipient, each with only itself in To, and a Sent copy each", async () => {
    const before = (await mailsIn(t, alice, "SENT")).length;
    const r = await send({ to: ["bob@alpha.test", "carol@alpha.test"], cc: ["admin@beta.test"], subject: "Individually", eachSend: 1 });
    expect(r.status).toBe(200);
    expect(r.body.mailIds).toHaveLength(3);
    expect((await mailsIn(t, alice, "SENT")).length).toBe(before + 3);
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Individually");
    expect(bobMail.message.to).toEqual([{ name: "", address: "bob@alpha.test" }]);
    expect(bobMail.message.cc).toEqual([]);
    const [betaMail] = await mailsIn(t, "admin@beta.test", "INBOX");
    expect(betaMail.message.to).toEqual([{ name: "", address: "admin@beta.test" }]);
  });

  test("includeMe 1 adds the sender to Cc; another value adds them to Bcc; either way they receive it", async () => {
    const cc = await send({ to: ["bob@alpha.test"], subject: "Me in Cc", includeMe: 1 });
    expect(cc.body.recipients.find((x: { address: string }) => x.address === alice)).toMatchObject({ kind: "cc", status: "DELIVERED" });
    let [mine] = await mailsIn(t, alice, "INBOX");
    expect(mine.message.subject).toBe("Me in Cc");
    expect(mine.message.cc.map((a) => a.address)).toEqual([alice]);

    const bcc = await send({ to: ["bob@alpha.test"], subject: "Me in Bcc", includeMe: 0 });
    expect(bcc.body.recipients.find((x: { address: string }) => x.address === alice)).toMatchObject({ kind: "bcc" });
    [mine] = await mailsIn(t, alice, "INBOX");
    expect(mine.message.subject).toBe("Me in Bcc");
    expect(mine.message.cc).toEqual([]);
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(bobMail.message.subject).toBe("Me in Bcc");
    expect(bobMail.message.cc).toEqual([]);
    const raw = await rawOf(t, bobMail.message.blobKey);
    expect(raw).not.toMatch(/^(bcc|cc):/im);
    expect(raw.match(new RegExp(alice, "g"))).toHaveLength(2); // the Return-Path of its delivery and From only
    expect(raw.startsWith(`Return-Path: <${alice}>\r\n`)).toBe(true);
  });

  test("a to-me mail lands in TOME only", async () => {
    const sentBefore = (await mailsIn(t, alice, "SENT")).length;
    const r = await send({ composeType: "TOME", to: [alice], subject: "Note to self" });
    expect(r.status).toBe(200);
    const [note] = await mailsIn(t, alice, "TOME");
    expect(note.message.subject).toBe("Note to self");
    expect((await mailsIn(t, alice, "SENT")).length).toBe(sentBefore);
  });

  test("a recipient over quota is reported and not filled; the sender over quota is refused", async () => {
    await t.db.db.update(users).set({ totalQuota: 10 }).where(eq(users.username, "carol@alpha.test"));
    const r = await send({ to: ["carol@alpha.test", "bob@alpha.test"], subject: "Too big for Carol" });
    expect(r.status).toBe(200);
    expect(r.body.recipients[0]).toMatchObject({ address: "carol@alpha.test", status: "FAILED", reason: "QUOTA_EXCEEDED" });
    expect(r.body.recipients[1]).toMatchObject({ status: "DELIVERED" });
    expect((await mailsIn(t, "carol@alpha.test", "INBOX"))[0].message.subject).not.toBe("Too big for Carol");

    const sentBefore = (await mailsIn(t, "carol@alpha.test", "SENT")).length;
    const refused = await send({ to: ["bob@alpha.test"], subject: "from Carol" }, S.carolToken);
    expect(refused.status).toBe(507);
    expect(refused.body.code).toBe("mail.quota_exceeded");
    expect((await mailsIn(t, "carol@alpha.test", "SENT")).length).toBe(sentBefore);
    await t.db.db.update(users).set({ totalQuota: 1024 ** 3 }).where(eq(users.username, "carol@alpha.test"));
  });
});

describe("replies and forwards", () => {
  test("reply prefill: To is the sender (or Reply-To), RE: subject, quoted content; sending threads it", async () => {
    await send({ to: ["bob@alpha.test"], cc: ["carol@alpha.test"], subject: "Lunch?", content: "<p>Noon at the usual place</p>" });
    const [orig] = await mailsIn(t, "bob@alpha.test", "INBOX");
    const r = await t.call("GET", `/api/mails/v2/reply/${orig.mail.id}/false`, { token: S.bobToken });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ composeType: "REPLY", mailId: orig.mail.id, subject: "RE: Lunch?", senderEmail: "bob@alpha.test", priority: 3 });
    expect(r.body.to).toEqual([{ key: alice, value: `Alice Admin <${alice}>`, valid: true }]);
    expect(r.body.cc).toEqual([]);
    expect(r.body.content).toContain("Noon at the usual place");

    const all = await t.call("GET", `/api/mails/v2/reply/${orig.mail.id}/true`, { token: S.bobToken });
    expect(all.body.to.map((e: { key: string }) => e.key)).toEqual([alice]); // bob himself left out
    expect(all.body.cc.map((e: { key: string }) => e.key)).toEqual(["carol@alpha.test"]);

    const sent = await send({ ...all.body, to: all.body.to, subject: all.body.subject, content: "<p>Yes!</p>" + all.body.content }, S.bobToken);
    expect(sent.status).toBe(200);
    const [reply] = await mailsIn(t, alice, "INBOX");
    expect(reply.message.subject).toBe("RE: Lunch?");
    expect(reply.message.inReplyTo).toBe(orig.message.messageIdHeader);
    expect(reply.message.references).toEqual([orig.message.messageIdHeader]);
    expect(reply.mail.threadKey).toBe(orig.mail.threadKey);
  });

  test("the quote header is in the writer's language", async () => {
    await send({ to: ["bob@alpha.test"], subject: "Quote labels", content: "<p>Body</p>" });
    const orig = (await mailsIn(t, "bob@alpha.test", "INBOX")).find((m) => m.message.subject === "Quote labels")!;
    const header = async () => (await t.call("GET", `/api/mails/v2/reply/${orig.mail.id}/false`, { token: S.bobToken })).body.content;
    try {
      await t.db.db.update(users).set({ languageType: "ko" }).where(eq(users.username, "bob@alpha.test"));
      expect(await header()).toContain("-----원본 메시지-----");
      expect(await header()).toContain("<b>보낸 사람:</b>");
      await t.db.db.update(users).set({ languageType: "id" }).where(eq(users.username, "bob@alpha.test"));
      expect(await header()).toContain("<b>Dari:</b>");
      await t.db.db.update(users).set({ languageType: "en" }).where(eq(users.username, "bob@alpha.test"));
      const en = await header();
      expect(en).toContain("-----Original Message-----");
      expect(en).toContain("<b>Subject:</b> Quote labels");
      const fw = await t.call("GET", `/api/mails/v2/forward?mailIds=${orig.mail.id}`, { token: S.bobToken });
      expect(fw.body.content).toContain("<b>From:</b>");
    } finally {
      await t.db.db.update(users).set({ languageType: "ko" }).where(eq(users.username, "bob@alpha.test"));
    }
  });

  test("reply and forward of someone else's mail are 404", async () => {
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect((await t.call("GET", `/api/mails/v2/reply/${bobMail.mail.id}/false`, { token: S.A.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/v2/reply/${bobMail.mail.id}/true`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/v2/forward?mailIds=${bobMail.mail.id}`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/v2/resend/${bobMail.mail.id}`, { token: S.B.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/v2/reply/abc/false`, { token: S.A.token })).status).toBe(404);
    // Sending with a foreign original is 404 too.
    const r = await send({ composeType: "REPLY", mailId: bobMail.mail.id, to: ["bob@alpha.test"], subject: "RE: x" });
    expect(r.status).toBe(404);
  });

  test("the blank compose has the user's name and address and priority 3; to-me fills the user as recipient", async () => {
    const r = await t.call("GET", "/api/mails/v2/compose", { token: S.bobToken });
    expect(r.body).toMatchObject({ composeType: "DEFAULT", senderName: "Bob Colleague", senderEmail: "bob@alpha.test", priority: 3, to: [], eachSend: 0 });
    const me = await t.call("GET", "/api/mails/v2/compose?composeType=TOME", { token: S.bobToken });
    expect(me.body.to.map((e: { key: string }) => e.key)).toEqual(["bob@alpha.test"]);
  });

  test("resend prefills a sent mail with its recipients, Bcc included", async () => {
    const [sent] = (await mailsIn(t, alice, "SENT")).filter((m) => m.message.subject === "Quarterly plan");
    const r = await t.call("GET", `/api/mails/v2/resend/${sent.mail.id}`, { token: S.A.token });
    expect(r.status).toBe(200);
    expect(r.body.subject).toBe("Quarterly plan");
    expect(r.body.bcc.map((e: { key: string }) => e.key)).toEqual(["carol@alpha.test"]);
    expect(r.body.draftId).toBeNull();
  });
});

// Spam management over real SMTP conversations: a blocked sender's message lands in spam with a spam log
// entry; recovery brings it to the inbox; the allow list beats the user's block list (and a DMARC failure is
// not needed for that); the company's block list wins over the user's allow list and its mail cannot be
// unblocked, recovered or allowed; unsubscribe adds the sender; every code; another company's ids are 404.
import { beforeAll, describe, expect, test } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import { mailFolders, mails, mailSenderLists, users } from "../../../db/schema/index.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login, signupCompany } from "../../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "../smtp/support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let kim = { token: "", id: 0, address: "kim@spam-alpha.test" };

async function folderOf(mailId: number) {
  const [r] = await t.db.db.select({ type: mailFolders.folderType, spamReason: mails.spamReason, mailType: mails.mailType })
    .from(mails).innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).where(eq(mails.id, mailId));
  return r;
}

/** Sends one message from `from` to `to` over SMTP; answers the recipient's new mail id. */
async function arrive(from: string, to: string, subject: string, userId: number) {
  const raw = await compose({ from, to, subject, text: "body text that must never show in the spam log" });
  const r = await sendRaw(smtp.port, { from: /<(.+)>/.exec(from)?.[1] ?? from, to: [to] }, raw);
  expect(r.ok, r.response).toBe(true);
  const [m] = await t.db.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, userId)).orderBy(desc(mails.id)).limit(1);
  return m.id;
}

const call = (method: string, path: string, token: string, json?: unknown) => t.call(method, path, { token, json });
const log = async (token: string) => (await call("GET", "/api/spam/list", token)).body;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "spam-alpha.test" });
  B = await signupCompany(t, { domain: "spam-beta.test" });
  await adminApi(t).newUser(A.token, { loginId: "kim", accountName: "Kim" });
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, kim.address));
  kim = { ...kim, id: u.id, token: (await login(t, kim.address, USER_PASSWORD)).access_token };
});

describe("block list", () => {
  test("unsubscribe puts the sender on the block list; their next message lands in spam with a log entry", async () => {
    const r = await call("POST", "/api/spam/unsubscribe", kim.token, { sender: "  Deals@Shop.Example " });
    expect(r).toMatchObject({ status: 201, body: { kind: "BLOCK", pattern: "deals@shop.example", company: false } });
    expect((await call("POST", "/api/spam/unsubscribe", kim.token, { sender: "deals@shop.example" })).body.code).toBe("mail.sender_duplicate");
    expect((await call("POST", "/api/spam/unsubscribe", kim.token, { sender: "deals@shop.example" })).status).toBe(409);

    const id = await arrive("Shop <deals@shop.example>", kim.address, "Big sale", kim.id);
    expect(await folderOf(id)).toMatchObject({ type: "SPAM", spamReason: "BLOCK_LIST" });
    const page = await log(kim.token);
    expect(page).toMatchObject({ totalElements: 1, page: 0, pageSize: 20 });
    expect(page.content[0]).toMatchObject({
      adrFrom: "deals@shop.example", pattern: "deals@shop.example", subject: "Big sale", status: "BLOCKED", mailId: id, system: false,
    });
    expect(page.content[0].msgSize).toBeGreaterThan(100);

    const detail = await call("GET", `/api/spam/block/detail/${page.content[0].id}`, kim.token);
    expect(detail.status).toBe(200);
    expect(detail.body.mail).toMatchObject({ fromAddress: "deals@shop.example", subject: "Big sale", folderType: "SPAM", spamReason: "BLOCK_LIST" });
    expect(JSON.stringify(detail.body)).not.toContain("must never show");

    // Another sender of the same company is not blocked.
    expect(await folderOf(await arrive("info@shop.example", kim.address, "Receipt", kim.id))).toMatchObject({ type: "INBOX" });
  });

  test("the lists judge the parsed From even where the raw header does not plainly give it (ingest reads it early)", async () => {
    // smtp/ingest.ts loads the settings for the address it reads off the raw header and asks again when the parsed
    // sender differs: a comment after the address, a group, a name folded over lines.
    const forms = ["deals@shop.example (Deals)", "Shop:\r\n deals@shop.example;", "=?UTF-8?B?7IeB?=\r\n <deals@shop.example>"];
    for (const [i, from] of forms.entries()) {
      const raw = `From: ${from}\r\nTo: ${kim.address}\r\nSubject: Form ${i}\r\nMessage-ID: <form-${i}@shop.example>\r\n\r\nhello\r\n`;
      const r = await sendRaw(smtp.port, { from: "bounce@other.example", to: [kim.address] }, raw);
      expect(r.ok, r.response).toBe(true);
      const [m] = await t.db.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, kim.id)).orderBy(desc(mails.id)).limit(1);
      expect(await folderOf(m.id), from).toMatchObject({ type: "SPAM", spamReason: "BLOCK_LIST" });
      expect((await log(kim.token)).content[0], from).toMatchObject({ mailId: m.id, adrFrom: "deals@shop.example", pattern: "deals@shop.example" });
    }
  });

  test("a domain pattern blocks the domain and its subdomains, case-insensitively", async () => {
    expect((await call("POST", "/api/spam/senders", kim.token, { kind: "BLOCK", pattern: "@Spammy.Example" })).body.pattern).toBe("@spammy.example");
    expect(await folderOf(await arrive("a@mail.SPAMMY.example", kim.address, "Sub", kim.id))).toMatchObject({ type: "SPAM" });
    expect(await folderOf(await arrive("b@notspammy.example", kim.address, "Other", kim.id))).toMatchObject({ type: "INBOX" });
  });

  test("recovery moves the mail to the inbox as NORMAL and marks the entry RECOVERED", async () => {
    const entry = (await log(kim.token)).content.find((e: { subject: string }) => e.subject === "Big sale");
    const r = await call("POST", "/api/spam/recovery", kim.token, { ids: [entry.id] });
    expect(r).toMatchObject({ status: 200, body: { recovered: 1 } });
    expect(await folderOf(entry.mailId)).toMatchObject({ type: "INBOX", spamReason: null, mailType: "NORMAL" });
    expect((await call("GET", `/api/spam/block/detail/${entry.id}`, kim.token)).body.status).toBe("RECOVERED");
    // Again: nothing left to recover.
    expect((await call("POST", "/api/spam/recovery", kim.token, { ids: [entry.id] })).body.recovered).toBe(0);
  });

  test("the allow list beats the user's block list; allow from the log adds the sender and recovers", async () => {
    const id = await arrive("deals@shop.example", kim.address, "Second sale", kim.id);
    expect(await folderOf(id)).toMatchObject({ type: "SPAM" });
    const entry = (await log(kim.token)).content[0];
    expect(entry).toMatchObject({ subject: "Second sale", mailId: id });
    const r = await call("POST", "/api/spam/allow", kim.token, { ids: [entry.id] });
    expect(r).toMatchObject({ status: 200, body: { recovered: 1, allowed: 1 } });
    expect(await folderOf(id)).toMatchObject({ type: "INBOX", spamReason: null });
    const allow = (await call("GET", "/api/spam/senders?kind=ALLOW", kim.token)).body;
    expect(allow.senders.map((s: { pattern: string }) => s.pattern)).toEqual(["deals@shop.example"]);
    // Still on the block list, but the allow list wins.
    expect(await folderOf(await arrive("deals@shop.example", kim.address, "Third sale", kim.id))).toMatchObject({ type: "INBOX" });
  });

  test("removing the user's own entries; unknown or company ids answer 404", async () => {
    const block = (await call("GET", "/api/spam/senders?kind=BLOCK", kim.token)).body.senders;
    const domain = block.find((s: { pattern: string }) => s.pattern === "@spammy.example");
    expect((await call("DELETE", "/api/spam/senders", kim.token, { ids: [domain.id] })).status).toBe(204);
    expect((await call("DELETE", "/api/spam/senders", kim.token, { ids: [domain.id] })).status).toBe(404);
    expect(await folderOf(await arrive("c@spammy.example", kim.address, "Now welcome", kim.id))).toMatchObject({ type: "INBOX" });
  });
});

describe("company block list", () => {
  test("the admin's block list wins over the user's allow list; such mail is SYSTEM and stays blocked", async () => {
    expect((await call("POST", "/api/admin/mail/senders", kim.token, { pattern: "shop.example" })).status).toBe(403);
    const added = await call("POST", "/api/admin/mail/senders", A.token, { pattern: "shop.example" });
    expect(added).toMatchObject({ status: 201, body: { kind: "BLOCK", pattern: "@shop.example", company: true } });
    expect((await call("POST", "/api/admin/mail/senders", A.token, { pattern: "@shop.example" })).status).toBe(409);

    const id = await arrive("deals@shop.example", kim.address, "Policy", kim.id); // on kim's allow list
    expect(await folderOf(id)).toMatchObject({ type: "SPAM", spamReason: "SYSTEM" });
    const entry = (await log(kim.token)).content[0];
    expect(entry).toMatchObject({ subject: "Policy", pattern: "@shop.example", system: true });

    expect((await call("PATCH", `/api/mails/${id}/unblock`, kim.token)).body.code).toBe("mail.system_blocked");
    for (const path of ["/api/spam/recovery", "/api/spam/allow"]) {
      const r = await call("POST", path, kim.token, { ids: [entry.id] });
      expect([r.status, r.body.code], path).toEqual([403, "mail.system_blocked"]);
    }
    expect(await folderOf(id)).toMatchObject({ type: "SPAM", spamReason: "SYSTEM" });

    // Users see the company entry but cannot remove it.
    const list = (await call("GET", "/api/spam/senders?kind=BLOCK", kim.token)).body.senders;
    expect(list.find((s: { company: boolean }) => s.company)).toMatchObject({ id: added.body.id, pattern: "@shop.example" });
    expect((await call("DELETE", "/api/spam/senders", kim.token, { ids: [added.body.id] })).status).toBe(404);
    expect((await call("GET", "/api/admin/mail/senders", A.token)).body.senders).toHaveLength(1);
    expect((await call("DELETE", "/api/admin/mail/senders", A.token, { ids: [added.body.id] })).status).toBe(204);
    expect(await folderOf(await arrive("deals@shop.example", kim.address, "After policy", kim.id))).toMatchObject({ type: "INBOX" });
  });
});

describe("the company's own domains", () => {
  test("cannot go on the company block list, nor an address at them", async () => {
    for (const pattern of ["spam-alpha.test", "@SPAM-alpha.test", "kim@spam-alpha.test"]) {
      const r = await call("POST", "/api/admin/mail/senders", A.token, { pattern });
      expect([r.status, r.body.code], pattern).toEqual([400, "mail.sender_own_domain"]);
    }
    // Another company's domain, and a subdomain the company does not own, can.
    for (const pattern of ["spam-beta.test", "@news.spam-alpha.test"]) {
      expect((await call("POST", "/api/admin/mail/senders", A.token, { pattern })).status, pattern).toBe(201);
    }
    expect((await call("GET", "/api/admin/mail/senders", A.token)).body.senders.map((s: { pattern: string }) => s.pattern))
      .toEqual(["@spam-beta.test", "@news.spam-alpha.test"]);
    const ids = (await call("GET", "/api/admin/mail/senders", A.token)).body.senders.map((s: { id: number }) => s.id);
    expect((await call("DELETE", "/api/admin/mail/senders", A.token, { ids })).status).toBe(204);
  });

  test("a colleague's mail is not judged by the company block list, even an entry left from before", async () => {
    await t.db.db.insert(mailSenderLists).values({ companyId: A.companyId, userId: null, kind: "BLOCK", pattern: "@spam-alpha.test" });
    const sent = await t.call("POST", "/api/mails/v2/send", { token: A.token, json: { to: [kim.address], subject: "Colleague memo", content: "<p>x</p>" } });
    expect(sent.status).toBe(200);
    const [m] = await t.db.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, kim.id)).orderBy(desc(mails.id)).limit(1);
    expect(await folderOf(m.id)).toMatchObject({ type: "INBOX" });
    // From outside, the same pattern still applies (a forged From at the company's domain).
    const forged = await arrive("boss@spam-alpha.test", kim.address, "Forged boss", kim.id);
    expect(await folderOf(forged)).toMatchObject({ type: "SPAM", spamReason: "SYSTEM" });
    await t.db.db.delete(mailSenderLists).where(and(eq(mailSenderLists.companyId, A.companyId), isNull(mailSenderLists.userId)));
  });
});

describe("log deletion, codes and isolation", () => {
  test("DELETE maillog removes entries (204) and leaves the mails; codes for bad input", async () => {
    const before = await log(kim.token);
    const victim = before.content.find((e: { subject: string }) => e.subject === "Policy");
    expect((await call("DELETE", "/api/spam/maillog", kim.token, { ids: [victim.id] })).status).toBe(204);
    expect((await log(kim.token)).totalElements).toBe(before.totalElements - 1);
    expect(await folderOf(victim.mailId)).toMatchObject({ type: "SPAM" });
    expect((await call("DELETE", "/api/spam/maillog", kim.token, { ids: [victim.id] })).body.code).toBe("mail.spam_log_not_found");

    for (const sender of ["", "not an address", "a@b", "@", "x@-bad-.com"]) {
      const r = await call("POST", "/api/spam/unsubscribe", kim.token, { sender });
      expect([r.status, r.body.code], sender).toEqual([400, "mail.sender_invalid"]);
    }
    expect((await call("POST", "/api/spam/unsubscribe", kim.token, { sender: "KIM@spam-alpha.test" })).body.code).toBe("mail.sender_self");
    expect((await call("POST", "/api/spam/recovery", kim.token, { ids: [] })).body.code).toBe("mail.ids_required");
    expect((await call("POST", "/api/spam/senders", kim.token, { kind: "MAYBE", pattern: "a@b.co" })).status).toBe(400);
    expect((await call("GET", "/api/spam/list?pageSize=201", kim.token)).status).toBe(400);
    expect((await call("GET", "/api/spam/list", "")).status).toBe(401);
  });

  test("another company's user gets 404 for every id and sees nothing", async () => {
    const entry = (await log(kim.token)).content[0];
    const own = (await call("GET", "/api/spam/senders?kind=BLOCK", kim.token)).body.senders.find((s: { company: boolean }) => !s.company);
    expect((await log(B.token)).totalElements).toBe(0);
    expect((await call("GET", "/api/spam/senders?kind=BLOCK", B.token)).body.senders).toEqual([]);
    expect((await call("GET", `/api/spam/block/detail/${entry.id}`, B.token)).status).toBe(404);
    for (const path of ["/api/spam/recovery", "/api/spam/allow"]) {
      expect((await call("POST", path, B.token, { ids: [entry.id] })).status, path).toBe(404);
    }
    expect((await call("DELETE", "/api/spam/maillog", B.token, { ids: [entry.id] })).status).toBe(404);
    expect((await call("DELETE", "/api/spam/senders", B.token, { ids: [own.id] })).status).toBe(404);
    // The admin of A does not see kim's log either (each user's own).
    expect((await call("GET", `/api/spam/block/detail/${entry.id}`, A.token)).status).toBe(404);
    // A's company list does not reach B's users.
    await call("POST", "/api/admin/mail/senders", A.token, { pattern: "@partner.example" });
    const [b] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, B.username));
    const id = await arrive("x@partner.example", B.username, "Cross", b.id);
    expect(await folderOf(id)).toMatchObject({ type: "INBOX" });
    const [row] = await t.db.db.select().from(mails).where(and(eq(mails.id, id), eq(mails.userId, b.id)));
    expect(row.spamReason).toBeNull();
  });
});

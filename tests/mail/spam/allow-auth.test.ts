// The allow list never overrides DMARC (its From can be forged): an allowed sender failing DMARC under
// p=reject still lands in SPAM as AUTH_FAIL, and "allow" refuses such log entries (409
// mail.spam_auth_fail_allow). The spam log is written in the filing transaction: it is there as soon as the
// SMTP 250 (or the colleague's send) is answered. The block/allow lists are loaded only for the patterns that
// can match the sender (inbound/settings.ts), with exactly the verdicts of the full lists.
import { beforeAll, describe, expect, test } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { mailFolders, mails, mailSenderLists, mailSpamLog, users } from "../../../db/schema/index.ts";
import { loadInboundSettings } from "../../../server/modules/mail/inbound/settings.ts";
import { senderListVerdict, senderMatches, senderPatternsFor } from "../../../server/modules/mail/inbound/sender-lists.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login, signupCompany } from "../../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "../smtp/support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({
  "forged.test": ["v=spf1 ip4:192.0.2.10 -all"],
  "_dmarc.forged.test": ["v=DMARC1; p=reject"],
}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let lee = { token: "", id: 0, address: "lee@allow-auth.test" };
let companyId = 0;

const call = (method: string, path: string, token: string, json?: unknown) => t.call(method, path, { token, json });

async function latestMail(userId: number) {
  const [r] = await t.db.db.select({ id: mails.id, type: mailFolders.folderType, spamReason: mails.spamReason }).from(mails)
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).where(eq(mails.userId, userId)).orderBy(desc(mails.id)).limit(1);
  return r;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "allow-auth.test" });
  await adminApi(t).newUser(A.token, { loginId: "lee", accountName: "Lee" });
  const [u] = await t.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, lee.address));
  lee = { ...lee, id: u.id, token: (await login(t, lee.address, USER_PASSWORD)).access_token };
  companyId = u.companyId;
  await t.call("GET", "/api/folders", { token: lee.token });
});

describe("allow list and DMARC", () => {
  test("an allowed sender failing DMARC (p=reject) still lands in SPAM as AUTH_FAIL, logged at once", async () => {
    expect((await call("POST", "/api/spam/senders", lee.token, { kind: "ALLOW", pattern: "@forged.test" })).status).toBe(201);
    const raw = await compose({ from: "ceo@forged.test", to: lee.address, subject: "Wire money", text: "urgent" });
    const r = await sendRaw(smtp.port, { from: "ceo@forged.test", to: [lee.address] }, raw);
    expect(r.ok, r.response).toBe(true);
    const mail = await latestMail(lee.id);
    expect(mail).toMatchObject({ type: "SPAM", spamReason: "AUTH_FAIL" });
    // Written with the mail, not after: no waiting.
    const rows = await t.db.db.select().from(mailSpamLog).where(and(eq(mailSpamLog.userId, lee.id), eq(mailSpamLog.mailId, mail.id)));
    expect(rows).toMatchObject([{ pattern: "AUTH_FAIL", adrFrom: "ceo@forged.test", subject: "Wire money", status: "BLOCKED" }]);
  });

  test("allow refuses an AUTH_FAIL entry (409 mail.spam_auth_fail_allow); nothing changes; recovery still works", async () => {
    const entry = (await call("GET", "/api/spam/list", lee.token)).body.content.find((e: { subject: string }) => e.subject === "Wire money");
    const r = await call("POST", "/api/spam/allow", lee.token, { ids: [entry.id] });
    expect({ status: r.status, code: r.body.code }).toEqual({ status: 409, code: "mail.spam_auth_fail_allow" });
    const allow = (await call("GET", "/api/spam/senders?kind=ALLOW", lee.token)).body.senders.map((s: { pattern: string }) => s.pattern);
    expect(allow).toEqual(["@forged.test"]);
    expect(await latestMail(lee.id)).toMatchObject({ type: "SPAM" });
    expect((await call("POST", "/api/spam/recovery", lee.token, { ids: [entry.id] })).body).toEqual({ recovered: 1 });
  });

  test("a colleague's mail blocked by the recipient: the spam log is there when the send answers", async () => {
    expect((await call("POST", "/api/spam/senders", lee.token, { kind: "BLOCK", pattern: A.username })).status).toBe(201);
    const sent = await t.call("POST", "/api/mails/v2/send", { token: A.token, json: { to: [lee.address], subject: "Blocked memo", content: "<p>x</p>" } });
    expect(sent.status).toBe(200);
    const mail = await latestMail(lee.id);
    expect(mail).toMatchObject({ type: "SPAM", spamReason: "BLOCK_LIST" });
    const rows = await t.db.db.select().from(mailSpamLog).where(eq(mailSpamLog.mailId, mail.id));
    expect(rows).toMatchObject([{ userId: lee.id, pattern: A.username, adrFrom: A.username, subject: "Blocked memo" }]);
  });
});

describe("sender lists loaded for the sender only", () => {
  const patterns = [
    "a@b.example", "A@B.example", "@b.example", "b.example", "@example", "example", "@x.b.example", "x.b.example",
    "@mail.x.b.example", "@other.example", "c@b.example", "a@x.b.example", "@", "@b.example.org", "ample",
  ];
  const addresses = ["a@b.example", "a@x.b.example", "a@mail.x.b.example", "A@X.B.Example", "nobody@elsewhere.test", "b.example", "a@", "x@b.example."];

  test("senderPatternsFor lists exactly the (normalised) patterns senderMatches accepts", () => {
    for (const a of addresses) {
      const wanted = senderPatternsFor(a);
      for (const p of patterns) {
        expect({ a, p, listed: wanted.includes(p.trim().toLowerCase()) }).toEqual({ a, p, listed: senderMatches(p, a) });
      }
    }
  });

  test("one query loads only the matching entries; the verdict equals the full lists' (subdomains too)", async () => {
    const noise = Array.from({ length: 600 }, (_, i) => ({ companyId, userId: i % 2 ? lee.id : null, kind: i % 3 ? "BLOCK" : "ALLOW", pattern: `n${i}@noise${i}.example` }));
    const wanted = [
      { companyId, userId: lee.id, kind: "BLOCK", pattern: "@deep.example" },
      { companyId, userId: null, kind: "BLOCK", pattern: "sub.deep.example" },
      { companyId, userId: lee.id, kind: "ALLOW", pattern: "boss@mail.sub.deep.example" },
      { companyId, userId: lee.id, kind: "BLOCK", pattern: "@mail.sub.deep.example" },
    ];
    await t.db.db.insert(mailSenderLists).values([...noise, ...wanted, { companyId, userId: lee.id, kind: "BLOCK", pattern: "@eep.example" }]);
    const sender = "Boss@Mail.Sub.Deep.Example";
    const settings = (await loadInboundSettings(t.db.sql, [lee.id], sender)).get(lee.id)!;
    const got = settings.senderLists.map((e) => `${e.kind}:${e.pattern}:${e.company}`).sort();
    expect(got).toEqual(wanted.map((e) => `${e.kind}:${e.pattern}:${e.userId === null}`).sort());
    // The same verdict as over everything the user and company have.
    const all = (await t.db.db.select().from(mailSenderLists).where(eq(mailSenderLists.companyId, companyId)))
      .filter((r) => r.userId === null || r.userId === lee.id)
      .map((r) => ({ kind: r.kind as "BLOCK" | "ALLOW", pattern: r.pattern, company: r.userId === null }));
    expect(all.length).toBeGreaterThan(600);
    for (const from of [sender, "x@deep.example", "y@other.sub.deep.example", "z@eep.example", "q@noise7.example", "n7@noise7.example"]) {
      const loaded = (await loadInboundSettings(t.db.sql, [lee.id], from)).get(lee.id)!.senderLists;
      expect({ from, verdict: senderListVerdict(loaded, from) }).toEqual({ from, verdict: senderListVerdict(all, from) });
    }
    expect(senderListVerdict(settings.senderLists, sender)).toMatchObject({ kind: "BLOCK", spamReason: "SYSTEM" });
    // No sender at all: no entries.
    expect((await loadInboundSettings(t.db.sql, [lee.id], "")).get(lee.id)!.senderLists).toEqual([]);
  });
});

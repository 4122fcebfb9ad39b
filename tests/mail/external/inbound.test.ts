// Mail fetched from an external account (a real dovecot, over IMAP and POP3) goes through the same inbound
// decisions as mail arriving over SMTP: the company block list and the user's block list put it in spam (with
// its spam-log entry), the user's allow list wins over the user's block list, the auto-sort rules move it to
// their folder, the smart mailbox classifies it — and the account's tag is on it wherever it lands. Forwarding
// and the away reply are not run for fetched mail.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailAwayReplies, mailFolders, mailMessages, mails, mailSpamLog } from "../../../db/schema/index.ts";
import { whenFollowUpsDone } from "../../../server/modules/mail/inbound/after.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, fetchNow, message } from "./helpers.ts";

const t = await createTestApp();
const d = await dovecotFor(["in-imap@mail.example", "in-pop@mail.example"]);
let A: Co;
let projects = 0;

const call = async (method: string, path: string, json?: Record<string, unknown>) => await t.call(method, path, { token: A.token, json });

/** Where the mail of this subject was filed for A: folder type and id, tags, spam reason, category. */
async function filed(subject: string) {
  const rows = await t.db.db.select({
    folderType: mailFolders.folderType, folderId: mails.folderId, tags: mails.tags, spamReason: mails.spamReason, category: mails.category,
  }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(and(eq(mails.userId, A.userId), eq(mailMessages.subject, subject)));
  expect(rows).toHaveLength(1);
  return rows[0];
}

function bulk(subject: string): string {
  return message(subject, "news@deals.example").replace("MIME-Version:", "List-Unsubscribe: <mailto:off@deals.example>\r\nMIME-Version:");
}

beforeAll(async () => {
  A = await company(t, "ext-inbound.test");
  expect((await call("GET", "/api/folders")).status).toBe(200);
  projects = (await call("POST", "/api/folders", { folderType: "PRIVATE", nameFolder: "Projects" })).body.id;
  expect((await call("POST", "/api/admin/mail/senders", { pattern: "@policy-blocked.example" })).status).toBe(201);
  expect((await call("POST", "/api/spam/senders", { kind: "BLOCK", pattern: "@user-blocked.example" })).status).toBe(201);
  expect((await call("POST", "/api/spam/senders", { kind: "BLOCK", pattern: "@mixed.example" })).status).toBe(201);
  expect((await call("POST", "/api/spam/senders", { kind: "ALLOW", pattern: "friend@mixed.example" })).status).toBe(201);
  expect((await call("POST", "/api/mail/config/rule", { conditionOptions: { From: ["boss@partner.example"] }, processOptions: { folderId: projects } })).status)
    .toBe(201);
  expect((await call("PUT", "/api/mail/config/smartMailbox", { smartMailbox: true, classifyPromotion: true, classifySocial: true })).status).toBe(200);
  const now = t.clock.now().getTime();
  expect((await call("PUT", "/api/mail/config/away", { useAway: true, startTimeMillis: now - 3_600_000, endTimeMillis: now + 86_400_000, contents: "Away." }))
    .status).toBe(200);
});

describe("fetched mail takes the inbound decisions", () => {
  for (const protocol of ["IMAP", "POP3"] as const) {
    test(`${protocol}: block lists, allow list, rules and smart mailbox decide the folder; the tag stays`, async () => {
      const box = protocol === "IMAP" ? "in-imap@mail.example" : "in-pop@mail.example";
      const tag = `${protocol.toLowerCase()}_in`;
      const s = (x: string) => `${protocol} ${x}`;
      await d.deliver(box, message(s("policy"), "ads@policy-blocked.example"));
      await d.deliver(box, message(s("user block"), "ads@user-blocked.example"));
      await d.deliver(box, message(s("allowed"), "friend@mixed.example"));
      await d.deliver(box, message(s("rule"), "boss@partner.example"));
      await d.deliver(box, bulk(s("promotion")));
      await d.deliver(box, message(s("plain"), "someone@fine.example"));
      const r = await call("POST", "/api/mail/config/external", accountBody(d, box, protocol, { tag }));
      expect([r.status, r.body.authStatus]).toEqual([201, "AUTH_SUCCESS"]);
      expect(await fetchNow(t, A, r.body.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 6 });

      expect(await filed(s("policy"))).toMatchObject({ folderType: "SPAM", spamReason: "SYSTEM", tags: [tag] });
      expect(await filed(s("user block"))).toMatchObject({ folderType: "SPAM", spamReason: "BLOCK_LIST", tags: [tag] });
      expect(await filed(s("allowed"))).toMatchObject({ folderType: "INBOX", spamReason: null, tags: [tag] });
      expect(await filed(s("rule"))).toMatchObject({ folderId: projects, tags: [tag] });
      expect(await filed(s("promotion"))).toMatchObject({ folderType: "SMART", category: "PROMOTION", tags: [tag] });
      expect(await filed(s("plain"))).toMatchObject({ folderType: "INBOX", category: null, tags: [tag] });

      // The spam log has the blocked ones, as for SMTP mail.
      const log = await t.db.db.select({ pattern: mailSpamLog.pattern, subject: mailSpamLog.subject }).from(mailSpamLog)
        .where(eq(mailSpamLog.userId, A.userId));
      expect(log).toEqual(expect.arrayContaining([
        { pattern: "@policy-blocked.example", subject: s("policy") },
        { pattern: "@user-blocked.example", subject: s("user block") },
      ]));
      // The tag folder lists the fetched mail wherever it was filed.
      const listed = await t.call("GET", `/api/mails?folderId=t_${tag}`, { token: A.token });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain(s("rule"));
    });
  }

  test("no away reply (nor any follow-up) for fetched mail", async () => {
    expect(await whenFollowUpsDone(t.deps)).toBe(true);
    expect(await t.db.db.select().from(mailAwayReplies).where(eq(mailAwayReplies.userId, A.userId))).toEqual([]);
  });
});

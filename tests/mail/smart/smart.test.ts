// The smart mailbox over real SMTP: with it on, a newsletter (List-Unsubscribe) lands in SMART as PROMOTION
// and a social network's notification as SOCIAL; a class that is off, or the whole mailbox off, leaves mail
// in the inbox; the clean-up job moves an 8-day-old categorised mail to the trash and leaves a 6-day-old one.
import { beforeAll, describe, expect, test } from "vitest";
import { desc, eq } from "drizzle-orm";
import { mailFolders, mails, users } from "../../../db/schema/index.ts";
import { trashOldSmartMail } from "../../../server/modules/mail/inbound/smart-cleanup.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "../smtp/support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let uid = 0;

async function arrive(from: string, subject: string, headers: Record<string, string> = {}) {
  const raw = await compose({ from, to: A.username, subject, text: "Hello", headers });
  const r = await sendRaw(smtp.port, { from, to: [A.username] }, raw);
  expect(r.ok, r.response).toBe(true);
  const [m] = await t.db.db.select({ type: mailFolders.folderType, category: mails.category, id: mails.id }).from(mails)
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).where(eq(mails.userId, uid)).orderBy(desc(mails.id)).limit(1);
  return m;
}
const smart = (json: Record<string, unknown>) => t.call("PUT", "/api/mail/config/smartMailbox", { token: A.token, json });
const newsletter = { "List-Unsubscribe": "<mailto:leave@news.example>", "List-Id": "Weekly <weekly.news.example>" };

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smart-alpha.test" });
  [{ id: uid }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
});

describe("classification on arrival", () => {
  test("off (the default): a newsletter stays in the inbox", async () => {
    expect(await arrive("news@news.example", "Weekly 1", newsletter)).toMatchObject({ type: "INBOX", category: null });
  });

  test("on: a newsletter goes to SMART as PROMOTION, a social notification as SOCIAL, other mail to the inbox", async () => {
    expect((await smart({ smartMailbox: true, classifyPromotion: true, classifySocial: true })).status).toBe(200);
    expect(await arrive("news@news.example", "Weekly 2", newsletter)).toMatchObject({ type: "SMART", category: "PROMOTION" });
    expect(await arrive("bulk@deals.example", "Bulk", { Precedence: "bulk" })).toMatchObject({ type: "SMART", category: "PROMOTION" });
    expect(await arrive("notification@facebookmail.com", "You have a friend request")).toMatchObject({ type: "SMART", category: "SOCIAL" });
    expect(await arrive("messages-noreply@linkedin.com", "New message", newsletter)).toMatchObject({ type: "SMART", category: "SOCIAL" });
    expect(await arrive("friend@naver.com", "Lunch?")).toMatchObject({ type: "INBOX", category: null });
    expect(await arrive("partner@partner.example", "Contract")).toMatchObject({ type: "INBOX", category: null });
    const tree = (await t.call("GET", "/api/folders", { token: A.token })).body as { folderType: string; totalCount: number }[];
    expect(tree.find((f) => f.folderType === "SMART")).toMatchObject({ totalCount: 4 });
  });

  test("a class that is off leaves its mail in the inbox", async () => {
    await smart({ classifySocial: false });
    expect(await arrive("notification@facebookmail.com", "Another request")).toMatchObject({ type: "INBOX", category: null });
    expect(await arrive("news@news.example", "Weekly 3", newsletter)).toMatchObject({ type: "SMART", category: "PROMOTION" });
    await smart({ smartMailbox: false });
    expect(await arrive("news@news.example", "Weekly 4", newsletter)).toMatchObject({ type: "INBOX", category: null });
  });
});

describe("clean-up after 7 days", () => {
  test("an 8-day-old categorised mail moves to the trash; a 6-day-old one stays", async () => {
    const folders = await systemFolders(t.db.db, A.companyId, uid);
    const day = 86_400_000;
    const file = async (ageDays: number, n: number) => {
      const raw = new TextEncoder().encode(`From: news@news.example\r\nTo: ${A.username}\r\nSubject: Old ${n}\r\nList-Unsubscribe: <mailto:x@news.example>\r\n\r\nHi\r\n`);
      const r = await fileMessage(t.deps, {
        companyId: A.companyId, raw, receivedAt: new Date(t.clock.now().getTime() - ageDays * day),
        targets: [{ userId: uid, folder: "SMART", category: "PROMOTION" }],
      });
      return r.mails[0].mailId;
    };
    const old = await file(8, 1);
    const young = await file(6, 2);
    const moved = await trashOldSmartMail(t.deps);
    expect(moved).toBeGreaterThanOrEqual(1);
    const row = async (id: number) => (await t.db.db.select().from(mails).where(eq(mails.id, id)))[0];
    expect(await row(old)).toMatchObject({ folderId: folders.DELETED, prevFolderId: folders.SMART, category: null });
    expect(await row(young)).toMatchObject({ folderId: folders.SMART, category: "PROMOTION" });
    expect(await trashOldSmartMail(t.deps)).toBe(0);
    // Two days later the young one goes too.
    t.clock.advance(2 * day);
    expect(await trashOldSmartMail(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await row(young)).toMatchObject({ folderId: folders.DELETED, category: null });
  });
});

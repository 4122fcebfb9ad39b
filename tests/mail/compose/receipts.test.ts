// Read receipts for recipients in the sender's company: per-recipient status (unread, read, failed,
// cancelled), paging by status, cancelling one unread recipient (their copy goes) or all, and 404 for another
// user's mail. A recipient in another company on this server is as external as any: no receipt, and their
// copy can never be removed by the sender.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mails } from "../../../db/schema/index.ts";
import { mailTopic, type ServerFrame } from "../../../shared/realtime.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { open, serve, subscribe } from "../../realtime/support.ts";
import { mailsIn, twoCompanies } from "./helpers.ts";

const t = await createTestApp();
const { ws } = serve(t.app);
let S: Awaited<ReturnType<typeof twoCompanies>>;
let sentId = 0;

beforeAll(async () => {
  S = await twoCompanies(t);
  await adminApi(t).newUser(S.A.token, { loginId: "dan", accountName: "Dan Colleague" });
  const r = await t.call("POST", "/api/mails/v2/send", {
    token: S.A.token,
    json: { to: ["Bob Colleague <bob@alpha.test>", "carol@alpha.test", "ghost@alpha.test", "ext@remote.example"], cc: ["admin@beta.test", "dan@alpha.test"], subject: "Tracked" },
  });
  expect(r.status).toBe(200);
  sentId = r.body.mailIds[0];
});

describe("read receipts", () => {
  test("every local recipient has a receipt: unread, or failed with the reason; external ones have none", async () => {
    const r = await t.call("GET", `/api/mail/${sentId}/receipt`, { token: S.A.token });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(4);
    expect(r.body.counts).toEqual({ UNREAD: 3, READ: 0, CANCELED: 0, FAILED: 1 });
    expect(r.body.receipts.map((x: { address: string; receiptStatus: string; cancelable: boolean }) => [x.address, x.receiptStatus, x.cancelable]))
      .toEqual([
        ["bob@alpha.test", "UNREAD", true],
        ["carol@alpha.test", "UNREAD", true],
        ["ghost@alpha.test", "FAILED", false],
        ["dan@alpha.test", "UNREAD", true],
      ]);
    expect(r.body.receipts[0].name).toBe("Bob Colleague");
    // Written as a bare address: the colleague's account name; an unknown address has none.
    expect(r.body.receipts[1].name).toBe("Carol Colleague");
    expect(r.body.receipts[2].name).toBe("");
    expect(r.body.receipts[2].replyCode).toBe("NO_SUCH_USER");
  });

  test("reading shows as READ with the read time, and is no longer cancelable", async () => {
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    t.clock.advance(60_000);
    const readAt = t.clock.now();
    await t.db.db.update(mails).set({ read: true, readAt }).where(eq(mails.id, bobMail.mail.id));
    const page = await t.call("GET", `/api/mail/receipt/${sentId}?receiptStatus=READ&page=0&pageSize=5`, { token: S.A.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalElements: 1, totalPages: 1 });
    expect(page.body.content[0]).toMatchObject({ address: "bob@alpha.test", receiptStatus: "READ", cancelable: false, updateTimeMillis: readAt.getTime() });
    const unread = await t.call("GET", `/api/mail/receipt/${sentId}?receiptStatus=UNREAD&pageSize=1&page=1`, { token: S.A.token });
    expect(unread.body).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(unread.body.content.map((x: { address: string }) => x.address)).toEqual(["dan@alpha.test"]);
  });

  test("cancelling one unread recipient removes their copy; a read one is 409", async () => {
    const read = await t.call("PUT", `/api/mail/receipt/${sentId}`, { token: S.A.token, form: { targetAddress: "bob@alpha.test" } });
    expect(read.status).toBe(409);
    expect(read.body.code).toBe("mail.receipt_not_cancelable");
    expect((await mailsIn(t, "bob@alpha.test", "INBOX")).length).toBe(1);

    const r = await t.call("PUT", `/api/mail/receipt/${sentId}`, { token: S.A.token, form: { targetAddress: "carol@alpha.test" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ canceled: 1 });
    expect(await mailsIn(t, "carol@alpha.test", "INBOX")).toEqual([]);
    const again = await t.call("PUT", `/api/mail/receipt/${sentId}`, { token: S.A.token, form: { targetAddress: "carol@alpha.test" } });
    expect(again.status).toBe(409);
    const unknown = await t.call("PUT", `/api/mail/receipt/${sentId}`, { token: S.A.token, form: { targetAddress: "nobody@alpha.test" } });
    expect(unknown.status).toBe(404);
  });

  test("cancelling all removes every unread copy and leaves read ones; the recipient's open pages are told", async () => {
    // Dan's browser, on his mail topic: his open list and counts must drop the mail without a reload.
    const [danCopy] = await mailsIn(t, "dan@alpha.test", "INBOX");
    const browser = await open(ws, (await login(t, "dan@alpha.test", USER_PASSWORD)).access_token);
    await subscribe(t.deps, browser, mailTopic("dan@alpha.test"));
    const r = await t.call("PUT", `/api/mail/receipt/${sentId}/all`, { token: S.A.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ canceled: 1 });
    expect(await mailsIn(t, "dan@alpha.test", "INBOX")).toEqual([]);
    const told = await browser.next((f: ServerFrame) => f.type === "MESSAGE" && f.event === "MAIL_CHANGED");
    expect(told).toMatchObject({ topic: mailTopic("dan@alpha.test"), data: { folderIds: String(danCopy.mail.folderId) } });
    browser.close();
    expect((await mailsIn(t, "bob@alpha.test", "INBOX")).length).toBe(1);
    // The other company's recipient keeps the mail: it was never the sender's to take back.
    expect((await mailsIn(t, "admin@beta.test", "INBOX")).map((m) => m.message.subject)).toEqual(["Tracked"]);
    const other = await t.call("PUT", `/api/mail/receipt/${sentId}`, { token: S.A.token, form: { targetAddress: "admin@beta.test" } });
    expect(other.status).toBe(404);
    expect((await mailsIn(t, "admin@beta.test", "INBOX")).length).toBe(1);
    const summary = await t.call("GET", `/api/mail/${sentId}/receipt`, { token: S.A.token });
    expect(summary.body.counts).toEqual({ UNREAD: 0, READ: 1, CANCELED: 2, FAILED: 1 });
  });

  test("another user's mail, or a recipient's copy, is 404", async () => {
    const [bobMail] = await mailsIn(t, "bob@alpha.test", "INBOX");
    for (const [token, id] of [[S.B.token, sentId], [S.bobToken, sentId], [S.A.token, bobMail.mail.id]] as const) {
      expect((await t.call("GET", `/api/mail/${id}/receipt`, { token })).status).toBe(404);
      expect((await t.call("GET", `/api/mail/receipt/${id}`, { token })).status).toBe(404);
      expect((await t.call("PUT", `/api/mail/receipt/${id}/all`, { token })).status).toBe(404);
    }
    expect((await t.call("GET", `/api/mail/${sentId}/receipt`)).status).toBe(401);
    expect((await t.call("GET", `/api/mail/receipt/${sentId}?receiptStatus=WHATEVER`, { token: S.A.token })).status).toBe(400);
  });
});
